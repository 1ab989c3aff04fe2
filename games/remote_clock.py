"""A remote game's clock, as the server alone keeps it: no Django, plain numbers.

The moments are seconds after the game opened; `received` holds, per ply, the mover and the
moment the server received the move, as the live board keeps it. South's clock runs from the
opening; each turn lasts from the moment the move before it arrived (or the opening) to the
moment the mover's own move arrived, whether or not the player is connected meanwhile. A move
adds the increment to its mover's clock (Fischer).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from oware.sides import Side


def clocks_at(
    received: Sequence[tuple[Side, float]],
    to_move: Side | None,
    elapsed: float,
    *,
    start: int,
    increment: int = 0,
) -> tuple[float, float]:
    """(South, North) seconds left `elapsed` seconds after the opening; `to_move` is the side
    whose turn runs (None once the game stopped: no turn is under way). A clock may go below
    zero: the caller decides what a fallen flag means."""
    used = [0.0, 0.0]
    made = [0, 0]
    before = 0.0
    for mover, moment in received:
        used[mover] += max(0.0, moment - before)
        made[mover] += 1
        before = max(before, moment)
    if to_move is not None:
        used[to_move] += max(0.0, elapsed - before)
    return tuple(round(start - used[s] + increment * made[s], 3) for s in Side)


def reading_after_move(left: float, increment: int) -> int:
    """The clock reading a record keeps for a move made with `left` seconds on the mover's
    clock: the time left with the increment, in whole seconds rounded up (a player who moved in
    time never reads 0)."""
    return max(0, math.ceil(left + increment))


def flag_moment(
    received: Sequence[tuple[Side, float]], to_move: Side, *, start: int, increment: int = 0
) -> float:
    """The moment (seconds after the opening) at which `to_move`'s flag falls if he does not
    move: the last move's arrival plus what his clock holds then."""
    before = max((moment for _mover, moment in received), default=0.0)
    left = clocks_at(received, None, before, start=start, increment=increment)[to_move]
    return before + left
