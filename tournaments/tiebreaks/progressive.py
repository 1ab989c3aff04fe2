"""Progressive (cumulative) score, C.07 Art. 7.5."""

from __future__ import annotations

from .section import Section


def progressive_score(section: Section, cut_low: int = 0) -> list[int]:
    """Sum of the running scores after each round; ``cut_low`` drops the first ones.

    All points count, played or not (Art. 16 does not apply to PS).
    """
    values = []
    for row in section.points:
        running = total = 0
        for r, p in enumerate(row):
            running += p
            if r >= cut_low:
                total += running
        values.append(total)
    return values
