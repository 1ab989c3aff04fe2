"""A live game between two moves: the position and each side's last clock reading.

The live board keeps it (`LiveBoard.position`) so that a move is one sowing from it, checked by
the engine exactly as a replay of the whole game checks that ply, rather than a replay of every
move played before. Only the record of the finished game is written from a replay of its moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from oware.errors import RecordError
from oware.position import Position
from oware.replay import replay
from oware.rules import settle
from oware.sides import Side
from oware.variants import get_variant


@dataclass(frozen=True)
class LivePosition:
    """position: the pits, stores and side to move after the last move. readings: each side's
    last clock reading in seconds, indexed by the side (South, North); None before its first
    move, or when its moves were recorded without one."""

    position: Position
    readings: tuple[int | None, int | None] = (None, None)

    @classmethod
    def start(cls) -> LivePosition:
        return cls(Position.start())

    @classmethod
    def of_moves(cls, moves: Sequence[int], clocks: Sequence[int | None], variant) -> LivePosition:
        """The game a replay of `moves` (with `clocks`, one reading a move) reaches; raises
        RecordError if the moves are not a legal game."""
        game = replay(moves, variant)
        readings: list[int | None] = [None, None]
        for side, reading in zip(game.sides, clocks, strict=True):
            if reading is not None:
                readings[side] = reading
        return cls(game.position(game.plies), (readings[0], readings[1]))

    @classmethod
    def from_json(cls, data: dict) -> LivePosition:
        """The game written by `as_json`."""
        to_move = Side.from_letter(data["to_move"])
        position = Position(tuple(data["pits"]), tuple(data["stores"]), to_move.value)
        south, north = data["readings"]
        return cls(position, (south, north))

    def as_json(self) -> dict:
        """`{"pits": 12 counts, "stores": [South, North], "to_move": "S" | "N", "readings":
        [South, North]}`, the side written as records write it."""
        return {
            "pits": list(self.position.pits),
            "stores": list(self.position.stores),
            "to_move": self.to_move.letter,
            "readings": list(self.readings),
        }

    @property
    def to_move(self) -> Side:
        return Side(self.position.to_move)

    def last_reading(self, side: Side) -> int | None:
        """`side`'s last clock reading."""
        return self.readings[side]

    def after(self, move: int, clock: int, variant, ply: int) -> tuple[LivePosition, str | None]:
        """The game once the player to move sows mover-relative pit `move` with `clock` seconds
        left, and the ending that move gives ('capture', 'draw24', 'no_moves'; None while the game
        goes on).

        `ply` is the move's 1-based number in the game: an illegal move raises the RecordError a
        replay of the whole game raises for it (same reason, same message, same ply).
        """
        try:
            step = replay([move], variant, start=self.position)
        except RecordError as error:
            # The engine counts plies from the position it starts from; the game from its start.
            raise RecordError(ply, error.reason, error.message) from None
        readings = list(self.readings)
        readings[self.position.to_move] = clock
        return LivePosition(step.position(1), (readings[0], readings[1])), step.ending

    def final_stores(self, ending: str, variant) -> tuple[int, int]:
        """(South, North) stores once the game ended here with `ending`, settled by the rules
        (on agreement each side takes the seeds of its own row, and so on)."""
        return settle(self.position.packed(), self.position.to_move, ending, get_variant(variant))
