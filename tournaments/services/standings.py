"""Standings of a section as the public pages and the API show them.

The database is read in a fixed number of queries (see `history.py`); the ranking itself is the
plain-Python tie-break core.
"""

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from tournaments.models import Player, Round, Section
from tournaments.services.history import section_history, section_scoring
from tournaments.tiebreaks import Standings, records_from_trf, scoring_system, standings_from_trf
from tournaments.tiebreaks.crosstable import CrosstableRow, crosstable
from tournaments.trf import Tournament as TrfTournament


@dataclass
class SectionStandings:
    section: Section
    after_round: int
    standings: Standings
    players: dict[int, Player]  # by pairing number
    history: TrfTournament

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
    standings = standings_from_trf(history, codes, scoring=section_scoring(section))
    players = {p.pairing_number: p for p in section.players.select_related("team")}
    return SectionStandings(section, after_round, standings, players, history)


def section_points(section: Section, after_round: int) -> dict[int, Fraction]:
    """Pairing number -> points after `after_round`, without ranking or tie-breaks."""
    history = section_history(section, after_round)
    standings = standings_from_trf(history, ["PTS"], scoring=section_scoring(section))
    return {row.id: row.values["PTS"] for row in standings.rows}


def section_crosstable(table: SectionStandings) -> list[tuple[Player, CrosstableRow]]:
    """Crosstable rows in rank order, each with its player."""
    scoring = section_scoring(table.section)
    rows = crosstable(
        records_from_trf(table.history, scoring), table.standings, scoring_system(scoring)
    )
    return [(table.players[row.id], row) for row in rows]


TRF_NAME_WIDTH = 33
TRF_MAX_RATING = 9999


def section_trf(section: Section) -> TrfTournament:
    """The section's completed rounds as a TRF file for other programs (spec/trf.md): the
    rank column filled from the standings (ties share a rank) and the `202` line listing the
    tie-breaks that decide between players on equal points."""
    table = section_standings(section)
    for trf_player in table.history.players:
        trf_player.rank = table.standings.row(trf_player.pairing_number).rank
        # The file's columns: a name is cut to 33 characters, a rating past 9999 left out.
        trf_player.name = trf_player.name[:TRF_NAME_WIDTH]
        if trf_player.rating is not None and trf_player.rating > TRF_MAX_RATING:
            trf_player.rating = None
    codes = [code for code in table.standings.tiebreaks if code != "PTS"]
    lines = [line for line in table.history.other_lines if not line.startswith("202 ")]
    if codes:
        lines.append("202 " + ",".join(codes))
    table.history.other_lines = lines
    return table.history
