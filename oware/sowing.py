"""Sowing: taking every seed from a pit and dropping one in each following pit.

Seeds go counter-clockwise (pit index + 1 mod 12), never into the pit they were taken from (it is
skipped on every lap) and never into a store. Where the seeds land depends only on the pit and the
seed count, so every sowing is precomputed once: `SOW_DELTA[pit << 6 | seeds]` is the number to add
to a packed board (see `position.py`) and `LAST_PIT[pit << 6 | seeds]` is the pit that receives the
last seed.
"""

from __future__ import annotations

from .position import FIELD, PITS, SEEDS


def sown_pits(pit: int, seeds: int) -> list[int]:
    """The pits that receive the seeds of `pit`, one entry per seed, in sowing order."""
    targets = []
    current = pit
    while len(targets) < seeds:
        current = (current + 1) % PITS
        if current != pit:
            targets.append(current)
    return targets


def sow(pits: list[int], pit: int) -> int:
    """Sow `pit` in the list `pits` in place; return the pit that received the last seed."""
    seeds = pits[pit]
    pits[pit] = 0
    targets = sown_pits(pit, seeds)
    for target in targets:
        pits[target] += 1
    return targets[-1] if targets else pit


def _delta(pit: int, seeds: int) -> int:
    delta = -seeds << (FIELD * pit)
    for target in sown_pits(pit, seeds):
        delta += 1 << (FIELD * target)
    return delta


# Indexed by pit << 6 | seeds; counts above 48 cannot occur and stay unused.
SOW_DELTA: list[int] = [0] * (PITS << FIELD)
LAST_PIT: list[int] = [0] * (PITS << FIELD)
for _pit in range(PITS):
    for _seeds in range(1, SEEDS + 1):
        SOW_DELTA[_pit << FIELD | _seeds] = _delta(_pit, _seeds)
        LAST_PIT[_pit << FIELD | _seeds] = sown_pits(_pit, _seeds)[-1]
del _pit, _seeds
