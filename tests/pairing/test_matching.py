"""Matching building blocks: feasibility test and the first optimal assignment."""

from __future__ import annotations

import itertools
import random

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing.assignment import (
    first_optimal_assignment,
    first_optimal_assignment_with_potentials,
)
from tournaments.pairing.matching import (
    has_complete_matching,
    max_weight_matching,
    maximum_matching,
)


@st.composite
def square_weights(draw):
    n = draw(st.integers(min_value=1, max_value=5))
    cells = draw(st.lists(st.one_of(st.none(), st.integers(1, 4)), min_size=n * n, max_size=n * n))
    return [[None if c is None else c << 80 for c in cells[i * n : (i + 1) * n]] for i in range(n)]


def brute_force_first(weights):
    n = len(weights)
    best = None
    for perm in itertools.permutations(range(n)):
        if any(weights[i][perm[i]] is None for i in range(n)):
            continue
        total = sum(weights[i][perm[i]] for i in range(n))
        if best is None or total > best[0] or (total == best[0] and list(perm) < best[1]):
            best = (total, list(perm))
    return best


@settings(max_examples=300, deadline=None)
@given(square_weights())
def test_the_assignment_is_optimal_and_first_in_transposition_order(weights):
    best = brute_force_first(weights)
    if best is None:
        return
    assert first_optimal_assignment(weights) == best[1]


@settings(max_examples=100, deadline=None)
@given(square_weights())
def test_assignment_potentials_certify_optimality(weights):
    if brute_force_first(weights) is None:
        return
    cols, row_y, col_y = first_optimal_assignment_with_potentials(weights)
    for i, row in enumerate(weights):
        for j, w in enumerate(row):
            if w is not None:
                assert row_y[i] + col_y[j] >= w
        assert row_y[i] + col_y[cols[i]] == weights[i][cols[i]]


def test_edmonds_matching_agrees_with_networkx_on_random_graphs():
    rng = random.Random(4)
    for _ in range(200):
        n = rng.randint(1, 14)
        edges = {(a, b) for a in range(n) for b in range(a + 1, n) if rng.random() < 0.3}
        mine = maximum_matching(
            list(range(n)), lambda a, b, edges=edges: (min(a, b), max(a, b)) in edges
        )
        graph = nx.Graph(list(edges))
        graph.add_nodes_from(range(n))
        assert len(mine) // 2 == len(nx.max_weight_matching(graph, maxcardinality=True))
        for a, b in mine.items():
            assert (min(a, b), max(a, b)) in edges and mine[b] == a


def test_a_complete_matching_may_leave_out_only_an_allowed_player():
    path = {(0, 1), (1, 2)}
    adjacent = lambda a, b: (min(a, b), max(a, b)) in path  # noqa: E731
    assert has_complete_matching([0, 1, 2], adjacent, lambda v: v == 2)
    assert not has_complete_matching([0, 1, 2], adjacent, lambda v: v == 1)
    assert not has_complete_matching([0, 1, 2, 3], adjacent, lambda v: True)


def test_the_weighted_matching_is_networkx_own_on_random_graphs():
    """`max_weight_matching` runs networkx's blossom algorithm on a graph that reads its
    adjacency directly: the same matching as on networkx's own graph, ties included (weights
    drawn from few values, shifted into the bit fields the Dutch weights use)."""
    rng = random.Random(7)
    for _ in range(300):
        n = rng.randint(2, 16)
        edges = [
            (a, b, rng.randint(1, 4) << 60)
            for a in range(n)
            for b in range(a + 1, n)
            if rng.random() < 0.4
        ]
        plain = nx.Graph()
        plain.add_nodes_from(range(n))
        plain.add_weighted_edges_from(edges)
        expected = {}
        for a, b in nx.max_weight_matching(plain, maxcardinality=False):
            expected[a], expected[b] = b, a
        assert max_weight_matching(range(n), edges) == expected
