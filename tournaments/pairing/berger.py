"""The FIDE Berger tables (Handbook C.05, Annex 1): every round of a round robin, known in advance.

Positions are 1..n for an even ``n``; with an odd number of players the table of the next even
size is used and the highest position is the dummy: whoever meets it has the bye that round.
Each pair is written ``(south, north)``: South plays first (White's part).

The table is generated rather than stored. For ``n`` positions there are ``n - 1`` rounds.
Position ``n`` is fixed; two other positions ``i`` and ``j`` meet in the round ``r`` with
``i + j - 1 ≡ r (mod n - 1)``, and position ``n`` meets the one for which ``2i - 1 ≡ r``.
Colours as the tables print them: ``n`` plays South in even rounds and North in odd ones; of
two other positions the lower plays South when ``i + j`` is odd, the higher when it is even.
Boards are listed in the tables' order: position ``n``'s board first, then outwards from its
opponent ``x`` (``x + k`` against ``x - k``).

Double round robin: the second cycle repeats the table with the sides reversed, and the last
two rounds of the first cycle are exchanged, as the handbook recommends, so that no player
has the same side three rounds running across the two cycles.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ScheduledRound:
    """One round of a Berger schedule, in positions.

    ``table_round`` is the round of the printed table it comes from (1-based) and ``cycle`` is
    1 or 2; ``bye`` is the position facing the dummy, or ``None`` for an even field.
    """

    number: int
    cycle: int
    table_round: int
    boards: tuple[tuple[int, int], ...]
    bye: int | None = None


def table_size(players: int) -> int:
    """Positions in the table for ``players`` players: the next even number."""
    return players + players % 2


def table_round(size: int, round_number: int) -> list[tuple[int, int]]:
    """Round ``round_number`` (1..size-1) of the Berger table of even ``size``, as printed."""
    if size < 2 or size % 2:
        raise ValueError("a Berger table has an even number of positions, at least 2")
    if not 1 <= round_number <= size - 1:
        raise ValueError(f"a table of {size} has rounds 1..{size - 1}")
    cycle = size - 1

    def position(value: int) -> int:
        return (value - 1) % cycle + 1

    # The position meeting the fixed one solves 2x - 1 ≡ r (mod size - 1); size - 1 is odd.
    fixed_opponent = next(x for x in range(1, size) if (2 * x - 1 - round_number) % cycle == 0)
    fixed_board = (size, fixed_opponent) if round_number % 2 == 0 else (fixed_opponent, size)
    boards = [fixed_board]
    for k in range(1, size // 2):
        a, b = position(fixed_opponent + k), position(fixed_opponent - k)
        low, high = min(a, b), max(a, b)
        boards.append((low, high) if (a + b) % 2 else (high, low))
    return boards


def berger_schedule(players: int, cycles: int = 1) -> list[ScheduledRound]:
    """Every round for ``players`` players (positions 1..players), single or double cycle."""
    if players < 2:
        raise ValueError("a round robin needs at least two players")
    if cycles not in (1, 2):
        raise ValueError("a round robin has one or two cycles")
    size = table_size(players)
    order = list(range(1, size))
    if cycles == 2 and len(order) >= 2:
        order[-2], order[-1] = order[-1], order[-2]
    plan = [(1, r, False) for r in order]
    if cycles == 2:
        plan += [(2, r, True) for r in range(1, size)]
    rounds = []
    for number, (cycle, source, reverse) in enumerate(plan, start=1):
        boards, bye = [], None
        for south, north in table_round(size, source):
            if reverse:
                south, north = north, south
            if size > players and size in (south, north):
                bye = north if south == size else south
            else:
                boards.append((south, north))
        rounds.append(ScheduledRound(number, cycle, source, tuple(boards), bye))
    return rounds


__all__ = ["ScheduledRound", "berger_schedule", "table_round", "table_size"]
