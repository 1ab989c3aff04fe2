"""The unpaired field as a weighted graph, and completion (C4) feasibility tests.

:class:`PairingField` holds the pair weights the Dutch procedure works on:
full weights inside the current bracket (by position), weights reaching into
the next scoregroup computed on demand, completion-only weights elsewhere,
plus the few weights the procedure changed.  Pinned pairs leave the graph.
Its :meth:`PairingField.solve` returns a maximum-weight matching, solving as
small a part of the field as can be shown to give a global optimum.
"""

from __future__ import annotations

from .errors import PairingEngineBug
from .matching import has_complete_matching, max_weight_matching
from .weights import EdgeWeigher


def non_neighbour_bound(
    weigher: EdgeWeigher, vertices: list[int], restricted: frozenset[int] = frozenset()
):
    """A function giving, for a vertex, an upper bound of the players of ``vertices``
    it cannot meet (played or forbidden opponents, same absolute colour
    preference, other ``restricted`` players) — the input of Dirac's test."""
    abs_count = [0, 0]  # players with an absolute preference, by side
    for v in vertices:
        c = weigher.players[v].colour
        if c.absolute and not weigher.is_top_scorer(v):
            abs_count[c.preference] += 1
    members = set(weigher.players[v].number for v in vertices)
    restricted_count = len(restricted)

    def bound(v: int) -> int:
        p = weigher.players[v]
        count = len(p.blocked & members)
        if p.colour.absolute and not weigher.is_top_scorer(v):
            count += abs_count[p.colour.preference] - 1
        if v in restricted:
            count += restricted_count - 1
        return count

    return bound


class PairingField:
    """The unpaired players as a weighted graph, with pinned pairs removed."""

    def __init__(self, weigher: EdgeWeigher, n: int):
        self.weigher = weigher
        self.n = n
        self.stored: dict[tuple[int, int], int] = {}
        self.pinned: dict[int, int] = {}
        self.background_c9 = False
        self.bracket: list[int] = []  # vertices with full weights (current bracket + next group)
        self.lower_start = n  # first vertex below the next scoregroup
        self.last_mate: list[int] = []
        self.size = 0  # players of the current bracket (a prefix of ``bracket``)
        self.bracket_alone_allowed = False
        self.below_completable: bool | None = None
        self.lower_completable: bool | None = None
        self.onward_floaters: set[int] | None = None
        self.following_missing: int | None = None
        self.following_facts = None
        self.last_path = ""
        self.mdp_count = 0
        self.base: dict[tuple[int, int], int] = {}
        self.position: dict[int, int] = {}
        self.single_bye = False

    def begin_bracket(
        self, bracket: list[int], size: int, mdp_count: int, base: dict, single_bye: bool
    ) -> None:
        """Weights for a new bracket: ``base`` holds the pairs inside it (by position),
        pairs reaching into the next scoregroup are computed when asked."""
        self.bracket = bracket
        self.size = size
        self.mdp_count = mdp_count
        self.base = base
        self.position = {v: i for i, v in enumerate(bracket)}
        self.single_bye = single_bye

    def end_bracket(self, leftovers: list[int]) -> None:
        """Keep only the weights among the players moving down: pairs between two
        MDPs are not recomputed in the next bracket (reference engine)."""
        kept = {}
        for i, a in enumerate(leftovers):
            for b in leftovers[i + 1 :]:
                kept[(a, b) if a < b else (b, a)] = self.get(a, b)
        self.stored = kept
        self.base = {}
        self.position = {}

    def get(self, a: int, b: int) -> int:
        key = (a, b) if a < b else (b, a)
        w = self.stored.get(key)
        if w is not None:
            return w
        pa = self.position.get(key[0])
        pb = self.position.get(key[1])
        if pa is not None and pb is not None:
            if pb >= self.size:
                return self.weigher.weight(key[0], key[1], False, True, self.single_bye)
            if pb >= self.mdp_count:
                return self.base[(pa, pb)]
        return self.weigher.background(key[0], key[1], self.background_c9)

    def set(self, a: int, b: int, w: int) -> None:
        self.stored[(a, b) if a < b else (b, a)] = w

    def pin(self, a: int, b: int) -> None:
        """Fix the pair (a, b): both leave the graph."""
        if a == b or a in self.pinned or b in self.pinned:
            raise PairingEngineBug(f"cannot pin vertices {a} and {b}")
        self.pinned[a] = b
        self.pinned[b] = a

    # -- optimisation -------------------------------------------------------
    def solve(
        self, bonus: dict[tuple[int, int], int] | None = None, bonus_bits: int = 0
    ) -> list[int]:
        """A maximum-weight matching of the unpinned field; ``mate[v] == v`` when unmatched.

        ``bonus`` adds tie-breaks below every criterion: each stored weight is
        shifted left by ``bonus_bits`` and the bonus of the pair (keys with
        the smaller vertex first; |bonus| < 2**(bonus_bits-1)) is added.
        Vertices of the bracket left unpaired by a bracket-only optimum are
        reported with mate ``n`` (paired below, or the PAB receiver).
        """
        bonus = bonus or {}
        mate = list(range(self.n + 1))
        for a, b in self.pinned.items():
            mate[a] = b
        active = [v for v in self.bracket if v not in self.pinned]
        lower = range(self.lower_start, self.n)
        if not (self.background_c9 and len(lower)):
            if self.bracket_alone_allowed and self.size < len(self.bracket):
                alone = self._solve_current_bracket_alone(bonus, bonus_bits)
                if alone is not None:
                    for v in active:
                        mate[v] = alone.get(v, self.n)
                    self.last_path = "alone"
                    return mate
            fast = self._solve_bracket_only(active, lower, bonus, bonus_bits)
            if fast is not None:
                for v in active:
                    mate[v] = fast.get(v, self.n)
                self.last_path = "bracket"
                return mate
        everyone = active + list(lower)
        edges = []
        for i, a in enumerate(everyone):
            for b in everyone[i + 1 :]:
                w = self.get(a, b)
                if w:
                    key = (a, b) if a < b else (b, a)
                    edges.append((a, b, (w << bonus_bits) + bonus.get(key, 0)))
        full = max_weight_matching(everyone, edges)
        for v in everyone:
            mate[v] = full.get(v, v)
        self.last_path = "full"
        return mate

    def _inner_edges(self, vertices: list[int], bonus: dict[tuple[int, int], int], bonus_bits: int):
        """Edges among ``vertices`` minus the completion field (equal in all complete pairings)."""
        weigher = self.weigher
        shift = weigher.completion_shift
        get = self.get
        edges = []
        for i, a in enumerate(vertices):
            for b in vertices[i + 1 :]:
                w = get(a, b)
                if w:
                    low = w - (weigher.completion(a, b) << shift)
                    edges.append((a, b, (low << bonus_bits) + bonus.get((a, b), 0)))
        return edges

    def _solve_bracket_only(
        self, active: list[int], lower: range, bonus: dict[tuple[int, int], int], bonus_bits: int
    ) -> dict[int, int] | None:
        """Optimum over the bracket and next scoregroup alone, or ``None`` if its
        leftovers cannot be completed below."""
        inner = max_weight_matching(active, self._inner_edges(active, bonus, bonus_bits))
        leftover = [v for v in active if v not in inner]
        if not self.completable(leftover, list(lower)):
            return None
        return inner

    def _solve_current_bracket_alone(
        self, bonus: dict[tuple[int, int], int], bonus_bits: int
    ) -> dict[int, int] | None:
        """Optimum of the current bracket alone, when it provably is part of a global optimum.

        Even bracket: if it can pair all its players, every optimum does (C6
        ranks above everything that depends on the next scoregroup), no pair
        crosses into the next scoregroup, and the next scoregroup's own pairs
        no longer depend on this bracket.  Odd bracket: the bracket optimum
        leaves one downfloater; if it can be paired in the next scoregroup
        while that scoregroup pairs everybody, the look-ahead (C8) is at its
        best, and the rest is as above.  Either way the players below must
        still be completable (C4).
        """
        current = [v for v in self.bracket[: self.size] if v not in self.pinned]
        inner = max_weight_matching(current, self._inner_edges(current, bonus, bonus_bits))
        floaters = [v for v in current if v not in inner]
        following = list(self.bracket[self.size :])
        lower = list(range(self.lower_start, self.n))
        if not floaters:
            if self.below_completable is None:
                self.below_completable = self.completable([], following + lower)
            return inner if self.below_completable else None
        if len(floaters) != 1 or not self.floater_fits(floaters[0]):
            return None
        return inner

    def floater_fits(self, floater: int) -> bool:
        """Can this single downfloater of the current bracket be paired in the next
        scoregroup while that scoregroup pairs as many players as possible (C8 at
        its best), and the players below still complete (C4)?"""
        following = list(self.bracket[self.size :])
        lower = list(range(self.lower_start, self.n))
        weigher = self.weigher
        group = [floater] + following
        if self._fits_by_degree(floater, following):
            # Dirac: the next scoregroup plus the floater has a Hamiltonian cycle.
            if len(following) % 2 == 1:
                if self.lower_completable is None:
                    self.lower_completable = self.completable([], lower)
                return self.lower_completable
            if self.onward_floaters is None:
                if lower:
                    self.onward_floaters = {u for u in following if self.completable([u], lower)}
                else:
                    self.onward_floaters = {u for u in following if weigher.bye_candidate[u]}
            return bool(self.onward_floaters)
        if len(following) % 2 == 1:
            if self.lower_completable is None:
                self.lower_completable = self.completable([], lower)
            if not self.lower_completable:
                return False
            return has_complete_matching(
                group, weigher.compatible, lambda v: False, non_neighbour_bound(weigher, group)
            )
        # One player of the next scoregroup then floats on: into the players below,
        # or (when there are none) to the PAB.
        if self.onward_floaters is None:
            if lower:
                self.onward_floaters = {u for u in following if self.completable([u], lower)}
            else:
                self.onward_floaters = {u for u in following if weigher.bye_candidate[u]}
        allowed = self.onward_floaters
        return has_complete_matching(
            group, weigher.compatible, lambda v: v in allowed, non_neighbour_bound(weigher, group)
        )

    def _fits_by_degree(self, floater: int, following: list[int]) -> bool:
        """Dirac's condition for the next scoregroup plus ``floater``, with the
        scoregroup's own part computed once per bracket."""
        size = len(following) + 1
        limit = size / 2 - 1  # most non-neighbours a player may have
        if self.following_missing is None:
            bound = non_neighbour_bound(self.weigher, following)
            self.following_missing = max((bound(v) for v in following), default=0)
            numbers = {self.weigher.players[v].number for v in following}
            absolute = [0, 0]  # by side
            for v in following:
                c = self.weigher.players[v].colour
                if c.absolute and not self.weigher.is_top_scorer(v):
                    absolute[c.preference] += 1
            self.following_facts = (numbers, absolute)
        if size < 3 or self.following_missing + 1 > limit:
            return False
        numbers, absolute = self.following_facts
        p = self.weigher.players[floater]
        missing = len(p.blocked & numbers)
        if p.colour.absolute and not self.weigher.is_top_scorer(floater):
            missing += absolute[p.colour.preference]
        return missing <= limit

    def completable(self, restricted: list[int], free: list[int]) -> bool:
        """Can ``restricted`` plus ``free`` all be paired under C1–C3 (one PAB candidate
        may stay out), with no two ``restricted`` players paired together?"""
        weigher = self.weigher
        vertices = list(restricted) + list(free)
        restricted_set = frozenset(restricted)

        def adjacent(a: int, b: int) -> bool:
            if a in restricted_set and b in restricted_set:
                return False
            return weigher.compatible(a, b)

        return has_complete_matching(
            vertices,
            adjacent,
            lambda v: weigher.bye_candidate[v],
            non_neighbour_bound(weigher, vertices, restricted_set),
        )
