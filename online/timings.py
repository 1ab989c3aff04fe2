"""How long each side took over each move of a remote game, from the moments the server received
the moves, and whether one side's times are implausibly constant (a program, not a person).
Plain Python: no Django, so the rule is read and tested on its own."""

import statistics
from dataclasses import dataclass

from oware.sides import Side

# A side is flagged when, over at least this many moves, nine in ten of them took within this
# many seconds of their median: people think longer on some moves than on others, a program at
# a fixed pace does not. The tenth left out spares the odd slow move of a program (its first, a
# lost connection); the count spares a short game of quick forced moves.
CONSTANT_AFTER_MOVES = 12
CONSTANT_SPREAD_SECONDS = 0.25
CONSTANT_SHARE = 0.9


@dataclass(frozen=True)
class SideTimes:
    side: Side
    seconds: tuple[float, ...]  # each of his moves, from the opponent's move (or the opening)
    constant: bool

    @property
    def median(self) -> float | None:
        return statistics.median(self.seconds) if self.seconds else None


def move_times(received: list[tuple[Side, float]]) -> dict[Side, SideTimes]:
    """Each side's time over each of his moves, from `received` (each move's mover and the
    moment the server received it, seconds after the game opened)."""
    times: dict[Side, list[float]] = {Side.SOUTH: [], Side.NORTH: []}
    before = 0.0
    for mover, moment in received:
        times[mover].append(round(moment - before, 3))
        before = moment
    return {
        side: SideTimes(side, tuple(spent), is_constant(spent)) for side, spent in times.items()
    }


def is_constant(seconds: list[float]) -> bool:
    """Whether, over enough moves, nearly all took the same time within
    `CONSTANT_SPREAD_SECONDS`."""
    if len(seconds) < CONSTANT_AFTER_MOVES:
        return False
    middle = statistics.median(seconds)
    alike = sum(abs(spent - middle) <= CONSTANT_SPREAD_SECONDS for spent in seconds)
    return alike >= CONSTANT_SHARE * len(seconds)
