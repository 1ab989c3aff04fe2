"""What the board template (`templates/games/board.html`) needs to draw a position.

The board is drawn as South sees it: North's row on top, running right to left (North's pit `a`
is at South's right), South's row at the bottom from `A` on the left to `F` on the right. North's
store is at the left end, South's at the right, where each row's sowing runs into.
"""

from __future__ import annotations

from .position import ROW, Position
from .sides import Side

PIT_NAMES = "ABCDEFabcdef"


def board_view(
    position: Position, last_pit: int | None = None, error_pit: int | None = None
) -> dict:
    """A template context for `position`.

    last_pit / error_pit: absolute pit indexes (0–11) to highlight as the last move played and
    as the pit of an illegal move.
    Returns {"north_row": [pit…] left to right, "south_row": [pit…] left to right,
    "north_store", "south_store", "to_move": "South"/"North", "label"}; each pit is
    {"index", "name", "seeds", "owner", "is_last", "is_error", "label"}.
    """
    for name, pit in (("last_pit", last_pit), ("error_pit", error_pit)):
        if pit is not None and not 0 <= pit < 2 * ROW:
            raise ValueError(f"{name} must be a pit index 0–11, not {pit!r}")

    def cell(index: int) -> dict:
        seeds = position.pits[index]
        owner = "South" if index < ROW else "North"
        marks = []
        if index == last_pit:
            marks.append("last move")
        if index == error_pit:
            marks.append("illegal move")
        label = f"{owner} pit {PIT_NAMES[index]}: {seeds} seed{'s' if seeds != 1 else ''}"
        if marks:
            label += " (" + ", ".join(marks) + ")"
        return {
            "index": index,
            "name": PIT_NAMES[index],
            "seeds": seeds,
            "owner": owner,
            "is_last": index == last_pit,
            "is_error": index == error_pit,
            "label": label,
        }

    south, north = position.stores
    to_move = Side(position.to_move).title
    return {
        "north_row": [cell(i) for i in range(2 * ROW - 1, ROW - 1, -1)],
        "south_row": [cell(i) for i in range(ROW)],
        "south_store": south,
        "north_store": north,
        "to_move": to_move,
        "label": f"Oware board, South {south}, North {north}, {to_move} to move",
    }
