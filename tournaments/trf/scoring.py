"""Points a round block is worth under an event's scoring."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from . import codes


@dataclass(frozen=True)
class Scoring:
    """Points per kind of round outcome; the default is 1 / ½ / 0 with a PAB worth a win.

    ``forfeit_win`` and ``full_point_bye`` follow the win value and
    ``half_point_bye`` the draw value unless set otherwise.
    """

    win: Decimal = Decimal("1")
    draw: Decimal = Decimal("0.5")
    loss: Decimal = Decimal("0")
    forfeit_win: Decimal | None = None
    forfeit_loss: Decimal = Decimal("0")
    pairing_bye: Decimal | None = None
    full_point_bye: Decimal | None = None
    half_point_bye: Decimal | None = None
    zero_point_bye: Decimal = Decimal("0")

    def points(self, result: str) -> Decimal:
        """Points for a result code (see :mod:`tournaments.trf.codes`)."""
        code = result.upper() if result.strip() else codes.ZERO_POINT_BYE
        if code in codes.WINS:
            return self.win
        if code in codes.DRAWS:
            return self.draw
        if code in codes.LOSSES:
            return self.loss
        if code == codes.FORFEIT_WIN:
            return self.win if self.forfeit_win is None else self.forfeit_win
        if code == codes.FORFEIT_LOSS:
            return self.forfeit_loss
        if code == codes.PAIRING_BYE:
            return self.win if self.pairing_bye is None else self.pairing_bye
        if code == codes.FULL_POINT_BYE:
            return self.win if self.full_point_bye is None else self.full_point_bye
        if code == codes.HALF_POINT_BYE:
            return self.draw if self.half_point_bye is None else self.half_point_bye
        if code == codes.ZERO_POINT_BYE:
            return self.zero_point_bye
        raise ValueError(f"unknown result code {result!r}")


DEFAULT_SCORING = Scoring()
