"""The clock readings of a record checked against the time control, and the warning marks.

A reading is the mover's remaining time in seconds after a ply (`{mm:ss}` in the notation), or
None where the record gives none. The competition's clock has no increment: each player starts
with the same time and it only runs down. So a reading above the starting time, or above the same
player's earlier reading, is impossible; and a game lost on time by the player to move cannot
have the winner's own clock already at zero (the winner's flag fell first).
"""

from __future__ import annotations

from collections.abc import Sequence

from .endings import Ending
from .errors import CLOCK_ABOVE_START, CLOCK_GROWS, FLAG_CONTRADICTED, RecordError


def clock_text(seconds: int) -> str:
    """`mm:ss` for a reading in seconds."""
    return f"{seconds // 60:02d}:{seconds % 60:02d}"


def check_clocks(
    clocks: Sequence[int | None],
    sides: Sequence[int],
    *,
    start_seconds: int,
    ending: Ending | None = None,
    to_move: int | None = None,
    increment_seconds: int = 0,
) -> None:
    """Refuse readings the time control makes impossible; return None when they are possible.

    clocks: the reading after each ply (None unknown); sides: the mover of each ply (0 South,
    1 North), as a replay gives them; start_seconds: each player's starting time. With `ending`
    'time', `to_move` is the flagged player (the one to move after the last ply).
    increment_seconds: what each move adds to its mover's clock (Fischer), so that a reading may
    pass the last one, or the starting time, by as much as the increments earned so far.
    Raises RecordError naming the first ply at fault: `clock_above_start`, `clock_grows` or
    `flag_contradicted`.
    """
    last: dict[int, tuple[int, int]] = {}  # side -> (ply, reading) of its latest known reading
    made = [0, 0]  # each side's moves so far, each one an increment earned
    for ply, (reading, side) in enumerate(zip(clocks, sides, strict=True), start=1):
        made[side] += 1
        if reading is None:
            continue
        if reading > start_seconds + increment_seconds * made[side]:
            raise RecordError(
                ply,
                CLOCK_ABOVE_START,
                message_code=CLOCK_ABOVE_START,
                reading=clock_text(reading),
                start=clock_text(start_seconds),
            )
        if side in last and reading > last[side][1] + increment_seconds:
            raise RecordError(
                ply,
                CLOCK_GROWS,
                message_code=CLOCK_GROWS,
                reading=clock_text(reading),
                earlier=clock_text(last[side][1]),
                earlier_ply=last[side][0],
            )
        last[side] = (ply, reading)
    if ending == Ending.TIME and to_move is not None:
        winner_side = 1 - to_move
        if winner_side in last and last[winner_side][1] == 0:
            raise RecordError(
                last[winner_side][0], FLAG_CONTRADICTED, message_code=FLAG_CONTRADICTED
            )


def warning_marks(
    clocks: Sequence[int | None], sides: Sequence[int], warning_seconds: int
) -> list[bool]:
    """For each ply, whether the mover played it with their clock under `warning_seconds`.

    A ply with no reading is marked when the same player's latest known reading was already
    under the warning time (the clock never grows), so a gap in the readings loses no mark.
    """
    marks = []
    under = {0: False, 1: False}
    for reading, side in zip(clocks, sides, strict=True):
        if reading is not None:
            under[side] = reading < warning_seconds
        marks.append(under[side])
    return marks
