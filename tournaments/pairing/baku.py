"""Baku acceleration (FIDE C.04.7): the virtual points each player carries into each round."""

from decimal import Decimal
from math import ceil


def baku_virtual_points(pairing_numbers: list[int], rounds: int) -> dict[int, list[Decimal]]:
    """Return, per pairing number of group GA, its virtual points in rounds 1..`rounds`.

    GA is the first 2·⌈N/4⌉ players of the pairing list (half rounded up to an even number).
    The first ⌈R/2⌉ rounds are accelerated: GA gets 1 point in the first half of them (rounded
    up) and ½ in the rest. Players of GB never get any, so they are left out of the mapping.
    """
    ordered = sorted(pairing_numbers)
    group_a = ordered[: 2 * ceil(len(ordered) / 4)]
    accelerated = ceil(rounds / 2)
    full = ceil(accelerated / 2)
    values = [
        Decimal("1") if r < full else Decimal("0.5") if r < accelerated else Decimal("0")
        for r in range(rounds)
    ]
    return {number: list(values) for number in group_a}
