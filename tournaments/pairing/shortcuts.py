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

from dataclasses import dataclass

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
        bracket, base, size = b.vertices, b.base, b.size
        if b.mdp_count or size % 2 or size < 2 or not field.bracket_alone_allowed:
            return False
        half = size // 2
        for i in range(half):
            if not base[(i, i + half)]:
                return False
            if self.weigher.colour_bits(bracket[i + half], bracket[i]) != (1, 1, 1, 1):
                return False
        if not self._below_completable(field, bracket[size:]):
            return False
        self._pin_bracket(field, b, [(i, i + half) for i in range(half)], None)
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
        bracket, size = b.vertices, b.size
        if b.mdp_count or size < 2 or not (field.bracket_alone_allowed or len(bracket) == size):
            return False
        following = bracket[size:]
        # An odd bracket's floater is checked instead, by the floater test.
        if size % 2 == 0 and not self._below_completable(field, following):
            return False
        may_float = self._floater_test(field, bracket, following)
        half = size // 2
        split = self._split_assignment(
            bracket, b.base, list(range(half)), list(range(half, size)), may_float
        )
        if split is None:
            return False
        self._pin_bracket(field, b, split.pairs(), split.floater())
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

    def _split_assignment(self, bracket, base, rows, cols, may_float) -> SplitAssignment | None:
        """The first optimal assignment of S1 ``rows`` to S2 ``cols`` (bracket positions), with
        its potentials and the bounds of the shift that certifies it; ``None`` when the
        assignment fails or no shift makes every pair of the split respect the potentials."""
        floats = len(cols) - len(rows)
        matrix = self._split_matrix(bracket, base, rows, cols, floats, may_float)
        try:
            choice, row_y, col_y = first_optimal_assignment_with_potentials(matrix)
        except ValueError:
            return None
        split = SplitAssignment(rows, cols, choice, row_y, col_y)
        # Shifting every S1 potential up by t and every S2 potential down by t keeps the
        # S1–S2 pairs tight; each pair inside S1 (and each possible floater) bounds 2t from
        # below, each pair inside S2 from above.
        for a_pos, a in enumerate(rows):
            ya = row_y[a_pos]
            for b_pos in range(a_pos + 1, len(rows)):
                b = rows[b_pos]
                w = base[(a, b)]
                if w:
                    split.raise_need(self._low(bracket[a], bracket[b], w) - ya - row_y[b_pos])
        for c_pos, c in enumerate(cols):
            yc = col_y[c_pos]
            for d_pos in range(c_pos + 1, len(cols)):
                d = cols[d_pos]
                w = base[(c, d)]
                if w:
                    split.lower_room(yc + col_y[d_pos] - self._low(bracket[c], bracket[d], w))
        if floats:
            for r_pos, r in enumerate(rows):
                if may_float(r):
                    split.raise_need(-(row_y[-1] + row_y[r_pos]))
        if split.need is not None and split.room is not None and split.need > split.room:
            return None
        return split

    def _certified_split(self, field, bracket, base, members: list[int], may_float):
        """Natural S1/S2 assignment of ``members`` (bracket positions) with doubled potentials.

        Returns ``(pairs, floater, Y, dummy_Y)`` where ``Y[k] + Y[l] >= 2 w(k, l)``
        holds for every pair of members (tight on the chosen pairs), or ``None``
        if the natural split cannot be certified this way.
        """
        half = len(members) // 2
        rows, cols = members[:half], members[half:]
        split = self._split_assignment(bracket, base, rows, cols, may_float)
        if split is None:
            return None
        shift = split.balanced_shift()
        y = {}
        for r_pos, r in enumerate(rows):
            y[r] = 2 * split.row_y[r_pos] + shift
        for c_pos, c in enumerate(cols):
            y[c] = 2 * split.col_y[c_pos] - shift
        dummy_y = 2 * split.row_y[-1] + shift if split.floats else None
        return split.pairs(), split.floater(), y, dummy_y

    def _pair_single_mdp(self, field, b) -> bool:
        """Pair a bracket with one MDP without any general matching, when provably optimal.

        The MDP takes the earliest resident r for which the remainder's
        natural split, together with the pair (MDP, r), carries potentials
        proving that no pairing of the bracket weighs more (LP duality); every
        earlier resident must be proven worse by a positive slack.
        """
        bracket, base, size = b.vertices, b.base, b.size
        if (
            b.mdp_count != 1
            or size < 3
            or not (field.bracket_alone_allowed or len(bracket) == size)
        ):
            return False
        following = bracket[size:]
        floats = size % 2
        if not floats and not self._below_completable(field, following):
            return False
        may_float = self._floater_test(field, bracket, following)
        residents = list(range(1, size))
        candidates = [r for r in residents if base[(0, r)]]
        for r in self._likely_mdp_partners(bracket, candidates)[:3]:
            remainder = [k for k in residents if k != r]
            found = self._certified_split(field, bracket, base, remainder, may_float)
            if found is None:
                continue
            pairs, floater, y, dummy_y = found
            y_m = self._mdp_potential(b, r, remainder, y, dummy_y, may_float)
            if y_m is None:
                continue
            if self._earlier_resident_as_good(b, candidates, r, y_m, y):
                return False
            self._pin_bracket(field, b, [(0, r)] + pairs, floater)
            return True
        return False

    def _likely_mdp_partners(self, bracket, candidates: list[int]) -> list[int]:
        """The MDP's candidate opponents, those granting both colour preferences first.

        Any order of trial is sound (earlier residents are checked at the end); this
        one finds the partner soonest.
        """
        colour_bits = self.weigher.colour_bits
        return sorted(
            candidates, key=lambda k: (colour_bits(bracket[k], bracket[0]) != (1, 1, 1, 1), k)
        )

    def _mdp_potential(self, b, r: int, remainder, y, dummy_y, may_float) -> int | None:
        """The doubled potential of the MDP (position 0) paired with resident ``r``, split so
        that every pair of either with the ``remainder`` respects the remainder's potentials
        ``y`` (and its floater's ``dummy_y``); ``None`` when no split does."""
        bracket, base, floats = b.vertices, b.base, b.size % 2
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
            return None
        if floats and may_float(0) and dummy_y + y_m < 0:
            return None
        return y_m

    def _earlier_resident_as_good(self, b, candidates, r: int, y_m: int, y) -> bool:
        """Whether a candidate ranked before ``r`` is not proven a strictly worse MDP partner."""
        bracket, base = b.vertices, b.base
        return any(
            y_m + y[k] <= 2 * self._low(bracket[0], bracket[k], base[(0, k)])
            for k in candidates
            if k < r
        )

    def _pin_bracket(self, field, b, pairs, floater: int | None) -> None:
        """Pin ``pairs`` (bracket positions) and record the bracket's mate list, in which the
        ``floater`` (a position) and the next scoregroup are paired below."""
        bracket, matched, below = b.vertices, b.matched, self.n
        mate = list(range(self.n + 1))
        for v in bracket[b.size :]:
            mate[v] = below
        for a_pos, b_pos in pairs:
            u, v = bracket[a_pos], bracket[b_pos]
            field.pin(u, v)
            matched[u] = matched[v] = True
            mate[u], mate[v] = v, u
        if floater is not None:
            mate[bracket[floater]] = below
        field.last_mate = mate


@dataclass
class SplitAssignment:
    """The first optimal S1–S2 assignment of a bracket split (bracket positions), with the
    assignment's potentials and the bounds ``need <= 2t <= room`` (``None``: unbounded) on a
    shift ``t`` of the S1 potentials up and the S2 potentials down that makes every pair of
    the split respect them.  When a player floats, the dummy row's potential is last in
    ``row_y`` and ``choice``."""

    rows: list[int]
    cols: list[int]
    choice: list[int]
    row_y: list[int]
    col_y: list[int]
    need: int | None = None
    room: int | None = None

    @property
    def floats(self) -> bool:
        """True when one S2 player is left for the dummy row (an odd split)."""
        return len(self.cols) > len(self.rows)

    def raise_need(self, gap: int) -> None:
        self.need = gap if self.need is None or gap > self.need else self.need

    def lower_room(self, gap: int) -> None:
        self.room = gap if self.room is None or gap < self.room else self.room

    def pairs(self) -> list[tuple[int, int]]:
        """The assigned (S1, S2) pairs, in S1 order."""
        return [(self.rows[i], self.cols[self.choice[i]]) for i in range(len(self.rows))]

    def floater(self) -> int | None:
        """The S2 player assigned to the dummy row, if the split is odd."""
        return self.cols[self.choice[-1]] if self.floats else None

    def balanced_shift(self) -> int:
        """A shift within the bounds that balances the two halves: the largest smallest
        potential leaves the most room for the pairs outside this split."""
        low_rows = min((2 * v for v in self.row_y[: len(self.rows)]), default=0)
        low_cols = min((2 * v for v in self.col_y), default=0)
        shift = (low_cols - low_rows) // 2
        if self.need is not None and shift < self.need:
            shift = self.need
        if self.room is not None and shift > self.room:
            shift = self.room
        return shift
