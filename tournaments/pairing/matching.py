"""Graph matching primitives: maximum-weight matching and perfect-matching feasibility.

``max_weight_matching`` wraps networkx (Edmonds' blossom algorithm, exact on
Python integers of any size).  ``has_complete_matching`` answers "can these
players all be paired, leaving at most one bye candidate out?" — first by
Dirac's theorem (minimum degree ≥ n/2 gives a Hamiltonian cycle, hence a
perfect or near-perfect matching that can leave out any chosen vertex), and
otherwise with an Edmonds cardinality matching.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cache


def max_weight_matching(
    vertices: Iterable[int], edges: Iterable[tuple[int, int, int]]
) -> dict[int, int]:
    """Maximum-weight matching (not necessarily maximum cardinality) as a vertex→mate map.

    Edges with weight ≤ 0 are ignored.  Unmatched vertices are absent from the map.
    """
    # Imported on the first pairing, not with the module: networkx takes a fifth of a second to
    # import, which every process of the site (each web worker, each command) would pay.
    import networkx as nx

    graph = _adjacency_graph()()
    graph.add_nodes_from(vertices)
    graph.add_weighted_edges_from((a, b, w) for a, b, w in edges if w > 0)
    mate: dict[int, int] = {}
    for a, b in nx.max_weight_matching(graph, maxcardinality=False):
        mate[a] = b
        mate[b] = a
    return mate


@cache
def _adjacency_graph() -> type:
    """networkx's graph whose ``graph[v]`` is the adjacency dict itself, not a read-only view
    made for each read: the blossom algorithm reads ``graph[v][w]`` once for each edge's slack,
    some ten million times for the 399 players of the largest reference case, and making the
    two views took a third of its time. The same dicts in the same order: the same matching."""
    import networkx as nx

    class AdjacencyGraph(nx.Graph):
        def __getitem__(self, node):
            return self._adj[node]

    return AdjacencyGraph


def maximum_matching(
    vertices: Sequence[int], adjacent: Callable[[int, int], bool]
) -> dict[int, int]:
    """Maximum-cardinality matching (Edmonds), greedy start, as a vertex→mate map."""
    n = len(vertices)
    index = {v: i for i, v in enumerate(vertices)}
    neighbours = [[] for _ in range(n)]
    for i in range(n):
        vi = vertices[i]
        for j in range(i + 1, n):
            if adjacent(vi, vertices[j]):
                neighbours[i].append(j)
                neighbours[j].append(i)
    match = [-1] * n
    # Greedy start, sparsest vertices first.
    for i in sorted(range(n), key=lambda k: len(neighbours[k])):
        if match[i] == -1:
            for j in neighbours[i]:
                if match[j] == -1:
                    match[i], match[j] = j, i
                    break
    for root in range(n):
        if match[root] == -1:
            _augment_from(root, neighbours, match)
    del index
    return {vertices[i]: vertices[match[i]] for i in range(n) if match[i] != -1}


# A measured hot loop (completability checks of every bracket, see docs/performance.md): kept in
# one function so that its locals stay fast.
def _augment_from(root: int, neighbours: list[list[int]], match: list[int]) -> bool:
    """Search one augmenting path from ``root`` (Edmonds' blossom shrinking); apply it if found."""
    n = len(match)
    parent = [-1] * n
    base = list(range(n))
    used = [False] * n
    used[root] = True
    queue = [root]

    def lca(a: int, b: int) -> int:
        seen = [False] * n
        while True:
            a = base[a]
            seen[a] = True
            if match[a] == -1:
                break
            a = parent[match[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[match[b]]

    def mark_path(v: int, b: int, child: int, blossom: list[bool]) -> None:
        while base[v] != b:
            blossom[base[v]] = blossom[base[match[v]]] = True
            parent[v] = child
            child = match[v]
            v = parent[match[v]]

    head = 0
    while head < len(queue):
        v = queue[head]
        head += 1
        for to in neighbours[v]:
            if base[v] == base[to] or match[v] == to:
                continue
            if to == root or (match[to] != -1 and parent[match[to]] != -1):
                cur = lca(v, to)
                blossom = [False] * n
                mark_path(v, cur, to, blossom)
                mark_path(to, cur, v, blossom)
                for i in range(n):
                    if blossom[base[i]]:
                        base[i] = cur
                        if not used[i]:
                            used[i] = True
                            queue.append(i)
            elif parent[to] == -1:
                parent[to] = v
                if match[to] == -1:
                    # Flip the augmenting path ending at ``to``.
                    while to != -1:
                        pv = parent[to]
                        nxt = match[pv]
                        match[to], match[pv] = pv, to
                        to = nxt
                    return True
                used[match[to]] = True
                queue.append(match[to])
    return False


def has_complete_matching(
    vertices: Sequence[int],
    adjacent: Callable[[int, int], bool],
    may_stay_unpaired: Callable[[int], bool],
    missing_degree: Callable[[int], int] | None = None,
) -> bool:
    """Can ``vertices`` be paired so that at most one stays unpaired, and that one allowed to?

    ``missing_degree(v)``, when given, is an upper bound on the number of
    vertices of the set that ``v`` is *not* adjacent to; it enables the fast
    Dirac test.  An even set must be matched perfectly.
    """
    n = len(vertices)
    if n == 0:
        return True
    odd = n % 2 == 1
    if odd and not any(may_stay_unpaired(v) for v in vertices):
        return False
    if n == 1:
        return True
    if missing_degree is not None and n >= 3:
        if all(n - 1 - missing_degree(v) >= n / 2 for v in vertices):
            return True
    if odd:
        # A sentinel joined to every allowed vertex turns it into a perfect-matching question.
        sentinel = -1
        extended = list(vertices) + [sentinel]

        def adjacent_ext(a: int, b: int) -> bool:
            if a == sentinel:
                return may_stay_unpaired(b)
            if b == sentinel:
                return may_stay_unpaired(a)
            return adjacent(a, b)

        return len(maximum_matching(extended, adjacent_ext)) == len(extended)
    return len(maximum_matching(vertices, adjacent)) == n
