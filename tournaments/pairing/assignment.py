"""Lexicographically first optimal assignment (S1 rows to S2 columns).

Once a bracket's S1/S2 split is fixed, choosing each S1 player's opponent is
an assignment problem: maximise the total weight, then give S1[0] the
earliest S2 player possible, then S1[1], and so on (the transposition order).
The Hungarian method gives an optimum together with dual potentials; the
optimal assignments are exactly the perfect matchings of the "tight" edges
(zero reduced cost), so the first one in transposition order is found
greedily, keeping a perfect matching and re-routing it along alternating
paths.
"""

from __future__ import annotations

from collections import deque

INFINITY = float("inf")


# A measured hot loop (the assignment of opponents in large brackets, see docs/performance.md):
# kept in one function so that its locals stay fast.
def _hungarian(weights: list[list[int | None]]) -> tuple[list[int], list, list]:
    """Maximum-weight perfect assignment of a square matrix (``None`` = forbidden).

    Returns ``(row_of_column, u, v)`` with costs ``-weight``: reduced cost
    ``-w[i][j] - u[i] - v[j] >= 0`` everywhere, 0 on the assignment
    (1-based arrays, index 0 unused).  Shortest augmenting paths, O(n³).
    """
    n = len(weights)
    u = [0] * (n + 1)
    v = [0] * (n + 1)
    row_of = [0] * (n + 1)  # row assigned to column j, 0 = none
    way = [0] * (n + 1)
    # Start from each row's best weight as its potential and give every row a
    # free column of that weight where one exists; only the others need a search.
    searched = []
    for i in range(1, n + 1):
        row = weights[i - 1]
        best = max((w for w in row if w is not None), default=None)
        if best is None:
            raise ValueError("no perfect assignment")
        u[i] = -best
        for j in range(1, n + 1):
            if row[j - 1] == best and row_of[j] == 0:
                row_of[j] = i
                break
        else:
            searched.append(i)
    for i in searched:
        row_of[0] = i
        j0 = 0
        minv = [INFINITY] * (n + 1)
        free = list(range(1, n + 1))  # columns not yet reached in this search
        reached = [0]
        while True:
            i0 = row_of[j0]
            row = weights[i0 - 1]
            ui0 = u[i0]
            delta = INFINITY
            j1 = -1
            for j in free:
                w = row[j - 1]
                if w is not None:
                    cur = -w - ui0 - v[j]
                    if cur < minv[j]:
                        minv[j] = cur
                        way[j] = j0
                if minv[j] < delta:
                    delta = minv[j]
                    j1 = j
            if j1 < 0 or delta == INFINITY:
                raise ValueError("no perfect assignment")
            for j in reached:
                u[row_of[j]] += delta
                v[j] -= delta
            for j in free:
                minv[j] -= delta
            free.remove(j1)
            reached.append(j1)
            j0 = j1
            if row_of[j0] == 0:
                break
        while j0:
            j1 = way[j0]
            row_of[j0] = row_of[j1]
            j0 = j1
    return row_of, u, v


def first_optimal_assignment(weights: list[list[int | None]]) -> list[int]:
    """Column of each row: an optimal assignment, earliest columns for earliest rows.

    ``weights`` is square; ``None`` marks a forbidden cell.  Among all
    maximum-weight perfect assignments, returns the one whose sequence of
    columns (row 0 first) is lexicographically smallest.
    """
    return first_optimal_assignment_with_potentials(weights)[0]


def first_optimal_assignment_with_potentials(
    weights: list[list[int | None]],
) -> tuple[list[int], list[int], list[int]]:
    """As :func:`first_optimal_assignment`, plus dual potentials ``(row_y, col_y)``.

    ``row_y[i] + col_y[j] >= weights[i][j]`` for every allowed cell, with
    equality on every optimal assignment: a certificate of optimality.
    """
    n = len(weights)
    if n == 0:
        return [], [], []
    row_of, u, v = _hungarian(weights)
    tight = [
        [
            j
            for j in range(n)
            if weights[i][j] is not None and -weights[i][j] - u[i + 1] - v[j + 1] == 0
        ]
        for i in range(n)
    ]
    col_of = [0] * n
    owner = [0] * n
    for j in range(1, n + 1):
        col_of[row_of[j] - 1] = j - 1
        owner[j - 1] = row_of[j] - 1
    fixed = [False] * n
    for r in range(n):
        for c in tight[r]:
            if col_of[r] == c:
                break
            if _reroute(r, c, tight, col_of, owner, fixed):
                break
        fixed[r] = True
    return col_of, [-x for x in u[1:]], [-x for x in v[1:]]


def _reroute(
    r: int, c: int, tight: list[list[int]], col_of: list[int], owner: list[int], fixed: list[bool]
) -> bool:
    """Give column ``c`` to row ``r`` if the other unfixed rows can be re-matched on tight edges."""
    displaced = owner[c]  # row losing c
    if fixed[displaced]:
        return False
    freed = col_of[r]  # column r gives up
    # Alternating path from ``displaced`` to ``freed`` over unfixed rows, avoiding r.
    parent: dict[int, tuple[int, int]] = {}
    seen_rows = {displaced, r}
    queue = deque([displaced])
    found = False
    while queue and not found:
        x = queue.popleft()
        for y in tight[x]:
            if y == c:
                continue
            if y == freed:
                parent[y] = (x, -1)
                found = True
                break
            nxt = owner[y]
            if nxt in seen_rows or fixed[nxt]:
                continue
            seen_rows.add(nxt)
            parent[y] = (x, -1)
            queue.append(nxt)
    if not found:
        return False
    # Walk back from ``freed``: each row on the path takes the column it reached.
    y = freed
    while True:
        x, _ = parent[y]
        previous = col_of[x]
        col_of[x] = y
        owner[y] = x
        if x == displaced:
            break
        y = previous
    col_of[r] = c
    owner[c] = r
    return True
