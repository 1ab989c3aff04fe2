"""The FIDE Dutch round pairing, bracket by bracket, as one evolving weighted matching.

Model (docs/pairing.md, "How the engine finds the pairing"):

1. Completion pre-pass: check that a complete pairing exists (C1–C4), find
   the lowest score on which the PAB can fall (C5), and whether the top
   bracket's single downfloater is the PAB receiver (C9).
2. Bracket by bracket from the top, the pairs of the current bracket and the
   next scoregroup get full weights (:mod:`.weights`); every other pair keeps
   its completion-only weight, so an optimum over the whole unpaired field
   always leaves the lower brackets completable (C4).
3. The handbook's generation order is a chain of "prefer this among the
   optimal pairings" decisions: which MDPs are paired (highest first), each
   MDP's opponent (earliest resident), the number of exchanges and the moved
   BSNs, which S1 players leave (lowest first), which S2 players come up
   (highest first), and each S1 player's opponent (earliest in S2).  Such a
   chain is a lexicographic preference, encoded as tie-break bits below all
   criteria, so each stage is one optimisation.
4. Leftovers move down as MDPs; the last leftover receives the PAB.

Shortcuts that give the same optimum with far less work:

* a homogeneous even bracket whose S1[i]–S2[i] pairs are allowed and grant
  every colour preference is a perfect candidate, accepted at once (3.3);
* the current bracket is optimised alone when that optimum provably extends
  to a global one (it pairs everybody, or its single downfloater fits the
  next scoregroup at its best C8 value, and the rest completes);
* otherwise the bracket plus the next scoregroup is optimised, and accepted
  when its leftovers complete below (outside pairs all weigh the same);
  only failing that is the whole field optimised;
* with the S1/S2 split fixed, opponents are an assignment problem: the
  Hungarian method plus a greedy walk over tight edges gives the first
  optimal assignment in transposition order, and comparing the natural
  split with the bracket optimum tells whether any exchange is needed.
"""

from __future__ import annotations

from decimal import Decimal

from .assignment import first_optimal_assignment
from .bracket import Bracket, BracketWalk
from .errors import PairingEngineBug, PairingImpossible
from .field import PairingField, non_neighbour_bound
from .matching import has_complete_matching
from .players import PairingPlayer
from .shortcuts import CertifiedShortcuts
from .weights import EdgeWeigher


class DutchPairer(CertifiedShortcuts):
    """Pairs one round; ``players`` must be the present players.

    ``use_shortcuts = False`` turns off every proven shortcut (perfect
    candidates, LP certificates, assignment of opponents): the plain model
    then decides everything, which tests use as the reference.
    """

    use_shortcuts = True

    def __init__(
        self,
        players: list[PairingPlayer],
        played_rounds: int,
        total_rounds: int,
        win_points: Decimal,
    ):
        self.players = sorted(players, key=lambda p: (-p.score, p.rank_index))
        threshold = (int(played_rounds * win_points * 10) >> 1) / Decimal(10)
        self.weigher = EdgeWeigher(
            self.players, played_rounds, played_rounds >= total_rounds - 1, threshold
        )
        self.n = len(self.players)

    # -- pre-pass -------------------------------------------------------------
    def _feasible(self, vertices: list[int], may_stay_unpaired) -> bool:
        """Can ``vertices`` all be paired under C1–C3 (one allowed player may stay out)?"""
        weigher = self.weigher
        return has_complete_matching(
            vertices, weigher.compatible, may_stay_unpaired, non_neighbour_bound(weigher, vertices)
        )

    def _prepass(self) -> tuple[Decimal, bool, dict[int, int]]:
        """Find the PAB score (C5), whether C9 starts in the top bracket, and C9 ranks."""
        players, n = self.players, self.n
        everyone = list(range(n))
        if n % 2 == 0:
            if not self._feasible(everyone, lambda v: False):
                raise PairingImpossible("no_perfect_pairing")
            return Decimal(0), False, {}
        scores = sorted({p.score for p in players if p.bye_eligible})
        bye_score = None
        for s in scores:
            if self._feasible(
                everyone, lambda v, s=s: players[v].bye_eligible and players[v].score <= s
            ):
                bye_score = s
                break
        if bye_score is None:
            raise PairingImpossible("no_bye_candidate")
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
        bye_score, single_bye, ranks = self._prepass()
        self.weigher.set_bye(bye_score, ranks)
        field = PairingField(self.weigher, n)
        field.background_c9 = single_bye
        walk = BracketWalk(
            score=[p.score for p in self.players] + [Decimal("-Infinity")],
            bye_score=bye_score,
            single_bye=single_bye,
            matched=[False] * (n + 1),
        )
        walk.take_scoregroup(n)
        guard = 0
        while len(walk.vertices) > 1 or walk.next_start < n:
            guard += 1
            if guard > 4 * n + 10:
                raise PairingEngineBug("bracket loop does not terminate")
            bracket = self._open_bracket(field, walk)
            mate = self._pair_bracket(field, bracket)
            walk.move_leftovers_down(field, bracket, mate, n)
        return self._outcome(walk)

    def _open_bracket(self, field: PairingField, walk: BracketWalk) -> Bracket:
        """The current bracket joined by the next scoregroup, with its pair weights."""
        n = self.n
        size = len(walk.vertices)
        group_start = walk.next_start
        walk.take_scoregroup(n)
        field.lower_start = walk.next_start
        field.below_completable = None
        field.lower_completable = None
        field.onward_floaters = None
        field.following_missing = None
        # The next scoregroup's own pairs matter when the PAB may fall there (C9 look-ahead).
        field.bracket_alone_allowed = not walk.bye_may_fall_in(group_start, n)
        bracket = Bracket(
            vertices=walk.vertices,
            size=size,
            mdp_count=walk.mdp_count,
            base={},
            resident_start=walk.resident_start,
            next_resident_start=walk.resident_start + (size - walk.mdp_count),
            group_start=group_start,
            matched=walk.matched,
        )
        vertices, weight, single_bye = bracket.vertices, self.weigher.weight, walk.single_bye
        for j in range(bracket.mdp_count, size):
            for i in range(j):
                bracket.base[(i, j)] = weight(vertices[i], vertices[j], True, False, single_bye)
        field.begin_bracket(vertices, size, bracket.mdp_count, bracket.base, single_bye)
        return bracket

    def _pair_bracket(self, field: PairingField, bracket: Bracket) -> list[int]:
        """Pair the bracket (a proven shortcut, else MDPs then the remainder); the mate list."""
        shortcut = self.use_shortcuts and (
            self._pair_naturally(field, bracket)
            or self._pair_by_natural_split(field, bracket)
            or self._pair_single_mdp(field, bracket)
        )
        if not shortcut:
            mate = self._pair_mdps(field, bracket) if bracket.mdp_count else field.solve()
            self._pair_remainder(field, bracket, mate)
        return field.last_mate

    def _outcome(self, walk: BracketWalk):
        """The pairs and the PAB receiver once every bracket is done."""
        players = self.players
        if len(walk.vertices) > 1:
            raise PairingEngineBug(f"players left unpaired: {walk.vertices}")
        bye = players[walk.vertices[0]] if walk.vertices else None
        paired = {v for pair in walk.result for v in pair}
        if len(paired) + (1 if bye else 0) != self.n:
            raise PairingEngineBug("not every player was paired")
        return [(players[a], players[b]) for a, b in walk.result], bye

    # -- generation order as lexicographic tie-breaks ---------------------------
    #
    # The handbook fixes decisions one at a time (first MDP, its opponent,
    # ...).  Each decision prefers one option among the optimal pairings, given
    # the earlier ones; that is a lexicographic preference, so every sequence
    # is encoded as one tie-break vector below all criteria and solved at once.

    def _pair_mdps(self, field: PairingField, b: Bracket) -> list[int]:
        """Choose the MDPs paired in the bracket (earliest first) and their opponents
        (earliest resident first, MDP by MDP); pin those pairs."""
        bracket, base, mdp_count, size, matched = b.vertices, b.base, b.mdp_count, b.size, b.matched
        resident = b.resident
        residents = size - mdp_count
        radix = residents + 1
        digits = mdp_count * radix.bit_length()
        bonus: dict[tuple[int, int], int] = {}
        for i in range(mdp_count):
            v = bracket[i]
            chosen = 1 << (mdp_count - 1 - i)  # this MDP gets paired here
            place = radix ** (mdp_count - 1 - i)  # its opponent's earliness
            for k in range(mdp_count, size):
                if base[(i, k)]:
                    u = bracket[k]
                    bonus[(v, u) if v < u else (u, v)] = (chosen << digits) + (size - k) * place
        bits = mdp_count + digits + 2
        mate = field.solve(bonus, bits)
        chosen = [resident(mate[bracket[i]]) for i in range(mdp_count)]
        for i in range(mdp_count):
            v = bracket[i]
            if chosen[i]:
                matched[v] = matched[mate[v]] = True
                field.pin(v, mate[v])
        # An MDP passed over although others of its score were paired keeps a
        # marked edge to the residents (reference engine detail that can decide
        # an MDP-to-MDP pairing further down).
        i = 0
        while i < mdp_count:
            group_end = i
            while (
                group_end < mdp_count
                and self.players[bracket[group_end]].score == self.players[bracket[i]].score
            ):
                group_end += 1
            left = group_end - i
            to_pair = sum(chosen[i:group_end])
            for t in range(i, group_end):
                if not to_pair:
                    break
                if left <= to_pair:
                    break
                left -= 1
                if chosen[t]:
                    to_pair -= 1
                else:
                    for k in range(mdp_count, size):
                        if base[(t, k)] and not matched[bracket[k]]:
                            field.set(bracket[t], bracket[k], base[(t, k)] | 1)
            i = group_end
        return mate

    def _pair_remainder(self, field: PairingField, b: Bracket, mate: list[int]) -> None:
        """Pair the remainder: fewest exchanges and smallest BSN differences (weights),
        then S1 leavers from the bottom, S2 joiners from the top, then each S1
        player's earliest S2 opponent (tie-breaks); pin the pairs."""
        bracket = b.vertices
        remainder = [k for k in range(b.mdp_count, b.size) if mate[bracket[k]] >= b.resident_start]
        if not remainder:
            field.last_mate = mate
            return
        pairs = sum(1 for k in remainder if mate[bracket[k]] < bracket[k])
        choices = self._leaver_choices(b, remainder, pairs)
        choice_bits = pairs + (len(remainder) - pairs) + 3
        assigned = None
        if self.use_shortcuts and (field.last_path == "alone" or len(bracket) == b.size):
            assigned = self._natural_split(field, b, remainder, pairs, mate)
        if assigned is None:
            assigned, mate = self._exchanges(field, b, remainder, pairs, mate, choices, choice_bits)
        if assigned is None:
            mate = self._earliest_opponents(field, b, remainder, choices, choice_bits)
        else:
            mate = assigned
        self._pin_remainder(field, b, remainder, mate)

    def _leaver_choices(self, b: Bracket, remainder: list[int], pairs: int) -> dict:
        """Tie-break bits: S1 players leave from the bottom, S2 players join from the top."""
        bracket, base = b.vertices, b.base
        lower_len = len(remainder) - pairs
        choices: dict[tuple[int, int], int] = {}
        for pos_j, j in enumerate(remainder):
            u = bracket[j]
            for pos_i in range(pos_j):
                i = remainder[pos_i]
                if base[(i, j)]:
                    if pos_i < pairs:
                        choices[(bracket[i], u)] = -(1 << pos_i) << lower_len
                    else:
                        choices[(bracket[i], u)] = 1 << (lower_len - 1 - (pos_i - pairs))
        return choices

    def _natural_split(self, field, b: Bracket, remainder, pairs, mate) -> list[int] | None:
        """Without exchanges S1 is the first ``pairs`` players: if that split reaches the
        bracket optimum, no exchange is needed (C-stage) and the assignment gives each S1
        player's opponent directly.  The new mate list, or ``None``."""
        bracket, base = b.vertices, b.base
        natural = self._assign_opponents(field, b, remainder, remainder[:pairs], mate)
        if natural is None:
            return None
        best = 0
        index = {v: k for k, v in enumerate(bracket)}
        for k in remainder:
            v, m = bracket[k], mate[bracket[k]]
            if v < m < b.next_resident_start:
                best += self._low(v, m, base[(k, index[m])])
        return natural[0] if natural[1] == best else None

    def _exchanges(self, field, b: Bracket, remainder, pairs, mate, choices, choice_bits):
        """Fewest exchanges, then the smallest moved BSN sum; then who leaves and joins S1.

        Returns ``(assigned, mate)``: ``assigned`` is the final mate list when the
        assignment shortcut settles the opponents, else ``None``.
        """
        bracket, base, weigher = b.vertices, b.base, self.weigher
        for pos_j, j in enumerate(remainder):
            for pos_i in range(pos_j):
                i = remainder[pos_i]
                w = base[(i, j)]
                if w:
                    # Fewest exchanges, then the smallest moved BSN sum (reserved low bits).
                    w += (((1 if pos_i < pairs else 0) << (2 * weigher.count_bits)) - pos_i) << 1
                field.set(bracket[i], bracket[j], w)
        mate = field.solve()
        upper = [k for k in remainder if bracket[k] < mate[bracket[k]] < b.next_resident_start]
        if (
            any(pos >= pairs for pos, k in enumerate(remainder) if k in set(upper))
            or len(upper) < pairs
        ):
            # Exchanges are needed: decide who leaves S1 and who joins it.
            mate = field.solve(choices, choice_bits)
            upper = [k for k in remainder if bracket[k] < mate[bracket[k]] < b.next_resident_start]
        if self.use_shortcuts and (field.last_path == "alone" or len(bracket) == b.size):
            found = self._assign_opponents(field, b, remainder, upper, mate)
            return (found[0] if found else None), mate
        return None, mate

    def _earliest_opponents(self, field, b: Bracket, remainder, choices, choice_bits) -> list[int]:
        """Each S1 player's opponent: the earliest possible, S1 order first (one optimisation)."""
        bracket = b.vertices
        length = len(remainder)
        radix = length + 1
        digits = length * radix.bit_length()
        bonus: dict[tuple[int, int], int] = {}
        for pos_j, j in enumerate(remainder):
            u = bracket[j]
            for pos_i in range(pos_j):
                key = (bracket[remainder[pos_i]], u)
                if key in choices:
                    partner = (length - pos_j) * radix ** (length - 1 - pos_i)
                    bonus[key] = (choices[key] << digits) + partner
        return field.solve(bonus, choice_bits + digits)

    def _pin_remainder(self, field, b: Bracket, remainder, mate) -> None:
        """Pin the S1–S2 pairs; leftovers may not meet each other further down."""
        bracket, matched = b.vertices, b.matched
        upper = {k for k in remainder if bracket[k] < mate[bracket[k]] < b.next_resident_start}
        for k in sorted(upper):
            v = bracket[k]
            matched[v] = matched[mate[v]] = True
            field.pin(v, mate[v])
        # Only S1-to-S2 edges survive the split, as in the reference engine.
        leftovers = [bracket[k] for k in remainder if not matched[bracket[k]]]
        for i, a in enumerate(leftovers):
            for c in leftovers[i + 1 :]:
                field.set(a, c, 0)
        field.last_mate = mate

    def _assign_opponents(
        self, field: PairingField, b: Bracket, remainder, upper, mate
    ) -> tuple[list[int], int] | None:
        """Each S1 player's opponent as an assignment problem, when the bracket was solved alone.

        With the split fixed (``upper`` = S1), S1 players meet later S2
        players only and at most one S2 player floats (into the next
        scoregroup, which must then pair completely — the condition under
        which the bracket was solved alone).  Returns the new mate list and
        the assignment's weight, or ``None`` when these conditions do not hold.
        """
        n = self.n
        weigher = self.weigher
        bracket, base, size = b.vertices, b.base, b.size
        upper_set = set(upper)
        in_bracket = set(bracket[:size])
        unmatched = [
            v for v in bracket[:size] if v not in field.pinned and mate[v] not in in_bracket
        ]
        rows = [k for k in remainder if k in upper_set]
        cols = [k for k in remainder if k not in upper_set]
        floats = len(cols) - len(rows)
        if floats not in (0, 1) or len(unmatched) != floats:
            return None
        position = {k: pos for pos, k in enumerate(remainder)}
        matrix: list[list[int | None]] = []
        for r in rows:
            row = []
            for c in cols:
                w = base[(r, c)] if position[r] < position[c] else 0
                row.append(self._low(bracket[r], bracket[c], w) if w else None)
            matrix.append(row)
        if floats:
            following = list(bracket[size:])
            dummy = []
            for c in cols:
                if not following:  # the last bracket: its floater receives the PAB
                    ok = weigher.bye_candidate[bracket[c]]
                else:
                    ok = field.floater_fits(bracket[c])
                dummy.append(0 if ok else None)
            matrix.append(dummy)
        try:
            choice = first_optimal_assignment(matrix)
        except ValueError:
            return None
        total = sum(matrix[i][choice[i]] for i in range(len(matrix)))
        new_mate = list(mate)
        for idx, r in enumerate(rows):
            a, b = bracket[r], bracket[cols[choice[idx]]]
            new_mate[a], new_mate[b] = b, a
        if floats:
            new_mate[bracket[cols[choice[-1]]]] = n
        return new_mate, total

    def _low(self, a: int, b: int, w: int) -> int:
        """A pair weight without its completion field."""
        return w - (self.weigher.completion(a, b) << self.weigher.completion_shift)
