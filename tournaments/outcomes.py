"""The words the cores share for a player's round: its outcome and its points.

:mod:`tournaments.history`, :mod:`tournaments.pairing`, :mod:`tournaments.tiebreaks` and
:mod:`tournaments.trf` all import these (plain Python, no Django), so a round read from a TRF
file, paired by the engine and ranked by the tie-breaks is described in one way. A player's side
is the board's :class:`~oware.sides.Side`; points are :class:`~decimal.Decimal`.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from enum import Enum

from oware.points import DRAW, LOSS, WIN


class RoundOutcome(Enum):
    """What a round was for one player (C.07 Art. 16.2 categories in brackets)."""

    GAME = "game"
    """Played over the board, whatever the result (short games included)."""
    FORFEIT_WIN = "forfeit_win"
    """Scheduled opponent did not play [16.2.2]: not a game, the two may meet again."""
    FORFEIT_LOSS = "forfeit_loss"
    """Did not play a scheduled game, each side of a double forfeit too [16.2.4, VUR]."""
    PAIRING_BYE = "pairing_bye"
    """Pairing-allocated bye (PAB) [16.2.1]."""
    FULL_POINT_BYE = "full_point_bye"
    """Full-point bye granted by the rules [16.2.1]."""
    HALF_POINT_BYE = "half_point_bye"
    """Requested half-point bye [16.2.3 or 16.2.5, VUR]."""
    ZERO_POINT_BYE = "zero_point_bye"
    """Requested zero-point bye, absence, withdrawal, or not yet entered [16.2.3 or 16.2.5, VUR]."""

    @property
    def is_voluntary_unplayed(self) -> bool:
        """True for a VUR: a requested bye or a forfeit loss."""
        return self in _VOLUNTARY

    @property
    def has_opponent(self) -> bool:
        """True when the round had a scheduled opponent (a game or a forfeit)."""
        return self in _WITH_OPPONENT

    @property
    def is_requested_bye(self) -> bool:
        """True for a half- or zero-point bye (the rounds 16.3 may count as draws)."""
        return self in (RoundOutcome.HALF_POINT_BYE, RoundOutcome.ZERO_POINT_BYE)

    @property
    def is_absence(self) -> bool:
        """True for a round the player asked not to be paired in, or missed unpaired."""
        return self in _ABSENT

    @property
    def took_part_in_pairing(self) -> bool:
        """True when the player was paired (or given the PAB) that round."""
        return self in _PAIRED


_VOLUNTARY = frozenset(
    {RoundOutcome.FORFEIT_LOSS, RoundOutcome.HALF_POINT_BYE, RoundOutcome.ZERO_POINT_BYE}
)
_WITH_OPPONENT = frozenset({RoundOutcome.GAME, RoundOutcome.FORFEIT_WIN, RoundOutcome.FORFEIT_LOSS})
_ABSENT = frozenset(
    {RoundOutcome.HALF_POINT_BYE, RoundOutcome.FULL_POINT_BYE, RoundOutcome.ZERO_POINT_BYE}
)
_PAIRED = _WITH_OPPONENT | {RoundOutcome.PAIRING_BYE}


@dataclass(frozen=True)
class Scoring:
    """Points per kind of round outcome; the default is the engine's 1 / ½ / 0
    (:mod:`oware.points`) with a PAB worth a win.

    ``forfeit_win``, ``pairing_bye`` and ``full_point_bye`` follow the win value and
    ``half_point_bye`` the draw value unless set otherwise.  The pairing rules read
    ``win``/``draw``/``loss``; the tie-breaks ``win``/``draw``; TRF every value.
    """

    win: Decimal = WIN
    draw: Decimal = DRAW
    loss: Decimal = LOSS
    forfeit_win: Decimal | None = None
    forfeit_loss: Decimal = LOSS
    pairing_bye: Decimal | None = None
    full_point_bye: Decimal | None = None
    half_point_bye: Decimal | None = None
    zero_point_bye: Decimal = LOSS

    def unplayed_points(self, outcome: RoundOutcome) -> Decimal:
        """Points of a round not played over the board (``ValueError`` for ``GAME``)."""
        if outcome is RoundOutcome.FORFEIT_WIN:
            return self.win if self.forfeit_win is None else self.forfeit_win
        if outcome is RoundOutcome.FORFEIT_LOSS:
            return self.forfeit_loss
        if outcome is RoundOutcome.PAIRING_BYE:
            return self.win if self.pairing_bye is None else self.pairing_bye
        if outcome is RoundOutcome.FULL_POINT_BYE:
            return self.win if self.full_point_bye is None else self.full_point_bye
        if outcome is RoundOutcome.HALF_POINT_BYE:
            return self.draw if self.half_point_bye is None else self.half_point_bye
        if outcome is RoundOutcome.ZERO_POINT_BYE:
            return self.zero_point_bye
        raise ValueError("a game's points depend on its result")


STANDARD_SCORING = Scoring()
"""Win 1, draw ½, loss 0; a PAB, a forfeit win and a full-point bye worth a win."""
