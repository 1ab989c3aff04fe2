"""Edge weights that pack the Dutch criteria into one integer.

See docs/pairing.md, "How the engine finds the pairing".

For a pair (h, l) with h ranked above l, the weight is a sequence of bit
fields, most significant first:

====================  =========================================================
completion / PAB      1 + [h not a bye candidate] + [l not a bye candidate] (C4, C2, C5)
C6                    1 if l is in the current bracket (a pair in the bracket)
C7                    one unit in the sub-field of h's scoregroup (scores paired)
C8                    1 if l is in the next scoregroup, then h's scoregroup unit
C9                    played-games rank of the members on the PAB score, while the
                      bracket's single downfloater is to receive the PAB
C10–C13               one bit each, set when the pair does not break the colour rule
C14–C17               repeated float counts (one and two rounds back)
C18–C21               the same, weighted in per-scoregroup sub-fields
reserved              low bits used to emulate the generation order
====================  =========================================================

A maximum-weight matching maximises the fields lexicographically.  "Count"
fields are ``count_bits`` wide (bits of the largest scoregroup size); "score"
fields reserve, per occupied scoregroup, bits for its size, higher scores
more significant.  Python integers make the width unlimited.
"""

from __future__ import annotations

from decimal import Decimal

from oware.sides import Side

from .players import DOWN, UP, PairingPlayer


class EdgeWeigher:
    """Computes pair weights for one round, given the players in pairing order."""

    def __init__(
        self,
        players: list[PairingPlayer],
        played_rounds: int,
        final_round: bool,
        top_score_threshold: Decimal,
    ):
        self.players = players
        self.played_rounds = played_rounds
        self.final_round = final_round
        self.top_score_threshold = top_score_threshold
        # Per-scoregroup sub-field offsets: lowest score at offset 0.
        sizes: dict[Decimal, int] = {}
        for p in players:
            sizes[p.score] = sizes.get(p.score, 0) + 1
        self.group_offset: dict[Decimal, int] = {}
        offset = 0
        for score in sorted(sizes):
            self.group_offset[score] = offset
            offset += sizes[score].bit_length()
        self.score_bits = offset
        self.count_bits = max(sizes.values(), default=1).bit_length()
        self.bye_score = Decimal(0)
        self.bye_candidate = [False] * len(players)
        self.played_games_rank: dict[int, int] = {}
        cb, sb = self.count_bits, self.score_bits
        below = cb + sb + cb + sb + 2 * cb + 4 * cb
        if played_rounds >= 1:
            below += 2 * cb + 2 * sb
        if played_rounds >= 2:
            below += 2 * cb + 2 * sb
        below += 3 * cb + 1
        self.completion_shift = below
        self._absolute = [p.colour.absolute for p in players]
        self._pref = [p.colour.preference for p in players]
        self._top = [final_round and p.score > top_score_threshold for p in players]

    def is_top_scorer(self, v: int) -> bool:
        """Article 1.8, final round only: score above half the maximum so far."""
        return self._top[v]

    # -- absolute criteria ------------------------------------------------
    def compatible(self, a: int, b: int) -> bool:
        """C1 and C3 (and forbidden pairs): may vertices ``a`` and ``b`` meet?"""
        pa, pb = self.players[a], self.players[b]
        if pb.number in pa.blocked:
            return False
        if self._absolute[a] and self._absolute[b] and self._pref[a] is self._pref[b]:
            return self._top[a] or self._top[b]
        return True

    def set_bye(self, bye_score: Decimal, played_games_rank: dict[int, int]) -> None:
        """Fix the PAB score found by the completion pre-pass (C5) and the C9 ranks."""
        self.bye_score = bye_score
        self.played_games_rank = played_games_rank
        self.bye_candidate = [p.bye_eligible and p.score <= bye_score for p in self.players]

    def completion(self, a: int, b: int) -> int:
        """The completion/PAB field value of a compatible pair."""
        return 1 + (not self.bye_candidate[a]) + (not self.bye_candidate[b])

    # -- the full weight --------------------------------------------------
    def weight(
        self, hi: int, lo: int, in_current: bool, in_next: bool, single_downfloater_bye: bool
    ) -> int:
        """Weight of the pair of the higher-ranked ``hi`` and lower-ranked ``lo`` (``hi < lo``).

        0 when they may not meet.
        """
        if not self.compatible(hi, lo):
            return 0
        hp, lp = self.players[hi], self.players[lo]
        cb, sb = self.count_bits, self.score_bits
        off = self.group_offset
        w = self.completion(hi, lo)
        # C6, C7: pairs and paired scores in the current bracket.
        w = (w << cb) + in_current
        w <<= sb
        if in_current:
            w += 1 << off[hp.score]
        # C8: pairs and paired scores in the next bracket.
        w = (w << cb) + in_next
        w <<= sb
        if in_next:
            w += 1 << off[hp.score]
        # C9: the PAB receiver should have played as many games as possible.
        w <<= 2 * cb
        if single_downfloater_bye:
            if hp.score == self.bye_score:
                w += self.played_games_rank[hp.played_games]
            if lp.score == self.bye_score:
                w += self.played_games_rank[lp.played_games]
        # C10–C13: colour criteria, only inside the current bracket.
        for bit in self.colour_bits(lo, hi) if in_current else (0, 0, 0, 0):
            w = (w << cb) + bit
        # Reserved low bits for the generation-order steps.
        return self._with_float_fields(w, hp, lp, in_current) << (3 * cb + 1)

    def _with_float_fields(
        self, w: int, hp: PairingPlayer, lp: PairingPlayer, in_current: bool
    ) -> int:
        """``w`` followed by the C14–C21 fields of the pair of ``hp`` (higher) and ``lp``."""
        cb, sb = self.count_bits, self.score_bits
        off = self.group_offset
        hf, lf = hp.floats, lp.floats
        h_not_above = hp.score <= lp.score
        h_above = hp.score > lp.score
        # C14–C17: repeated floats, counts.
        for back in (1, 2):
            if self.played_rounds < back:
                continue
            w <<= cb
            if in_current:
                w += (lf[back - 1] == DOWN) + (h_not_above and hf[back - 1] == DOWN)
            w <<= cb
            if in_current:
                w += not (h_above and lf[back - 1] == UP)
        # C18–C21: repeated floats, scores.
        for back in (1, 2):
            if self.played_rounds < back:
                continue
            w <<= sb
            if in_current:
                w += (lf[back - 1] == DOWN) << off[lp.score]
                w += (hf[back - 1] == DOWN) << off[hp.score]
            w <<= sb
            if in_current and not (lf[back - 1] == UP and h_above):
                w += 1 << off[hp.score]
        return w

    def colour_bits(self, a: int, b: int) -> tuple[int, int, int, int]:
        """C10, C11, C12, C13 bits (1 = criterion respected) for players ``a`` (lower) and ``b``."""
        pa, pb = self.players[a].colour, self.players[b].colour
        # Sides are singletons: `is` keeps the edge weight as fast as it was on colour letters.
        same = pa.preference is pb.preference
        c10 = not (pa.absolute_imbalance and pb.absolute_imbalance and same)
        if not (pa.absolute and pb.absolute and same):
            c11 = True
        elif pa.imbalance == pb.imbalance:
            c11 = pa.repeated is None or pa.repeated is not pb.repeated
        else:
            weaker = pb if pa.imbalance > pb.imbalance else pa
            c11 = weaker.repeated is not _OTHER[pa.preference]
        c12 = not same or pa.preference is None
        a_pref = pa.strong or pa.absolute
        b_pref = pb.strong or pb.absolute
        c13 = (not a_pref) or (not b_pref) or (pa.absolute and pb.absolute) or not same
        return (int(c10), int(c11), int(c12), int(c13))

    def background(self, hi: int, lo: int, single_downfloater_bye: bool) -> int:
        """Weight of a pair outside the bracket being paired (completion and C9 only)."""
        return self.weight(hi, lo, False, False, single_downfloater_bye)


_OTHER = {Side.SOUTH: Side.NORTH, Side.NORTH: Side.SOUTH, None: None}
