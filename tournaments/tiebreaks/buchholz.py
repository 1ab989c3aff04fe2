"""Buchholz family and Sonneborn-Berger (C.07 Art. 8, 9.1, 14, with the Art. 16 unplayed rounds).

Values are scaled integers: Buchholz in points units, Sonneborn-Berger in
units squared (it multiplies two scores).
"""

from __future__ import annotations

from fractions import Fraction

from tournaments.outcomes import RoundOutcome

from .section import Section
from .unplayed import Contribution, contributions


def buchholz(
    section: Section, edition: str = "2026", cut_low: int = 0, cut_high: int = 0
) -> list[int]:
    """BH (8.1): sum of opponents' adjusted scores, dummies for own unplayed rounds, with cuts."""
    table = contributions(section, edition)
    if not cut_low and not cut_high:
        return [sum(c.opponent_score for c in row) for row in table]
    return [sum(c.opponent_score for c in cut(row, cut_low, cut_high, _bh_value)) for row in table]


def sonneborn_berger(
    section: Section, edition: str = "2026", cut_low: int = 0, cut_high: int = 0
) -> list[int]:
    """SB (9.1): sum of opponent's (or dummy's) score times the points scored in that round."""
    table = contributions(section, edition)
    if not cut_low and not cut_high:
        return [sum(c.opponent_score * c.points for c in row) for row in table]
    return [sum(_sb_value(c) for c in cut(row, cut_low, cut_high, _sb_value)) for row in table]


def fore_buchholz(
    section: Section, edition: str = "2026", cut_low: int = 0, cut_high: int = 0
) -> list[int]:
    """FB (8.3): Buchholz as if every paired round of the final round had been drawn.

    "Paired" means the round had a scheduled opponent: games and forfeits.
    Byes of the final round keep their points.  Everyone's score, including
    the one used for a player's own dummies, is taken after that change.
    """
    if section.rounds == 0:
        return [0] * len(section)
    last = section.rounds - 1
    points = []
    for i, row in enumerate(section.points):
        changed = list(row)
        if section.kinds[i][last].has_opponent:
            changed[last] = section.draw
        points.append(changed)
    return buchholz(section.with_points(points), edition, cut_low, cut_high)


def average_of_opponents_buchholz(section: Section, edition: str = "2026") -> list[Fraction]:
    """AOB (8.2): mean Buchholz of the opponents met over the board (exact, in points)."""
    bh = buchholz(section, edition)
    values = []
    for i, kinds in enumerate(section.kinds):
        played = [section.opponents[i][r] for r, k in enumerate(kinds) if k is RoundOutcome.GAME]
        total = sum(bh[j] for j in played)
        values.append(Fraction(total, section.scale.unit * len(played)) if played else Fraction(0))
    return values


def _bh_value(c: Contribution) -> int:
    return c.opponent_score


def _sb_value(c: Contribution) -> int:
    return c.opponent_score * c.points


def cut(row: list[Contribution], low: int, high: int, value) -> list[Contribution]:
    """Drop ``low`` least then ``high`` most significant contributions (Art. 14, 16.5).

    Least significant: the lowest opponent score, the smallest ``value``
    among equals.  When VURs remain, the lowest VUR contribution competes and
    the higher of the two is cut (for Buchholz that is always the VUR, for
    Sonneborn-Berger it may not be).  Most significant cuts have no VUR
    exception.  At most all values are cut.
    """
    remaining = list(row)
    for _ in range(min(low, len(remaining))):
        least = min(remaining, key=lambda c: (c.opponent_score, value(c)))
        voluntary = [c for c in remaining if c.voluntary]
        if voluntary:
            lowest_vur = min(voluntary, key=value)
            if value(lowest_vur) >= value(least):
                least = lowest_vur
        remaining.remove(least)
    for _ in range(min(high, len(remaining))):
        remaining.remove(max(remaining, key=lambda c: (c.opponent_score, value(c))))
    return remaining
