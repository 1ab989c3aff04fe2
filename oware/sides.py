"""The two sides of the board, named once for every layer of the product.

South moves first and sits at the bottom of every drawn board; North faces it. The engine counts
them 0 and 1 (they index the packed board's rows and stores), the database, the API and the
record notation write them ``S`` and ``N``, TRF files as chess colours (only
:mod:`tournaments.trf.colours` reads and writes those), and pages say "South" and "North". Every
one of those spellings is derived from :class:`Side`, and every layer between the edges (the
pairing, the tie-breaks, the history) holds a :class:`Side` itself.
"""

from __future__ import annotations

from enum import IntEnum


class Side(IntEnum):
    """A side of the board; its value is the row and store index the engine uses."""

    SOUTH = 0
    NORTH = 1

    @property
    def opponent(self) -> Side:
        """The other side (the pairing rules ask for it in their inner loops)."""
        return _OPPONENTS[self]

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
        # A dict, not an Enum call: a remote game's clock reads every move's side on each request.
        try:
            return _BY_LETTER[letter]
        except (KeyError, TypeError):
            raise ValueError(f"a side is S or N, not {letter!r}") from None


_LETTERS = ("S", "N")
_TITLES = ("South", "North")
_OPPONENTS = (Side.NORTH, Side.SOUTH)
_BY_LETTER = {spelled: side for side in Side for spelled in (side.letter, side.letter.lower())}
