"""The board's sides as TRF colour columns: South plays the part of White (``w``), North of
Black (``b``). The only place where a side becomes a colour letter and back."""

from __future__ import annotations

from oware.sides import Side

NO_COLOUR = "-"
_COLOUR_OF_SIDE = {Side.SOUTH: "w", Side.NORTH: "b"}
_SIDE_OF_COLOUR = {colour: side for side, colour in _COLOUR_OF_SIDE.items()}


def colour_of(side: Side | None) -> str:
    """The colour column of a side; ``-`` for none."""
    return NO_COLOUR if side is None else _COLOUR_OF_SIDE[side]


def side_of(colour: str | None) -> Side | None:
    """The side a colour column stands for; ``None`` for ``-``, a blank or anything else."""
    return _SIDE_OF_COLOUR.get(colour) if colour else None
