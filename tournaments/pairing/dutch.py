"""The FIDE Dutch round pairing, bracket by bracket, as one evolving weighted matching.

Model (the reference engine's, spec dutch.md §10):

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
                raise PairingImpossible(
                    "the players cannot all be paired without a rematch or colour violation"
                )
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
        field = PairingField(weigher, n)
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
        mdp_count = 0  # MDPs at the head of ``bracket``
        resident_start = 0  # first resident vertex of the current bracket
        guard = 0

        while len(bracket) > 1 or next_start < n:
            guard += 1
            if guard > 4 * n + 10:
                raise PairingEngineBug("bracket loop does not terminate")
            size = len(bracket)  # players of the current bracket
            next_resident_start = resident_start + (size - mdp_count)
            group_start = next_start
            if next_start < n:
                group_score = score[next_start]
                while next_start < n and score[next_start] >= group_score:
                    bracket.append(next_start)
                    next_start += 1
            field.lower_start = next_start
            field.below_completable = None
            field.lower_completable = None
            field.onward_floaters = None
            field.following_missing = None
            # The next scoregroup's own pairs matter when the PAB may fall there (C9 look-ahead).
            field.bracket_alone_allowed = not (
                n % 2 == 1 and group_start < n and bye_score >= score[group_start]
            )

            base: dict[tuple[int, int], int] = {}
            for j in range(mdp_count, size):
                for i in range(j):
                    base[(i, j)] = weigher.weight(bracket[i], bracket[j], True, False, single_bye)
            field.begin_bracket(bracket, size, mdp_count, base, single_bye)

            def resident(v: int, low: int = resident_start, high: int = next_resident_start):
                return low <= v < high

            shortcut = self.use_shortcuts and (
                self._pair_naturally(field, bracket, base, mdp_count, size, matched)
                or self._pair_by_natural_split(field, bracket, base, mdp_count, size, matched)
                or self._pair_single_mdp(field, bracket, base, mdp_count, size, matched)
            )
            if shortcut:
                mate = field.last_mate
            else:
                if mdp_count:
                    mate = self._pair_mdps(field, bracket, base, mdp_count, size, resident, matched)
                else:
                    mate = field.solve()
                self._pair_remainder(
                    field,
                    bracket,
                    base,
                    mdp_count,
                    size,
                    resident_start,
                    next_resident_start,
                    matched,
                    mate,
                )
                mate = field.last_mate

            # Move the leftovers down.
            single_bye = n % 2 == 1 and group_start < n and bye_score >= score[group_start]
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
            field.end_bracket(new_bracket[:new_mdp_count])
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

    # -- generation order as lexicographic tie-breaks ---------------------------
    #
    # The handbook fixes decisions one at a time (first MDP, its opponent,
    # ...).  Each decision prefers one option among the optimal pairings, given
    # the earlier ones; that is a lexicographic preference, so every sequence
    # is encoded as one tie-break vector below all criteria and solved at once.

    def _pair_mdps(self, field, bracket, base, mdp_count, size, resident, matched) -> list[int]:
        """Choose the MDPs paired in the bracket (earliest first) and their opponents
        (earliest resident first, MDP by MDP); pin those pairs."""
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

    def _pair_remainder(
        self,
        field,
        bracket,
        base,
        mdp_count,
        size,
        resident_start,
        next_resident_start,
        matched,
        mate,
    ) -> None:
        """Pair the remainder: fewest exchanges and smallest BSN differences (weights),
        then S1 leavers from the bottom, S2 joiners from the top, then each S1
        player's earliest S2 opponent (tie-breaks); pin the pairs."""
        weigher = self.weigher
        remainder = [k for k in range(mdp_count, size) if mate[bracket[k]] >= resident_start]
        if not remainder:
            field.last_mate = mate
            return
        pairs = sum(1 for k in remainder if mate[bracket[k]] < bracket[k])
        length = len(remainder)
        lower_len = length - pairs
        choices: dict[tuple[int, int], int] = {}
        for pos_j, j in enumerate(remainder):
            u = bracket[j]
            for pos_i in range(pos_j):
                i = remainder[pos_i]
                w = base[(i, j)]
                if w:
                    # S1 players leave from the bottom; S2 players join from the top.
                    if pos_i < pairs:
                        choices[(bracket[i], u)] = -(1 << pos_i) << lower_len
                    else:
                        choices[(bracket[i], u)] = 1 << (lower_len - 1 - (pos_i - pairs))
        choice_bits = pairs + lower_len + 3
        assigned = None
        solved_alone = self.use_shortcuts and (field.last_path == "alone" or len(bracket) == size)
        if solved_alone:
            # Without exchanges S1 is the first ``pairs`` players: if that split
            # reaches the bracket optimum, no exchange is needed (C-stage) and
            # the assignment gives each S1 player's opponent directly.
            natural = self._assign_opponents(
                field, bracket, base, remainder, remainder[:pairs], mate, size
            )
            if natural is not None:
                best = 0
                index = {v: k for k, v in enumerate(bracket)}
                for k in remainder:
                    v, m = bracket[k], mate[bracket[k]]
                    if v < m < next_resident_start:
                        best += self._low(v, m, base[(k, index[m])])
                if natural[1] == best:
                    assigned = natural[0]
        if assigned is None:
            for pos_j, j in enumerate(remainder):
                for pos_i in range(pos_j):
                    i = remainder[pos_i]
                    w = base[(i, j)]
                    if w:
                        # Fewest exchanges, then the smallest moved BSN sum (reserved low bits).
                        w += (
                            ((1 if pos_i < pairs else 0) << (2 * weigher.count_bits)) - pos_i
                        ) << 1
                    field.set(bracket[i], bracket[j], w)
            mate = field.solve()
            upper = [k for k in remainder if bracket[k] < mate[bracket[k]] < next_resident_start]
            if (
                any(pos >= pairs for pos, k in enumerate(remainder) if k in set(upper))
                or len(upper) < pairs
            ):
                # Exchanges are needed: decide who leaves S1 and who joins it.
                mate = field.solve(choices, choice_bits)
                upper = [
                    k for k in remainder if bracket[k] < mate[bracket[k]] < next_resident_start
                ]
            if self.use_shortcuts and (field.last_path == "alone" or len(bracket) == size):
                found = self._assign_opponents(field, bracket, base, remainder, upper, mate, size)
                assigned = found[0] if found else None
        if assigned is None:
            radix = length + 1
            digits = length * radix.bit_length()
            bonus: dict[tuple[int, int], int] = {}
            for pos_j, j in enumerate(remainder):
                u = bracket[j]
                for pos_i in range(pos_j):
                    key = (bracket[remainder[pos_i]], u)
                    if key in choices:
                        # Each S1 player's opponent: the earliest possible, S1 order first.
                        partner = (length - pos_j) * radix ** (length - 1 - pos_i)
                        bonus[key] = (choices[key] << digits) + partner
            mate = field.solve(bonus, choice_bits + digits)
        else:
            mate = assigned
        upper = {k for k in remainder if bracket[k] < mate[bracket[k]] < next_resident_start}
        for k in sorted(upper):
            v = bracket[k]
            matched[v] = matched[mate[v]] = True
            field.pin(v, mate[v])
        # Leftovers of the remainder may not meet each other further down:
        # only S1-to-S2 edges survive the split, as in the reference engine.
        leftovers = [bracket[k] for k in remainder if not matched[bracket[k]]]
        for i, a in enumerate(leftovers):
            for b in leftovers[i + 1 :]:
                field.set(a, b, 0)
        field.last_mate = mate

    def _assign_opponents(
        self, field, bracket, base, remainder, upper, mate, size
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
