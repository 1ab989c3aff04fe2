"""Board positions, readable and packed.

Pits are indexed 0–11 counter-clockwise: 0–5 are South's pits A–F, 6–11 North's pits a–f, each
row counted from its owner's left. A position is the 12 pits, the two stores and the side to move.

For speed the rules work on a *packed* board: one Python int holding each pit in a 6-bit field
(pit i at bits 6*i … 6*i+5) and the stores above them (South at bits 72–77, North at 78–83).
48 seeds fit in 6 bits, so a field never overflows into its neighbour and a whole sowing is one
addition of a precomputed delta (see `sowing.py`).
"""

from __future__ import annotations

from dataclasses import dataclass

from .sides import Side

# Plain ints for the packed-board arithmetic of the hot loops; Side names them for everyone else.
SOUTH = Side.SOUTH.value
NORTH = Side.NORTH.value

PITS = 12
ROW = 6
SEEDS = 48
START_SEEDS = 4

FIELD = 6
FIELD_MASK = 63
STORE_SHIFT = (PITS * FIELD, PITS * FIELD + FIELD)  # South's, North's store
ROW_MASK = ((1 << (ROW * FIELD)) - 1, ((1 << (ROW * FIELD)) - 1) << (ROW * FIELD))


def pack(pits, stores=(0, 0)) -> int:
    """Pack 12 pit counts and two store counts into one int."""
    state = 0
    for i, seeds in enumerate(pits):
        state |= seeds << (FIELD * i)
    return state | stores[0] << STORE_SHIFT[0] | stores[1] << STORE_SHIFT[1]


def unpack(state: int) -> list[int]:
    """The 14 integers of a packed board: pits 0–11, South's store, North's store."""
    return [(state >> (FIELD * i)) & FIELD_MASK for i in range(PITS + 2)]


def store_of(state: int, side: int) -> int:
    """Seeds in `side`'s store of a packed board."""
    return (state >> STORE_SHIFT[side]) & FIELD_MASK


@dataclass(frozen=True)
class Position:
    """A position: `pits` (12 counts), `stores` (South, North) and `to_move` (SOUTH or NORTH)."""

    pits: tuple[int, ...]
    stores: tuple[int, int] = (0, 0)
    to_move: int = SOUTH

    def __post_init__(self):
        if len(self.pits) != PITS or len(self.stores) != 2:
            raise ValueError("a position has 12 pits and 2 stores")
        if min(self.pits) < 0 or min(self.stores) < 0:
            raise ValueError("seed counts cannot be negative")
        if sum(self.pits) + sum(self.stores) != SEEDS:
            raise ValueError(f"a position holds {SEEDS} seeds")
        if self.to_move not in (SOUTH, NORTH):
            raise ValueError("to_move is SOUTH (0) or NORTH (1)")

    @classmethod
    def start(cls) -> Position:
        """The opening position: 4 seeds in every pit, South to move."""
        return cls((START_SEEDS,) * PITS)

    @classmethod
    def from_packed(cls, state: int, to_move: int) -> Position:
        values = unpack(state)
        return cls(tuple(values[:PITS]), (values[PITS], values[PITS + 1]), to_move)

    def packed(self) -> int:
        return pack(self.pits, self.stores)

    def as_list(self) -> list[int]:
        """The 14-integer form used by the corpus and the replay command."""
        return [*self.pits, *self.stores]

    def row(self, side: int) -> tuple[int, ...]:
        """`side`'s six pits from its owner's left."""
        return self.pits[side * ROW : (side + 1) * ROW]
