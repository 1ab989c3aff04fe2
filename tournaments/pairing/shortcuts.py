"""Brackets paired without a general matching, when the result is provably the optimum.

Each method either pairs the whole current bracket (pinning its pairs) and
returns True, or changes nothing and returns False, leaving the bracket to
the general weighted matching.  The proofs:

* a perfect candidate (Article 3.3): every weight field at its best and the
  first candidate in generation order;
* LP duality: an assignment's potentials that respect every pair of the
  bracket (vertex duals of the fractional matching relaxation) show that no
  pairing of the bracket weighs more; the bracket is then optimised alone
  because it pairs everybody, or its one floater fits the next scoregroup at
  its best C8 value, while the rest stays completable (C4).
"""

from __future__ import annotations

from .assignment import first_optimal_assignment_with_potentials


class CertifiedShortcuts:
    """Mixin of :class:`tournaments.pairing.dutch.DutchPairer`."""

    def _pair_naturally(self, field, b) -> bool:
        """Accept S1[i]–S2[i] at once when it is a perfect candidate (Article 3.3).

        In a homogeneous bracket of even size whose natural pairs are all
        allowed and grant every colour preference, every weight field takes
        its best possible value (all players are paired, float and C9 fields
        are then the same for every pairing) and no candidate comes earlier
        in the generation order.  The rest must still be completable (C4).
        """
        bracket, base, mdp_count, size, matched = b.vertices, b.base, b.mdp_count, b.size, b.matched
        if mdp_count or size % 2 or size < 2 or not field.bracket_alone_allowed:
            return False
        half = size // 2
        for i in range(half):
            if not base[(i, i + half)]:
                return False
            if self.weigher.colour_bits(bracket[i + half], bracket[i]) != (1, 1, 1, 1):
                return False
        if field.below_completable is None:
            field.below_completable = field.completable(
                [], list(bracket[size:]) + list(range(field.lower_start, self.n))
            )
        if not field.below_completable:
            return False
        mate = list(range(self.n + 1))
        for v in bracket[size:]:
            mate[v] = self.n
        for i in range(half):
            a, b = bracket[i], bracket[i + half]
            field.pin(a, b)
            matched[a] = matched[b] = True
            mate[a], mate[b] = b, a
        field.last_mate = mate
        return True

    def _pair_by_natural_split(self, field, b) -> bool:
        """Pair a homogeneous bracket without any general matching, when provably optimal.

        S1 = the first half, S2 = the rest (one more when the bracket is odd;
        its extra player floats, which needs :meth:`PairingField.floater_fits`).
        The Hungarian method gives the best S1–S2 assignment and potentials
        ``y`` with ``y_a + y_b >= w(a, b)`` on S1–S2 pairs; if that inequality
        also holds for every other pair of the bracket (and for every other
        player who could float), no pairing of the bracket — with or without
        exchanges — weighs more (LP duality), so no exchange is needed and the
        first optimal assignment is the pairing.
        """
        bracket, base, mdp_count, size, matched = b.vertices, b.base, b.mdp_count, b.size, b.matched
        if mdp_count or size < 2 or not (field.bracket_alone_allowed or len(bracket) == size):
            return False
        half = size // 2
        rows = list(range(half))
        cols = list(range(half, size))
        floats = size % 2
        following = bracket[size:]
        if not floats and not self._below_completable(field, following):
            return False
        may_float = self._floater_test(field, bracket, following)

        matrix = self._split_matrix(bracket, base, rows, cols, floats, may_float)
        try:
            choice, row_y, col_y = first_optimal_assignment_with_potentials(matrix)
        except ValueError:
            return False
        y = {}
        for idx, r in enumerate(rows):
            y[r] = row_y[idx]
        for idx, c in enumerate(cols):
            y[c] = col_y[idx]
        # Certificate: shifting every S1 potential up by t and every S2 potential
        # down by t keeps the S1–S2 pairs tight; look for a t under which every
        # pair inside S1 and inside S2 (and every possible floater) respects them.
        need = None  # lower bound of 2t
        room = None  # upper bound of 2t
        for a_pos, a in enumerate(rows):
            ya = y[a]
            for b in rows[a_pos + 1 :]:
                w = base[(a, b)]
                if w:
                    gap = self._low(bracket[a], bracket[b], w) - ya - y[b]
                    if need is None or gap > need:
                        need = gap
        for c_pos, c in enumerate(cols):
            yc = y[c]
            for d in cols[c_pos + 1 :]:
                w = base[(c, d)]
                if w:
                    gap = yc + y[d] - self._low(bracket[c], bracket[d], w)
                    if room is None or gap < room:
                        room = gap
        if floats:
            dummy_y = row_y[-1]
            for r in rows:
                if may_float(r):
                    gap = -(dummy_y + y[r])
                    if need is None or gap > need:
                        need = gap
        if need is not None and room is not None and need > room:
            return False
        mate = list(range(self.n + 1))
        for v in following:
            mate[v] = self.n
        for idx, r in enumerate(rows):
            a, b = bracket[r], bracket[cols[choice[idx]]]
            field.pin(a, b)
            matched[a] = matched[b] = True
            mate[a], mate[b] = b, a
        if floats:
            mate[bracket[cols[choice[-1]]]] = self.n
        field.last_mate = mate
        return True

    def _below_completable(self, field, following) -> bool:
        """Whether the players below the bracket can all be paired (computed once per field)."""
        if field.below_completable is None:
            field.below_completable = field.completable(
                [], list(following) + list(range(field.lower_start, self.n))
            )
        return field.below_completable

    def _floater_test(self, field, bracket, following):
        """A test of bracket position k: may that player be the one who floats down (or gets
        the bye, when nothing follows)?"""
        bye_candidate = self.weigher.bye_candidate

        def may_float(k: int) -> bool:
            v = bracket[k]
            return bye_candidate[v] if not following else field.floater_fits(v)

        return may_float

    def _split_matrix(self, bracket, base, rows, cols, floats: int, may_float):
        """Assignment costs of S1 rows against S2 columns (None: not allowed), plus a dummy row
        for the floater when the bracket is odd."""
        matrix: list[list[int | None]] = [
            [
                self._low(bracket[r], bracket[c], base[(r, c)]) if base[(r, c)] else None
                for c in cols
            ]
            for r in rows
        ]
        if floats:
            matrix.append([0 if may_float(c) else None for c in cols])
        return matrix

    def _certified_split(self, field, bracket, base, members: list[int], may_float):
        """Natural S1/S2 assignment of ``members`` (bracket positions) with doubled potentials.

        Returns ``(pairs, floater, Y, dummy_Y)`` where ``Y[k] + Y[l] >= 2 w(k, l)``
        holds for every pair of members (tight on the chosen pairs), or ``None``
        if the natural split cannot be certified this way.
        """
        half = len(members) // 2
        rows, cols = members[:half], members[half:]
        floats = len(members) % 2
        matrix = self._split_matrix(bracket, base, rows, cols, floats, may_float)
        try:
            choice, row_y, col_y = first_optimal_assignment_with_potentials(matrix)
        except ValueError:
            return None
        # Bounds on the shift T (S1 potentials +T, S2 potentials -T, doubled).
        need = None
        room = None
        for a_pos, a in enumerate(rows):
            ya = row_y[a_pos]
            for b_pos in range(a_pos + 1, len(rows)):
                b = rows[b_pos]
                w = base[(a, b)]
                if w:
                    gap = self._low(bracket[a], bracket[b], w) - ya - row_y[b_pos]
                    need = gap if need is None or gap > need else need
        for c_pos, c in enumerate(cols):
            yc = col_y[c_pos]
            for d_pos in range(c_pos + 1, len(cols)):
                d = cols[d_pos]
                w = base[(c, d)]
                if w:
                    gap = yc + col_y[d_pos] - self._low(bracket[c], bracket[d], w)
                    room = gap if room is None or gap < room else room
        if floats:
            for r_pos, r in enumerate(rows):
                if may_float(r):
                    gap = -(row_y[-1] + row_y[r_pos])
                    need = gap if need is None or gap > need else need
        if need is not None and room is not None and need > room:
            return None
        # Balance the two halves (the largest smallest potential leaves the most
        # room for the pairs outside this split), within the allowed range.
        low_rows = min((2 * v for v in row_y[: len(rows)]), default=0)
        low_cols = min((2 * v for v in col_y), default=0)
        shift = (low_cols - low_rows) // 2
        if need is not None and shift < need:
            shift = need
        if room is not None and shift > room:
            shift = room
        y = {}
        for r_pos, r in enumerate(rows):
            y[r] = 2 * row_y[r_pos] + shift
        for c_pos, c in enumerate(cols):
            y[c] = 2 * col_y[c_pos] - shift
        dummy_y = 2 * row_y[-1] + shift if floats else None
        pairs = [(rows[i], cols[choice[i]]) for i in range(len(rows))]
        floater = cols[choice[-1]] if floats else None
        return pairs, floater, y, dummy_y

    def _pair_single_mdp(self, field, b) -> bool:
        """Pair a bracket with one MDP without any general matching, when provably optimal.

        The MDP takes the earliest resident r for which the remainder's
        natural split, together with the pair (MDP, r), carries potentials
        proving that no pairing of the bracket weighs more (LP duality); every
        earlier resident must be proven worse by a positive slack.
        """
        bracket, base, mdp_count, size, matched = b.vertices, b.base, b.mdp_count, b.size, b.matched
        if mdp_count != 1 or size < 3 or not (field.bracket_alone_allowed or len(bracket) == size):
            return False
        weigher = self.weigher
        following = bracket[size:]
        floats = size % 2
        if not floats and not self._below_completable(field, following):
            return False
        may_float = self._floater_test(field, bracket, following)

        residents = list(range(1, size))
        candidates = [r for r in residents if base[(0, r)]]
        # Any order of trial is sound (earlier residents are checked at the end);
        # residents whose colour preference fits the MDP's are the likely partners.
        trials = sorted(
            candidates,
            key=lambda k: (weigher.colour_bits(bracket[k], bracket[0]) != (1, 1, 1, 1), k),
        )
        for r in trials[:3]:
            remainder = [k for k in residents if k != r]
            found = self._certified_split(field, bracket, base, remainder, may_float)
            if found is None:
                continue
            pairs, floater, y, dummy_y = found
            w_mr = 2 * self._low(bracket[0], bracket[r], base[(0, r)])
            need_r = None
            need_m = None
            for x in remainder:
                w = base[(min(r, x), max(r, x))]
                if w:
                    gap = 2 * self._low(bracket[min(r, x)], bracket[max(r, x)], w) - y[x]
                    need_r = gap if need_r is None or gap > need_r else need_r
                w = base[(0, x)]
                if w:
                    gap = 2 * self._low(bracket[0], bracket[x], w) - y[x]
                    need_m = gap if need_m is None or gap > need_m else need_m
            if floats and may_float(r):
                need_r = -dummy_y if need_r is None or -dummy_y > need_r else need_r
            y_r = need_r if need_r is not None else w_mr // 2
            y_m = w_mr - y_r
            if need_m is not None and y_m < need_m:
                continue
            if floats and may_float(0) and dummy_y + y_m < 0:
                continue
            # Earlier residents must be strictly worse partners for the MDP.
            if any(
                y_m + y[k] <= 2 * self._low(bracket[0], bracket[k], base[(0, k)])
                for k in candidates
                if k < r
            ):
                return False
            mate = list(range(self.n + 1))
            for v in following:
                mate[v] = self.n
            for a_pos, b_pos in [(0, r)] + pairs:
                a, b = bracket[a_pos], bracket[b_pos]
                field.pin(a, b)
                matched[a] = matched[b] = True
                mate[a], mate[b] = b, a
            if floater is not None:
                mate[bracket[floater]] = self.n
            field.last_mate = mate
            return True
        return False
