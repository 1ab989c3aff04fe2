"""Points a round block is worth under an event's scoring (the shared :class:`Scoring`)."""

from __future__ import annotations

from decimal import Decimal

from tournaments.outcomes import STANDARD_SCORING, RoundOutcome, Scoring

from . import codes

OUTCOME_OF_CODE = {
    codes.FORFEIT_WIN: RoundOutcome.FORFEIT_WIN,
    codes.FORFEIT_LOSS: RoundOutcome.FORFEIT_LOSS,
    codes.PAIRING_BYE: RoundOutcome.PAIRING_BYE,
    codes.FULL_POINT_BYE: RoundOutcome.FULL_POINT_BYE,
    codes.HALF_POINT_BYE: RoundOutcome.HALF_POINT_BYE,
    codes.ZERO_POINT_BYE: RoundOutcome.ZERO_POINT_BYE,
}
"""The outcome of every result code that is not a game played over the board."""


def outcome_of_code(result: str) -> RoundOutcome:
    """The round outcome a result code stands for (a blank result is a zero-point bye)."""
    code = result.upper() if result.strip() else codes.ZERO_POINT_BYE
    if code in codes.PLAYED:
        return RoundOutcome.GAME
    try:
        return OUTCOME_OF_CODE[code]
    except KeyError:
        raise ValueError(f"unknown result code {result!r}") from None


def points_of_code(scoring: Scoring, result: str) -> Decimal:
    """Points for a result code (see :mod:`tournaments.trf.codes`) under ``scoring``."""
    code = result.upper() if result.strip() else codes.ZERO_POINT_BYE
    if code == codes.NOT_YET_PLAYED:
        return Decimal(0)
    if code in codes.WINS:
        return scoring.win
    if code in codes.DRAWS:
        return scoring.draw
    if code in codes.LOSSES:
        return scoring.loss
    return scoring.unplayed_points(outcome_of_code(code))


DEFAULT_SCORING = STANDARD_SCORING

__all__ = ["DEFAULT_SCORING", "OUTCOME_OF_CODE", "Scoring", "outcome_of_code", "points_of_code"]
