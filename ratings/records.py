"""The plain records both rating systems read: games of a rating period, grouped by event.

A game is seen from one player's side: ``Game(player, opponent, score)`` with the score 1, ½ or 0
as a :class:`~decimal.Decimal`. Each game over the board appears twice in a period, once from
each side, as a tournament file lists it on both players' lines; each player is rated from his
own records. Forfeits, byes and games of less than one move never become a ``Game``: they are
not rated (FIDE Rating Regulations 5.1).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

from oware.points import DRAW, LOSS, WIN

# A rated game scores what the game gave: the rating systems read the competition's points.
SCORES = (WIN, DRAW, LOSS)


@dataclass(frozen=True)
class Game:
    """One rated game as ``player`` played it against ``opponent`` (ids of the list)."""

    player: str
    opponent: str
    score: Decimal

    def __post_init__(self):
        if self.score not in SCORES:
            raise ValueError(f"a game scores 1, 0.5 or 0, not {self.score!r}")
        if self.player == self.opponent:
            raise ValueError(f"player {self.player} cannot meet himself")


@dataclass(frozen=True)
class Event:
    """One event of the period: its name, its end date (``None`` when unknown) and its games."""

    name: str
    end: date | None = None
    games: tuple[Game, ...] = field(default_factory=tuple)


def period_year(events: list[Event] | tuple[Event, ...]) -> int | None:
    """The year of the period: that of the latest end date among the events (``None`` if none
    has one)."""
    ends = [event.end for event in events if event.end is not None]
    return max(ends).year if ends else None
