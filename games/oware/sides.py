"""The two sides of the board, named once for every layer of the product.

South moves first and sits at the bottom of every drawn board; North faces it. The engine counts
them 0 and 1 (they index the packed board's rows and stores), the database and the record
notation write them ``S`` and ``N``, TRF writes them as chess colours (see
:mod:`tournaments.outcomes`), and pages say "South" and "North". Every one of those spellings is
derived from :class:`Side`, so a side means the same thing from a sowing to a template.
"""

from __future__ import annotations

from enum import IntEnum


class Side(IntEnum):
    """A side of the board; its value is the row and store index the engine uses."""

    SOUTH = 0
    NORTH = 1

    @property
    def opponent(self) -> Side:
        return Side(1 - self)

    @property
    def letter(self) -> str:
        """``S`` or ``N``: how records, the database and the API write the side."""
        return _LETTERS[self]

    @property
    def title(self) -> str:
        """``South`` or ``North`` (English; the web layer translates it)."""
        return _TITLES[self]

    @classmethod
    def from_letter(cls, letter: str) -> Side:
        """The side written `letter` (``S``/``N``, either case); ValueError otherwise."""
        try:
            return cls(_LETTERS.index(letter.upper()))
        except ValueError:
            raise ValueError(f"a side is S or N, not {letter!r}") from None


_LETTERS = ("S", "N")
_TITLES = ("South", "North")
