"""Counting tie-breaks of C.07 Art. 7: WIN, WON, BPG, BWG, REP (formerly GE).

They read the raw record; the Art. 16 treatment of unplayed rounds does not apply.
"""

from __future__ import annotations

from oware.sides import Side
from tournaments.outcomes import RoundOutcome

from .section import Section

_GAME = RoundOutcome.GAME
_NORTH = Side.NORTH


def wins(section: Section) -> list[int]:
    """WIN (7.1): rounds worth a win's points, played or not (forfeit win, PAB, FPB)."""
    win = section.win
    return [sum(1 for p in row if p == win) for row in section.points]


def games_won(section: Section) -> list[int]:
    """WON (7.2): games won over the board."""
    win = section.win
    return [
        sum(1 for k, p in zip(kinds, row, strict=True) if k is _GAME and p == win)
        for kinds, row in zip(section.kinds, section.points, strict=True)
    ]


def games_as_north(section: Section) -> list[int]:
    """BPG (7.3): games played over the board with Black, i.e. as North."""
    return [
        sum(1 for k, c in zip(kinds, sides, strict=True) if k is _GAME and c is _NORTH)
        for kinds, sides in zip(section.kinds, section.sides, strict=True)
    ]


def games_won_as_north(section: Section) -> list[int]:
    """BWG (7.4): games won over the board with Black (North)."""
    win = section.win
    return [
        sum(
            1
            for k, c, p in zip(kinds, sides, row, strict=True)
            if k is _GAME and c is _NORTH and p == win
        )
        for kinds, sides, row in zip(section.kinds, section.sides, section.points, strict=True)
    ]


def rounds_elected_to_play(section: Section) -> list[int]:
    """REP (7.6): rounds minus half-point byes, zero-point byes and forfeit losses."""
    return [sum(1 for k in kinds if not k.is_voluntary_unplayed) for kinds in section.kinds]
