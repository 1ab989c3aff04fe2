"""How long each move of a remote game took, by the server's own clock, and whether a side's
times look too regular for a person: a plain-Python core (no Django), fed with the moments the
server received the moves (`LiveBoard.received`).

A person thinks longer on some moves than on others; a program that waits a fixed delay before
each move does not. A side is marked when, over at least CONSTANT_MIN_MOVES moves (its first
move left out: it is often played at once), its thinking times spread by less than
CONSTANT_SPREAD of their mean (the coefficient of variation). The mark calls for an arbiter's
look, never for a decision by itself.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from oware.sides import Side

CONSTANT_MIN_MOVES = 10
CONSTANT_SPREAD = 0.1


@dataclass(frozen=True)
class Timed:
    """One move: its ply (1 first), its mover, the moment the server received it (seconds after
    the opening) and how long its mover thought (from the move before it, or the opening)."""

    ply: int
    side: Side
    at: float
    seconds: float


@dataclass(frozen=True)
class SideTimes:
    """One side's thinking times: their count, mean and standard deviation (seconds), and the
    mark of implausibly constant times."""

    side: Side
    moves: int
    mean: float | None
    spread: float | None
    constant: bool


def timed_moves(received: Sequence[tuple[Side, float]]) -> list[Timed]:
    """Each move with its thinking time."""
    moves, before = [], 0.0
    for ply, (side, at) in enumerate(received, start=1):
        moves.append(Timed(ply, side, at, round(max(0.0, at - before), 3)))
        before = max(before, at)
    return moves


def side_times(moves: Sequence[Timed], side: Side) -> SideTimes:
    """`side`'s times, its first move left out, and whether they are implausibly constant."""
    times = [move.seconds for move in moves if move.side == side][1:]
    if not times:
        return SideTimes(side, 0, None, None, False)
    mean = statistics.fmean(times)
    spread = statistics.pstdev(times)
    constant = len(times) >= CONSTANT_MIN_MOVES and mean > 0 and spread < CONSTANT_SPREAD * mean
    return SideTimes(side, len(times), round(mean, 2), round(spread, 2), constant)
