"""Standings input built from a parsed TRF file."""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.outcomes import SIDES
from tournaments.trf import DEFAULT_SCORING, RoundCell, Scoring, Tournament, codes
from tournaments.trf.scoring import outcome_of_code

from .records import PlayerRecord, RoundKind, RoundResult
from .standings import DEFAULT_ORDER, Standings, compute_standings


def round_result(cell: RoundCell, scoring: Scoring = DEFAULT_SCORING) -> RoundResult:
    """The standings view of one TRF round block (points from ``scoring``)."""
    points = cell.points(scoring)
    colour = cell.colour if cell.colour in SIDES else None
    if cell.result in codes.PLAYED:
        return RoundResult(RoundKind.GAME, points, cell.opponent, colour)
    kind = outcome_of_code(cell.result)
    if kind.has_opponent:
        return RoundResult(kind, points, cell.opponent, colour)
    return RoundResult(kind, points)


def records_from_trf(
    tournament: Tournament, scoring: Scoring = DEFAULT_SCORING
) -> list[PlayerRecord]:
    """One record per ``001`` line, over the completed rounds (announced absences left out)."""
    rounds = tournament.rounds_completed
    return [
        PlayerRecord(p.pairing_number, [round_result(c, scoring) for c in p.rounds[:rounds]])
        for p in tournament.players
    ]


def scoring_system(scoring: Scoring = DEFAULT_SCORING) -> Scoring:
    """The scoring the tie-breaks use: the TRF scoring itself (one shared type)."""
    return scoring


def standings_from_trf(
    tournament: Tournament,
    tiebreaks: Sequence[str] | str = DEFAULT_ORDER,
    *,
    edition: str = "2026",
    scoring: Scoring = DEFAULT_SCORING,
    forfeits_in_direct_encounter: bool = False,
) -> Standings:
    """:func:`compute_standings` over a TRF tournament's completed rounds."""
    return compute_standings(
        records_from_trf(tournament, scoring),
        tiebreaks,
        scoring=scoring_system(scoring),
        edition=edition,
        rounds=tournament.rounds_completed,
        forfeits_in_direct_encounter=forfeits_in_direct_encounter,
    )
