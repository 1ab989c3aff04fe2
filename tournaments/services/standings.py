"""Standings of a section as the public pages and the API show them.

The database is read in a fixed number of queries (see `history.py`); the ranking itself is the
plain-Python tie-break core, reading the section's history.
"""

from collections import Counter
from dataclasses import dataclass
from decimal import Decimal

from tournaments.history import SectionHistory
from tournaments.models import Player, Round, Section
from tournaments.services import rating_source
from tournaments.services.history import section_history
from tournaments.tiebreaks import Standings, records_from_history, standings_from_history
from tournaments.tiebreaks.crosstable import CrosstableRow, crosstable
from tournaments.trf import Player as TrfPlayer
from tournaments.trf import Tournament as TrfTournament
from tournaments.trf.fitting import add_tiebreaks, fitted_name, fitted_rating, fitted_team
from tournaments.trf.history import announce_byes, round_cell, write_history
from tournaments.trf.model import Team as TrfTeam


@dataclass
class SectionStandings:
    section: Section
    after_round: int
    standings: Standings
    players: dict[int, Player]  # by pairing number
    history: SectionHistory

    def rows(self):
        """(place text, player, values in tie-break order) in rank order."""
        rows = self.standings.rows
        for place, row in zip(shared_places([row.rank for row in rows]), rows, strict=True):
            yield (
                place,
                self.players[row.id],
                [row.values[code] for code in self.standings.tiebreaks],
            )


def shared_places(ranks: list[int]) -> list[str]:
    """Places as tables print them: '4' alone, '4-5' for two players sharing rank 4."""
    sharing = Counter(ranks)
    return [
        str(rank) if sharing[rank] == 1 else f"{rank}-{rank + sharing[rank] - 1}" for rank in ranks
    ]


def completed_round_count(section: Section) -> int:
    """Rounds whose every game has a result: the standings are shown after the last of them."""
    last = section.rounds.filter(status=Round.Status.COMPLETED).order_by("-number").first()
    return last.number if last else 0


def section_standings(
    section: Section, after_round: int | None = None, *, extra_tiebreaks: list[str] = ()
) -> SectionStandings:
    """The section ranked by the tournament's tie-breaks after `after_round` (default: the last
    completed round). `extra_tiebreaks` are computed too, after the others, for callers that
    need more values than the ranking shows (team tables sum the players' Buchholz)."""
    if after_round is None:
        after_round = completed_round_count(section)
    history = section_history(section, after_round)
    codes = section.tournament.tiebreak_codes
    codes += [code for code in extra_tiebreaks if code not in codes]
    standings = standings_from_history(history, codes)
    players = {p.pairing_number: p for p in section.players.select_related("team")}
    return SectionStandings(section, after_round, standings, players, history)


def section_points(section: Section, after_round: int) -> dict[int, Decimal]:
    """Pairing number -> points after `after_round`, without ranking or tie-breaks."""
    history = section_history(section, after_round)
    completed = history.rounds_completed
    return {player.number: player.points_after(completed) for player in history.players}


def section_crosstable(table: SectionStandings) -> list[tuple[Player, CrosstableRow]]:
    """Crosstable rows in rank order, each with its player."""
    history = table.history
    rows = crosstable(records_from_history(history), table.standings, history.scoring)
    return [(table.players[row.id], row) for row in rows]


def section_trf(
    section: Section, *, private: bool = False, team_records: bool = True
) -> TrfTournament:
    """The section's completed rounds as a TRF file for other programs (docs/trf.md): the
    rank column filled from the standings (ties share a rank) and the `202` line listing the
    tie-breaks that decide between players on equal points.

    The column of the round to pair next (when there is one) announces who will not be paired
    in it: a requested bye, a withdrawal, a late entry not yet arrived, written as pairing
    programs read them (`0000 - H`, `Z`, `F`) and as TRF26 `240` records, so that a program
    pairs that round from the file exactly as the product does. Team-mates kept apart are
    written as `XXP` lines, which pairing programs read, and the teams as TRF26 `310` records
    (unless `team_records` is false: bbpPairings refuses a file with team records).

    The players' identity numbers and birth dates are personal data: written only when
    `private` (an arbiter of the tournament asks), blank otherwise."""
    table = section_standings(section)
    tournament = section.tournament
    # The current rating list's rating and TRF id of each player linked to a person on it.
    identities = rating_source.trf_identities(table.players.values())
    trf = TrfTournament(
        name=f"{tournament.name} — {section.name}",
        city=tournament.venue,
        start_date=tournament.start_date.strftime("%Y/%m/%d") if tournament.start_date else "",
        end_date=tournament.end_date.strftime("%Y/%m/%d") if tournament.end_date else "",
        player_count=len(table.history.players),
        time_control=f"{tournament.minutes_per_player}'",
        players=[
            _trf_player(
                table.players[p.number],
                table.standings.row(p.number).rank,
                private,
                identities.get(table.players[p.number].pk),
            )
            for p in table.history.players
        ],
    )
    write_history(trf, table.history)
    _announce_next_round(section, table.after_round, trf)
    if team_records:
        trf.teams = _trf_teams(section, table.players.values())
    add_tiebreaks(trf, table.standings.tiebreaks)
    return trf


def _announce_next_round(section: Section, completed: int, trf: TrfTournament) -> None:
    """Append the next round's absences to the players' round blocks (see `section_trf`)."""
    if completed >= section.total_rounds:
        return
    announced = section_history(section, completed, announce_round=completed + 1)
    by_number = {p.number: p for p in announced.players}
    for player in trf.players:
        record = by_number[player.pairing_number].record(completed + 1)
        if record is not None:
            player.rounds.append(round_cell(record, announced.scoring))
    announce_byes(trf, completed + 1)


def _trf_teams(section: Section, players) -> list[TrfTeam]:
    """The `310` record of each team with players in the section: its number among the
    tournament's teams (the same in every section's file), its name, its code as nickname."""
    members: dict[int, list[int]] = {}
    for player in players:
        if player.team_id is not None:
            members.setdefault(player.team_id, []).append(player.pairing_number)
    teams = []
    for number, team in enumerate(section.tournament.teams.all(), start=1):
        if team.pk in members:
            name, code = fitted_team(team.name, team.code)
            teams.append(TrfTeam(name, tuple(sorted(members[team.pk])), number, code))
    return teams


def _trf_player(player: Player, rank: int, private: bool, listed=None) -> TrfPlayer:
    """A player's `001` identity; a name is cut to the file's 33 characters, a rating past
    9999 left out, the identity number and birth date left blank unless `private`. `listed`,
    the rating list's `(rating, TRF id)` of a linked player, replaces the entry's own."""
    rating = player.rating
    identity = player.identity_number
    if listed is not None:
        rating = listed[0]
        identity = listed[1] or identity
    return TrfPlayer(
        pairing_number=player.pairing_number,
        name=fitted_name(player.name),
        sex=player.sex,
        title=player.title,
        rating=fitted_rating(rating),
        federation=player.federation,
        fide_id=identity if private else "",
        birth_date=player.birth_date if private else "",
        rank=rank,
    )
