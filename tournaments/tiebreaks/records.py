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
from fractions import Fraction

from tournaments.outcomes import STANDARD_SCORING, RoundOutcome, Scoring

Number = int | float | Decimal | Fraction | str


RoundKind = RoundOutcome
"""The shared round outcome (:mod:`tournaments.outcomes`), under the name the tie-breaks use."""


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


ScoringSystem = Scoring
"""The shared scoring (:mod:`tournaments.outcomes`); DE, WIN and the unplayed rounds read
its win and draw values."""

__all__ = [
    "STANDARD_SCORING",
    "Number",
    "PlayerRecord",
    "RoundKind",
    "RoundResult",
    "ScoringSystem",
]
