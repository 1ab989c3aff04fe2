"""Team standings per section and combined (competition.md): players' points summed per round,
then the team tie-breaks over the same data."""

from dataclasses import dataclass

from django.db.models import Q

from tournaments.models import Result, Seat, Team, Tournament
from tournaments.services.history import section_scoring
from tournaments.services.standings import SectionStandings, section_standings, shared_places
from tournaments.tiebreaks.teams import TeamGame, TeamStandings, individual_codes, team_standings


@dataclass
class TeamTables:
    tournament: Tournament
    sections: list[tuple[SectionStandings, TeamStandings]]
    combined: TeamStandings
    teams: dict[int, Team]
    # True when a team member's game has no known game score (imported from TRF): the
    # tie-breaks over game scores (lost games, seeds) then count only the known ones.
    scores_incomplete: bool = False

    def rows(self, table: TeamStandings):
        """(place text, team, values in tie-break order, points per round) in rank order."""
        places = shared_places([row.rank for row in table.rows])
        for place, row in zip(places, table.rows, strict=True):
            yield (
                place,
                self.teams[row.team],
                [row.values[c] for c in table.tiebreaks],
                row.round_points,
            )


def team_tables(tournament: Tournament) -> TeamTables:
    order = tournament.team_tiebreak_codes
    teams = {team.pk: team for team in tournament.teams.all()}
    games: list[TeamGame] = []
    individual: dict[int, dict] = {}
    per_section = []
    for section in tournament.sections.all():
        table = section_standings(section, extra_tiebreaks=individual_codes(order))
        # A player stored with another tournament's team (before the registration service
        # refused it) counts for no team here.
        section_games = [game for game in _team_games(table) if game.team in teams]
        games.extend(section_games)
        for row in table.standings.rows:
            individual[table.players[row.id].pk] = row.values
        per_section.append((table, section_games))
    sections = [
        (table, team_standings(section_games, individual, order))
        for table, section_games in per_section
    ]
    teams = {team.pk: team for team in tournament.teams.all()}
    incomplete = (
        Result.objects.filter(pairing__round__section__tournament=tournament, score_unknown=True)
        .filter(Q(pairing__south__team__isnull=False) | Q(pairing__north__team__isnull=False))
        .exists()
    )
    return TeamTables(
        tournament, sections, team_standings(games, individual, order), teams, incomplete
    )


def _team_games(table: SectionStandings):
    """One TeamGame per team member and counted round of the section."""
    scoring = section_scoring(table.section)
    seeds = _game_scores(table)
    for trf_player in table.history.players:
        player = table.players[trf_player.pairing_number]
        if player.team_id is None:
            continue
        for number, cell in enumerate(trf_player.rounds[: table.after_round], start=1):
            own, lost = seeds.get((player.pk, number), (None, False))
            yield TeamGame(
                section=table.section.slug,
                team=player.team_id,
                player=player.pk,
                round=number,
                points=cell.points(scoring),
                seeds=own,
                lost=lost,
            )


def _game_scores(table: SectionStandings) -> dict[tuple[int, int], tuple[int, bool]]:
    """(player id, round) -> (the player's game score in seeds, whether he lost that game)."""
    seats = (
        Seat.objects.filter(
            round__section=table.section,
            round__number__lte=table.after_round,
            pairing__result__south_seeds__isnull=False,
        )
        .exclude(side=Seat.Side.BYE)
        .values_list(
            "player_id",
            "round__number",
            "side",
            "pairing__result__south_seeds",
            "pairing__result__north_seeds",
            "pairing__result__south_points",
            "pairing__result__north_points",
        )
    )
    scores = {}
    for player_id, number, side, south_seeds, north_seeds, south_points, north_points in seats:
        south = side == Seat.Side.SOUTH
        own = south_seeds if south else north_seeds
        points = south_points if south else north_points
        scores[(player_id, number)] = (own, points == 0)
    return scores
