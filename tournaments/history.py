"""A section's rounds as plain records: the one history the pairing engine, the tie-breaks and
the TRF writer read.

The database service (:mod:`tournaments.services.history`) builds it from the section's rows,
the TRF reader (:mod:`tournaments.trf.history`) from a file; neither the cores nor this module
know a TRF result code or a colour letter. A side is the board's :class:`Side`, points are
:class:`~decimal.Decimal` (exact halves; the one points type inside), ids are pairing numbers.
Plain Python, no Django.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from decimal import Decimal

from oware.sides import Side
from tournaments.outcomes import STANDARD_SCORING, RoundOutcome, Scoring

ZERO = Decimal(0)


# Not frozen: a frozen dataclass takes four times as long to build, and a section's history is
# built on every pairing and standings read. Records are read-only by contract.
@dataclass(slots=True)
class RoundRecord:
    """One player's round (read-only once built).

    ``opponent`` is the scheduled opponent's id for a game or a forfeit and ``None`` for a bye;
    ``side`` is the player's side of the board in a game, kept for a forfeit when known
    (crosstables show it), ``None`` for a bye. ``points`` is what the round is worth in the
    standings. ``round`` is the 1-based round (``None`` when only the record's place in its
    list says it); ``game_score`` the seeds the player and the opponent captured, when known.
    """

    outcome: RoundOutcome
    points: Decimal
    opponent: Hashable | None = None
    side: Side | None = None
    round: int | None = None
    game_score: tuple[int, int] | None = None

    def __post_init__(self):
        if self.outcome.has_opponent:
            if self.opponent is None:
                raise ValueError(f"a {self.outcome.value} needs an opponent")
        elif self.opponent is not None:
            raise ValueError(f"a {self.outcome.value} has no opponent")

    @property
    def played(self) -> bool:
        """True for a game played over the board (forfeits and byes are not games)."""
        return self.outcome is RoundOutcome.GAME

    @classmethod
    def game(cls, opponent: Hashable, points: Decimal, side: Side | None = None) -> RoundRecord:
        """A game played over the board."""
        return cls(RoundOutcome.GAME, points, opponent, side)

    @classmethod
    def forfeit_win(
        cls, opponent: Hashable, points: Decimal = Decimal(1), side: Side | None = None
    ) -> RoundRecord:
        """A win because the scheduled opponent did not play."""
        return cls(RoundOutcome.FORFEIT_WIN, points, opponent, side)

    @classmethod
    def forfeit_loss(
        cls, opponent: Hashable, points: Decimal = ZERO, side: Side | None = None
    ) -> RoundRecord:
        """A loss for not playing a scheduled game (both sides of a double forfeit)."""
        return cls(RoundOutcome.FORFEIT_LOSS, points, opponent, side)

    @classmethod
    def bye(cls, outcome: RoundOutcome, points: Decimal) -> RoundRecord:
        """A round without an opponent: a pairing-allocated, requested or full-point bye."""
        return cls(outcome, points)


NOT_PAIRED = RoundRecord(RoundOutcome.ZERO_POINT_BYE, ZERO)
"""A round a record does not reach: no game, no points."""


@dataclass
class PlayerHistory:
    """One player's rounds in order (index 0 is round 1; a record may stop early).

    ``points`` is the total a file declares, when it declares one; otherwise, and whenever the
    rounds are recounted, the total is the sum of the rounds' points.
    """

    number: int
    rounds: list[RoundRecord] = field(default_factory=list)
    points: Decimal | None = None

    def record(self, round_number: int) -> RoundRecord | None:
        """The record of a 1-based round, or ``None`` when the history stops before it."""
        if 1 <= round_number <= len(self.rounds):
            return self.rounds[round_number - 1]
        return None

    def points_after(self, round_number: int) -> Decimal:
        """The sum of the points of rounds ``1 .. round_number``."""
        return sum((r.points for r in self.rounds[:round_number]), ZERO)


@dataclass
class SectionHistory:
    """Every player's rounds with what the pairing of the next round needs to know.

    ``total_rounds`` is the announced number of rounds (``None`` when unknown);
    ``initial_side`` the side drawn for pairing number 1 in round 1; ``forbidden_pairs``
    groups of ids of which no two may meet; ``round_forbidden_pairs`` the same for a range of
    rounds only, as ``(first, last, group)``; ``acceleration`` the virtual (Baku) points per
    round of each id (index 0 = round 1); ``not_paired`` the ids left out of the next round
    besides those whose next record announces an absence.
    """

    players: list[PlayerHistory]
    total_rounds: int | None = None
    scoring: Scoring = STANDARD_SCORING
    initial_side: Side | None = None
    forbidden_pairs: list[tuple[int, ...]] = field(default_factory=list)
    round_forbidden_pairs: list[tuple[int, int, tuple[int, ...]]] = field(default_factory=list)
    acceleration: dict[int, list[Decimal]] = field(default_factory=dict)
    not_paired: frozenset[int] = frozenset()

    def forbidden_in_round(self, number: int) -> list[tuple[int, ...]]:
        """The groups of which no two may meet in round ``number``: those of every round and
        those whose range holds it."""
        return self.forbidden_pairs + [
            group for first, last, group in self.round_forbidden_pairs if first <= number <= last
        ]

    @property
    def rounds_played(self) -> int:
        """The longest player's record."""
        return max((len(p.rounds) for p in self.players), default=0)

    @property
    def rounds_completed(self) -> int:
        """Rounds with results: ``rounds_played`` less a last round that only announces
        absences (the records written for a round about to be paired)."""
        last = self.rounds_played
        if last == 0:
            return 0
        records = [p.rounds[last - 1] for p in self.players if len(p.rounds) >= last]
        return last - 1 if all(r.outcome.is_absence for r in records) else last

    def player(self, number: int) -> PlayerHistory:
        """The player with that id; ``KeyError`` if there is none."""
        for p in self.players:
            if p.number == number:
                return p
        raise KeyError(number)
