"""Plain input records for standings: what happened to each player in each round.

A Django service builds these straight from its rows (one
:class:`RoundResult` per player and round, in round order);
:mod:`tournaments.tiebreaks.from_trf` builds them from a TRF file.
Points may be ``int``, ``Decimal``, ``Fraction``, ``float`` or a numeric
string; they are converted exactly (see :mod:`tournaments.tiebreaks.exact`).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import Enum
from fractions import Fraction

Number = int | float | Decimal | Fraction | str


class RoundKind(Enum):
    """What a round was for one player (C.07 Art. 16.2 categories in brackets)."""

    GAME = "game"
    """Played over the board, whatever the result (short games included)."""
    FORFEIT_WIN = "forfeit_win"
    """Scheduled opponent did not play [16.2.2]."""
    FORFEIT_LOSS = "forfeit_loss"
    """Did not play a scheduled game, each side of a double forfeit too [16.2.4, VUR]."""
    PAIRING_BYE = "pairing_bye"
    """Pairing-allocated bye [16.2.1]."""
    FULL_POINT_BYE = "full_point_bye"
    """Full-point bye granted by the rules [16.2.1]."""
    HALF_POINT_BYE = "half_point_bye"
    """Requested half-point bye [16.2.3 or 16.2.5, VUR]."""
    ZERO_POINT_BYE = "zero_point_bye"
    """Requested zero-point bye, absence, or a round after withdrawal [16.2.3 or 16.2.5, VUR]."""

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
        return self in (RoundKind.HALF_POINT_BYE, RoundKind.ZERO_POINT_BYE)


_VOLUNTARY = frozenset({RoundKind.FORFEIT_LOSS, RoundKind.HALF_POINT_BYE, RoundKind.ZERO_POINT_BYE})
_WITH_OPPONENT = frozenset({RoundKind.GAME, RoundKind.FORFEIT_WIN, RoundKind.FORFEIT_LOSS})


@dataclass(frozen=True)
class RoundResult:
    """One player's round: its kind, the points awarded, the (scheduled) opponent and side.

    ``opponent`` is the opponent's player id for games and forfeits and
    ``None`` for byes.  ``colour`` is ``'w'`` (South) or ``'b'`` (North)
    for games; it may be kept for forfeits (crosstables show it) and is
    ignored for byes.
    """

    kind: RoundKind
    points: Number
    opponent: Hashable | None = None
    colour: str | None = None

    def __post_init__(self):
        if self.kind.has_opponent and self.opponent is None:
            raise ValueError(f"a {self.kind.value} needs an opponent")
        if not self.kind.has_opponent and self.opponent is not None:
            raise ValueError(f"a {self.kind.value} has no opponent")
        if self.colour not in (None, "w", "b"):
            raise ValueError(f"colour must be 'w', 'b' or None, not {self.colour!r}")

    @classmethod
    def game(cls, opponent: Hashable, points: Number, colour: str | None = None) -> RoundResult:
        """A game played over the board."""
        return cls(RoundKind.GAME, points, opponent, colour)

    @classmethod
    def forfeit_win(
        cls, opponent: Hashable, points: Number = 1, colour: str | None = None
    ) -> RoundResult:
        """A win because the scheduled opponent did not play."""
        return cls(RoundKind.FORFEIT_WIN, points, opponent, colour)

    @classmethod
    def forfeit_loss(
        cls, opponent: Hashable, points: Number = 0, colour: str | None = None
    ) -> RoundResult:
        """A loss for not playing a scheduled game (both sides of a double forfeit)."""
        return cls(RoundKind.FORFEIT_LOSS, points, opponent, colour)

    @classmethod
    def bye(cls, kind: RoundKind, points: Number) -> RoundResult:
        """A round without opponent of the given bye ``kind``."""
        return cls(kind, points)


@dataclass(frozen=True)
class PlayerRecord:
    """A player's id and rounds in order (index 0 is round 1).

    Ids must be hashable and mutually orderable (pairing numbers or database
    keys): ties left after every tie-break are listed in id order.  A record
    shorter than the section counts its missing rounds as zero-point byes.
    """

    id: Hashable
    rounds: Sequence[RoundResult]


@dataclass(frozen=True)
class ScoringSystem:
    """The points of a win and of a draw: DE, WIN and the unplayed-round rules need them."""

    win: Number = 1
    draw: Number = Fraction(1, 2)


STANDARD_SCORING = ScoringSystem()
"""Win 1, draw ½."""
