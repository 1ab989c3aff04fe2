"""How a game ends, named once for every layer of the product.

The engine finds an ending in the moves (a capture past 24, both stores at 24, no legal move) or
takes one declared after the last move (an agreed end of a cycle, a flag fall, a resignation);
a result entered without a game may also be a forfeit or a double forfeit. The database, the API
and the records write each ending as its value (``capture``, ``draw24``, …); every layer between
holds an :class:`Ending` itself.
"""

from __future__ import annotations

from enum import StrEnum


class Ending(StrEnum):
    """An ending; its value is how records, the database and the API write it."""

    CAPTURE = "capture"
    DRAW24 = "draw24"
    NO_MOVES = "no_moves"
    AGREED = "agreed"
    TIME = "time"
    RESIGN = "resign"
    FORFEIT = "forfeit"
    DOUBLE_FORFEIT = "double_forfeit"

    @property
    def played(self) -> bool:
        """True for a game played over the board (every ending but the forfeits)."""
        return self not in _UNPLAYED

    @property
    def declared(self) -> bool:
        """True for an ending declared after the last move rather than given by the moves."""
        return self in _DECLARED

    @property
    def stopped(self) -> bool:
        """True for a game stopped by one player (a flag fall, a resignation): that player
        decides it, and the game score follows the competition's table."""
        return self in _STOPPED


_UNPLAYED = frozenset({Ending.FORFEIT, Ending.DOUBLE_FORFEIT})
_DECLARED = frozenset({Ending.AGREED, Ending.TIME, Ending.RESIGN})
_STOPPED = frozenset({Ending.TIME, Ending.RESIGN})
