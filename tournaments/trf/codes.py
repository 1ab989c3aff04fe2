"""Result codes of a ``001`` round block and the plain facts attached to them.

A code says what happened to the player in one round; it does not say what
that is worth in tie-breaks.  Codes are stored upper-case (the format is
case-insensitive); a blank result is read as ``Z``.
"""

from __future__ import annotations

WIN = "1"
DRAW = "="
LOSS = "0"
SHORT_WIN = "W"
"""Win in a game that lasted less than one move: unrated, but treated as played."""
SHORT_DRAW = "D"
SHORT_LOSS = "L"
FORFEIT_WIN = "+"
FORFEIT_LOSS = "-"
PAIRING_BYE = "U"
"""Pairing-allocated bye (at most one per round)."""
HALF_POINT_BYE = "H"
FULL_POINT_BYE = "F"
ZERO_POINT_BYE = "Z"
"""Zero-point bye, known absence, or a round after withdrawal."""
NOT_YET_PLAYED = "*"
"""TRF-2026: a game paired and not yet played, its result unknown (a round in play). Worth
nothing yet; the round it is in is not a completed round."""

PLAYED = frozenset({WIN, DRAW, LOSS, SHORT_WIN, SHORT_DRAW, SHORT_LOSS})
FORFEITS = frozenset({FORFEIT_WIN, FORFEIT_LOSS})
BYES = frozenset({PAIRING_BYE, HALF_POINT_BYE, FULL_POINT_BYE, ZERO_POINT_BYE})
RATED = frozenset({WIN, DRAW, LOSS})
"""Games a rating counts: ``W D L`` lasted less than one move and are not rated (FIDE Rating
Regulations 5.1), forfeits and byes are not games."""
ALL = PLAYED | FORFEITS | BYES | {NOT_YET_PLAYED}

WINS = frozenset({WIN, SHORT_WIN})
DRAWS = frozenset({DRAW, SHORT_DRAW})
LOSSES = frozenset({LOSS, SHORT_LOSS})

WITHOUT_OPPONENT = frozenset({FORFEIT_WIN, FORFEIT_LOSS, DRAW}) | BYES
"""Codes a block may carry with ``0000``: the byes, and the unplayed ``+ - =`` that pairing
programs write for a round without a scheduled opponent (a win, a loss, half a point). The other
game codes need an opponent (bbpPairings refuses them too)."""
PAIRED_WITHOUT_OPPONENT = frozenset({PAIRING_BYE, FORFEIT_WIN})
"""Codes that show, even without an opponent, that the player took part in the round's pairing:
bbpPairings counts the rounds of a file up to the last one with such a block or an opponent."""

COLOURS = frozenset({"w", "b", "-"})

ANNOUNCED_BYES = frozenset({FULL_POINT_BYE, HALF_POINT_BYE, ZERO_POINT_BYE})
"""The kinds of bye a TRF26 ``240`` record announces (it gives no ``U``: the pairing decides it)."""
