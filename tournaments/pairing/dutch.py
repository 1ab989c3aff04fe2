"""The FIDE Dutch round pairing, bracket by bracket, as one evolving weighted matching.

Method (the reference engine's, spec dutch.md §10):

1. Completion pre-pass: check that a complete pairing exists (C1–C4) and find
   the lowest score on which the PAB can fall (C5), and whether the top
   bracket's single downfloater is the PAB receiver (C9).
2. Bracket by bracket from the top, the pairs of the current bracket and the
   next scoregroup get full weights (:mod:`.weights`); every other pair keeps
   its completion-only weight, so an optimum over the whole unpaired field
   always leaves the lower brackets completable (C4).
3. The handbook's generation order is emulated by freezing decisions one by
   one, each time nudging low-order bits and re-optimising: which MDPs are
   paired (highest first), each MDP's opponent (earliest resident), how many
   exchanges the remainder needs, which S1 players leave (lowest first),
   which S2 players come up (highest first), and each S1 player's opponent
   (earliest in S2).
4. Leftovers move down as MDPs; the last leftover receives the PAB.

Re-optimising over the whole field is costly, so :class:`_Field` first solves
the bracket plus the next scoregroup alone and accepts that optimum when the
players it leaves over can still be completed with the lower scoregroups
(then it is also a global optimum, because outside pairs carry equal weight);
only otherwise does it solve the whole field.
"""

from __future__ import annotations

from decimal import Decimal

from .errors import PairingEngineBug, PairingImpossible
from .matching import has_complete_matching, max_weight_matching
from .players import PairingPlayer
from .weights import EdgeWeigher


class _Field:
    """The unpaired players as a weighted graph, with pinned pairs removed."""

    def __init__(self, weigher: EdgeWeigher, n: int):
        self.weigher = weigher
        self.n = n
        self.stored: dict[tuple[int, int], int] = {}
        self.pinned: dict[int, int] = {}
        self.background_c9 = False
        self.bracket: list[int] = []  # vertices with full weights (current bracket + next group)
        self.lower_start = n          # first vertex below the next scoregroup

    def get(self, a: int, b: int) -> int:
        key = (a, b) if a < b else (b, a)
        w = self.stored.get(key)
        if w is None:
            w = self.weigher.background(key[0], key[1], self.background_c9)
        return w

    def set(self, a: int, b: int, w: int) -> None:
        self.stored[(a, b) if a < b else (b, a)] = w

    def pin(self, a: int, b: int) -> None:
        """Fix the pair (a, b): both leave the graph."""
        if a == b or a in self.pinned or b in self.pinned:
            raise PairingEngineBug(f"cannot pin vertices {a} and {b}")
        self.pinned[a] = b
        self.pinned[b] = a

    # -- optimisation -------------------------------------------------------
    def solve(self) -> list[int]:
        """A maximum-weight matching of the unpinned field; ``mate[v] == v`` when unmatched.

        Vertices below the next scoregroup may be reported with mate ``n``
        (paired somewhere below) when the fast path was used.
        """
        mate = list(range(self.n + 1))
        for a, b in self.pinned.items():
            mate[a] = b
        active = [v for v in self.bracket if v not in self.pinned]
        lower = range(self.lower_start, self.n)
        if not (self.background_c9 and len(lower)):
            fast = self._solve_bracket_only(active, lower)
            if fast is not None:
                for v in active:
                    mate[v] = fast.get(v, self.n)
                return mate
        everyone = active + list(lower)
        edges = []
        for i, a in enumerate(everyone):
            for b in everyone[i + 1:]:
                w = self.get(a, b)
                if w:
                    edges.append((a, b, w))
        full = max_weight_matching(everyone, edges)
        for v in everyone:
            mate[v] = full.get(v, v)
        return mate

    def _solve_bracket_only(self, active: list[int], lower: range) -> dict[int, int] | None:
        """Optimum over the bracket alone, or ``None`` if its leftovers cannot be completed below."""
        weigher = self.weigher
        shift = weigher.completion_shift
        edges = []
        for i, a in enumerate(active):
            for b in active[i + 1:]:
                w = self.get(a, b)
                if w:
                    edges.append((a, b, w - (weigher.completion(a, b) << shift)))
        inner = max_weight_matching(active, edges)
        leftover = [v for v in active if v not in inner]
        if not self.completable(leftover, lower):
            return None
        return inner

    def completable(self, leftover: list[int], lower: range) -> bool:
        """Can ``leftover`` (pairable only downwards) plus ``lower`` be completed under C1–C3?"""
        weigher = self.weigher
        vertices = list(leftover) + list(lower)
        lower_start = self.lower_start
        up_count = len(leftover)

        def adjacent(a: int, b: int) -> bool:
            if a < lower_start and b < lower_start:
                return False
            return weigher.compatible(a, b)

        # Conservative count of non-neighbours for Dirac's test.
        abs_count = {"w": 0, "b": 0}
        for v in vertices:
            c = weigher.players[v].colour
            if c.absolute and not weigher._top[v]:
                abs_count[c.preference] += 1
        members = set(weigher.players[v].number for v in vertices)

        def missing(v: int) -> int:
            p = weigher.players[v]
            count = len(p.blocked & members)
            if p.colour.absolute and not weigher._top[v]:
                count += abs_count[p.colour.preference] - 1
            if v < lower_start:
                count += up_count - 1
            return count

        return has_complete_matching(
            vertices, adjacent, lambda v: weigher.bye_candidate[v], missing
        )


class DutchPairer:
    """Pairs one round; ``players`` must be the present players."""

    def __init__(self, players: list[PairingPlayer], played_rounds: int, total_rounds: int, win_points: Decimal):
        self.players = sorted(players, key=lambda p: (-p.score, p.rank_index))
        threshold = (int(played_rounds * win_points * 10) >> 1) / Decimal(10)
        self.weigher = EdgeWeigher(self.players, played_rounds, played_rounds >= total_rounds - 1, threshold)
        self.n = len(self.players)

    # -- pre-pass -------------------------------------------------------------
    def _feasible(self, vertices: list[int], stay: callable) -> bool:
        weigher = self.weigher
        members = set(weigher.players[v].number for v in vertices)
        abs_count = {"w": 0, "b": 0}
        for v in vertices:
            c = weigher.players[v].colour
            if c.absolute and not weigher._top[v]:
                abs_count[c.preference] += 1

        def missing(v: int) -> int:
            p = weigher.players[v]
            count = len(p.blocked & members)
            if p.colour.absolute and not weigher._top[v]:
                count += abs_count[p.colour.preference] - 1
            return count

        return has_complete_matching(vertices, weigher.compatible, stay, missing)

    def _prepass(self) -> tuple[Decimal, bool, dict[int, int]]:
        """Find the PAB score (C5), whether C9 starts in the top bracket, and C9 ranks."""
        players, n = self.players, self.n
        everyone = list(range(n))
        if n % 2 == 0:
            if not self._feasible(everyone, lambda v: False):
                raise PairingImpossible("the players cannot all be paired without a rematch or colour violation")
            return Decimal(0), False, {}
        scores = sorted({p.score for p in players if p.bye_eligible})
        bye_score = None
        for s in scores:
            if self._feasible(everyone, lambda v, s=s: players[v].bye_eligible and players[v].score <= s):
                bye_score = s
                break
        if bye_score is None:
            raise PairingImpossible(
                "no player can receive the pairing-allocated bye while all others are paired"
            )
        top = players[0].score
        single = False
        if bye_score >= top:
            top_group = [v for v in everyone if players[v].score == top]
            rest = [v for v in everyone if players[v].score != top]
            single = (
                len(top_group) % 2 == 1
                and self._feasible(top_group, lambda v: players[v].bye_eligible)
                and self._feasible(rest, lambda v: False)
            )
        counts = sorted((p.played_games for p in players if p.score == bye_score), reverse=True)
        ranks: dict[int, int] = {}
        for rank, games in enumerate(counts):
            ranks[games] = rank
        return bye_score, single, ranks

    # -- main procedure -------------------------------------------------------
    def pair(self) -> tuple[list[tuple[PairingPlayer, PairingPlayer]], PairingPlayer | None]:
        """Return the pairs (unordered sides) and the PAB receiver."""
        n = self.n
        if n == 0:
            return [], None
        players = self.players
        weigher = self.weigher
        bye_score, single_bye, ranks = self._prepass()
        weigher.set_bye(bye_score, ranks)
        field = _Field(weigher, n)
        field.background_c9 = single_bye
        score = [p.score for p in players] + [Decimal("-Infinity")]

        result: list[tuple[int, int]] = []
        matched = [False] * (n + 1)
        next_start = 0
        top = score[0]
        bracket: list[int] = []
        while next_start < n and score[next_start] >= top:
            bracket.append(next_start)
            next_start += 1
        mdp_count = 0            # MDPs at the head of ``bracket``
        resident_start = 0       # first resident vertex of the current bracket
        guard = 0

        while len(bracket) > 1 or next_start < n:
            guard += 1
            if guard > 4 * n + 10:
                raise PairingEngineBug("bracket loop does not terminate")
            size = len(bracket)                       # players of the current bracket
            next_resident_start = resident_start + (size - mdp_count)
            group_start = next_start
            if next_start < n:
                group_score = score[next_start]
                while next_start < n and score[next_start] >= group_score:
                    bracket.append(next_start)
                    next_start += 1
            field.bracket = bracket
            field.lower_start = next_start

            base: dict[tuple[int, int], int] = {}
            for j in range(mdp_count, len(bracket)):
                for i in range(j):
                    w = weigher.weight(bracket[i], bracket[j], j < size, j >= size, single_bye)
                    base[(i, j)] = w
                    field.set(bracket[i], bracket[j], w)

            def resident(v: int) -> bool:
                return resident_start <= v < next_resident_start

            mate = field.solve()

            # Which MDPs are paired in this bracket: highest first.
            i = 0
            remaining = remaining_paired = 0
            group_value = None
            for i in range(mdp_count):
                v = bracket[i]
                if i == 0 or score[v] < group_value:
                    group_value = score[v]
                    remaining = remaining_paired = 0
                    k = i
                    while k < mdp_count and score[bracket[k]] >= group_value:
                        remaining += 1
                        if resident(mate[bracket[k]]):
                            remaining_paired += 1
                        k += 1
                if not remaining_paired:
                    continue
                if remaining <= remaining_paired:
                    matched[v] = True
                    continue
                remaining -= 1
                if not resident(mate[v]):
                    for k in range(mdp_count, size):
                        w = base[(i, k)]
                        if w:
                            field.set(v, bracket[k], w | 1)
                    mate = field.solve()
                if resident(mate[v]):
                    matched[v] = True
                    remaining_paired -= 1
                    for k in range(mdp_count, size):
                        w = base[(i, k)]
                        if w:
                            field.set(v, bracket[k], (w | (size - mdp_count)) + 1)

            # Each paired MDP's opponent: the earliest resident possible.
            for i in range(mdp_count):
                v = bracket[i]
                if not matched[v]:
                    continue
                addend = len(bracket)
                best = None
                for k in range(size - 1, mdp_count - 1, -1):
                    u = bracket[k]
                    if matched[u]:
                        continue
                    w = base[(i, k)]
                    if w:
                        field.set(v, u, w + addend)
                        addend += 1
                        best = u
                if mate[v] != best:
                    mate = field.solve()
                m = mate[v]
                if not resident(m):
                    raise PairingEngineBug("an MDP chosen for pairing has no resident opponent")
                matched[m] = True
                field.pin(v, m)

            # The remainder (S1R = first ``pairs`` players, S2R = the rest).
            remainder = [k for k in range(mdp_count, size) if mate[bracket[k]] >= resident_start]
            pairs = sum(1 for k in remainder if mate[bracket[k]] < bracket[k])

            def ordered(k_small: int, k_large: int, small_pos: int) -> int:
                w = base[(k_small, k_large)]
                if w:
                    bonus = ((1 if small_pos < pairs else 0) << (2 * weigher.count_bits)) - small_pos
                    w += bonus << 1
                return w

            for pos_j, j in enumerate(remainder):
                for pos_i in range(pos_j):
                    field.set(bracket[remainder[pos_i]], bracket[j], ordered(remainder[pos_i], j, pos_i))
            mate = field.solve()

            def upper(v: int) -> bool:
                """v is paired inside the bracket with a lower-ranked player."""
                return v < mate[v] < next_resident_start

            exchanges = sum(1 for k in remainder[:pairs] if not upper(bracket[k]))

            # S1 players to exchange: prefer the lowest-ranked.
            left = exchanges
            pos = pairs
            while pos > 0 and left:
                pos -= 1
                k = remainder[pos]
                v = bracket[k]
                later = remainder[pos + 1:]
                if upper(v):
                    for j in later:
                        w = ordered(k, j, pos)
                        if w:
                            field.set(v, bracket[j], w - 1)
                    mate = field.solve()
                exchange = not upper(v)
                left -= exchange
                for j in later:
                    if exchange:
                        base[(k, j)] = 0
                    field.set(v, bracket[j], ordered(k, j, pos))

            # S2 players to exchange: prefer the highest-ranked.
            left = exchanges
            for pos in range(pairs, len(remainder)):
                if left <= 1:
                    break
                k = remainder[pos]
                v = bracket[k]
                later = remainder[pos + 1:]
                already = upper(v)
                if not already:
                    for j in later:
                        w = ordered(k, j, pos)
                        if w:
                            field.set(v, bracket[j], w + 1)
                    mate = field.solve()
                if upper(v):
                    left -= 1
                    for j in remainder[:pos]:
                        base[(j, k)] = 0
                        field.set(v, bracket[j], 0)
                    for j in range(size, len(bracket)):
                        base[(k, j)] = 0
                        field.set(v, bracket[j], 0)
                if not already:
                    for j in later:
                        field.set(v, bracket[j], ordered(k, j, pos))

            # Pin the S1/S2 split of the remainder.
            for pos, k in enumerate(remainder):
                v = bracket[k]
                for j in remainder[pos + 1:]:
                    u = bracket[j]
                    if not upper(v) or upper(u):
                        base[(k, j)] = 0
                    field.set(v, u, base[(k, j)])

            # Each S1 player's opponent: the earliest S2 player possible.
            for k in remainder:
                v = bracket[k]
                if not upper(v):
                    continue
                addend = 0
                best = None
                best_addend = -1
                for j in reversed(remainder):
                    u = bracket[j]
                    if j <= k or matched[u]:
                        continue
                    w = base[(k, j)]
                    if w:
                        field.set(v, u, w + addend)
                        best, best_addend = u, addend
                    addend += 1
                if mate[v] != best or best_addend <= 0:
                    mate = field.solve()
                m = mate[v]
                matched[v] = matched[m] = True
                field.pin(v, m)

            # Move the leftovers down.
            single_bye = (
                n % 2 == 1 and group_start < n and bye_score >= score[group_start]
            )
            new_bracket = []
            new_mdp_count = 0
            paired_below = 0
            for idx, v in enumerate(bracket):
                if idx < size and matched[v]:
                    if v < field.pinned[v]:
                        result.append((v, field.pinned[v]))
                    continue
                new_bracket.append(v)
                if idx < size:
                    new_mdp_count += 1
                if mate[v] == n:
                    paired_below += 1
                elif single_bye and score[mate[v]] < score[group_start]:
                    single_bye = False
            # With the fast path, players left over by the bracket optimum are
            # either the PAB receiver or paired below.  When the PAB score is
            # not below the next scoregroup nobody below can take the PAB, so
            # one such player is the PAB receiver and two mean a pair below.
            if paired_below > 1:
                single_bye = False
            bracket = new_bracket
            mdp_count = new_mdp_count
            resident_start = next_resident_start

        bye = None
        if len(bracket) > 1:
            raise PairingEngineBug(f"players left unpaired: {bracket}")
        if bracket:
            bye = players[bracket[0]]
        paired = {v for pair in result for v in pair}
        if len(paired) + (1 if bye else 0) != n:
            raise PairingEngineBug("not every player was paired")
        return [(players[a], players[b]) for a, b in result], bye
