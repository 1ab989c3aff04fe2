"""Team standings per section and combined (competition.md): players' points summed per round,
then the team tie-breaks over the same data."""

from dataclasses import dataclass

from django.db.models import Q

from tournaments.models import Result, Team, Tournament
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
    """One TeamGame per team member and counted round of the section; a game's score counts
    when it is known (a game imported from a TRF file has none)."""
    for history in table.history.players:
        player = table.players[history.number]
        if player.team_id is None:
            continue
        for number, record in enumerate(history.rounds[: table.after_round], start=1):
            score = record.game_score
            yield TeamGame(
                section=table.section.slug,
                team=player.team_id,
                player=player.pk,
                round=number,
                points=record.points,
                seeds=None if score is None else score[0],
                lost=score is not None and record.points == 0,
            )
