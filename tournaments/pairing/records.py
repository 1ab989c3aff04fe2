"""Plain input and output records of the Dutch pairing engine (no TRF, no Django).

A player's past rounds are the neutral :class:`~tournaments.history.RoundRecord`; the request
is built from a section's history by :func:`tournaments.pairing.request.request_from_history`,
whether the history came from the database or from a TRF file.

Scores are :class:`~decimal.Decimal` (exact halves); sides are the board's :class:`Side`
(South plays the part of FIDE's White).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from oware.sides import Side
from tournaments.history import RoundRecord
from tournaments.outcomes import Scoring


@dataclass
class PlayerRecord:
    """Everything the engine needs to know about one registered player.

    ``number`` is the tournament pairing number (TPN, 1 = strongest).
    ``score`` is the standings score before the round being paired (without
    acceleration).  ``history`` holds rounds ``1 .. round_number - 1`` in
    order (pad missing rounds with ``ZERO_POINT_BYE``).  ``acceleration`` holds
    the virtual (Baku) points per round, index 0 = round 1; a short list means
    zero for the remaining rounds.  ``present`` is False for a player who is
    not to be paired this round (absent, requested bye, withdrawn).
    """

    number: int
    score: Decimal
    history: list[RoundRecord] = field(default_factory=list)
    acceleration: list[Decimal] = field(default_factory=list)
    present: bool = True


@dataclass
class PairingRequest:
    """The input of one Dutch round pairing.

    ``round_number`` is the 1-based round to pair; ``total_rounds`` the
    announced number of rounds (the final round relaxes colour rules for top
    scorers); ``initial_side`` the side drawn for pairing number 1 in round
    1; ``forbidden_pairs`` groups of pairing numbers of which no two may meet;
    the pairing rules read the ``scoring``'s win, draw and loss.
    """

    players: list[PlayerRecord]
    round_number: int
    total_rounds: int
    initial_side: Side = Side.SOUTH
    forbidden_pairs: list[tuple[int, ...]] = field(default_factory=list)
    scoring: Scoring = field(default_factory=Scoring)


@dataclass(frozen=True)
class BoardExplanation:
    """Why a board looks the way it does, in words an arbiter can check.

    ``south_float`` / ``north_float`` are ``"down"``, ``"up"`` or ``None``
    (relative to the other player's pairing score); ``*_preference_met`` is
    ``None`` for a player without a colour preference.
    """

    south_float: str | None
    north_float: str | None
    south_preference: str | None
    north_preference: str | None
    south_preference_met: bool | None
    north_preference_met: bool | None

    def text(self) -> str:
        """One short sentence for the pairing list."""
        parts = []
        for who, fl, pref, met in (
            ("South", self.south_float, self.south_preference, self.south_preference_met),
            ("North", self.north_float, self.north_preference, self.north_preference_met),
        ):
            bit = f"{who}"
            if fl:
                bit += f" floats {fl}"
            if pref is None:
                bit += ", no side preference"
            else:
                bit += f", {pref} {'met' if met else 'not met'}"
            parts.append(bit)
        return "; ".join(parts)


@dataclass(frozen=True)
class Board:
    """One pairing: ``south`` plays first (White), ``north`` second."""

    south: int
    north: int
    explanation: BoardExplanation | None = None


@dataclass
class RoundPairing:
    """The engine's answer: boards in the reference engine's order, and the PAB receiver."""

    round_number: int
    boards: list[Board]
    bye: int | None = None

    def as_pairs(self) -> list[tuple[int, int]]:
        """Boards as ``(south, north)`` tuples, then ``(bye, 0)`` if there is a bye."""
        pairs = [(b.south, b.north) for b in self.boards]
        if self.bye is not None:
            pairs.append((self.bye, 0))
        return pairs
