"""The state of the Dutch bracket walk, held in two objects instead of threaded arguments.

Vertices are indices into the pairer's players, sorted by score then rank; ``n``
(one past the last index) stands for "paired below" in a mate list.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal


@dataclass
class Bracket:
    """One bracket being paired, joined by the next scoregroup.

    ``vertices``: the bracket's MDPs (``mdp_count`` of them, first), its residents, then
    the next scoregroup; ``size`` counts the MDPs and residents.  ``base[(i, j)]``: the
    full weight of the pair at positions ``i < j`` (0 when not allowed).  Residents are
    the vertices ``resident_start <= v < next_resident_start``; the next scoregroup starts
    at vertex ``group_start``.  ``matched`` is shared with the walk: True once a vertex is
    pinned to its opponent.
    """

    vertices: list[int]
    size: int
    mdp_count: int
    base: dict[tuple[int, int], int]
    resident_start: int
    next_resident_start: int
    group_start: int
    matched: list[bool]

    def resident(self, v: int) -> bool:
        """True when ``v`` is a resident (not an MDP) of this bracket."""
        return self.resident_start <= v < self.next_resident_start


@dataclass
class BracketWalk:
    """What passes from one bracket to the next, from the top score down.

    ``vertices``: the next bracket's players so far (the MDPs moved down, first);
    ``next_start``: the first vertex not yet in any bracket; ``single_bye``: the C9
    look-ahead (the bracket's single downfloater is the PAB receiver); ``result``:
    the pinned pairs.
    """

    score: list[Decimal]
    bye_score: Decimal
    single_bye: bool
    matched: list[bool]
    vertices: list[int] = field(default_factory=list)
    mdp_count: int = 0
    resident_start: int = 0
    next_start: int = 0
    result: list[tuple[int, int]] = field(default_factory=list)

    def take_scoregroup(self, n: int) -> None:
        """Append the next scoregroup (every vertex of the next score) to ``vertices``."""
        if self.next_start >= n:
            return
        group_score = self.score[self.next_start]
        while self.next_start < n and self.score[self.next_start] >= group_score:
            self.vertices.append(self.next_start)
            self.next_start += 1

    def bye_may_fall_in(self, group_start: int, n: int) -> bool:
        """True when the PAB may fall in the scoregroup starting at ``group_start``."""
        return n % 2 == 1 and group_start < n and self.bye_score >= self.score[group_start]

    def move_leftovers_down(self, pairing_field, bracket: Bracket, mate: list[int], n: int):
        """Record the bracket's pinned pairs; its unpaired players become the next MDPs."""
        score, group_start = self.score, bracket.group_start
        single_bye = self.bye_may_fall_in(group_start, n)
        leftovers: list[int] = []
        mdp_count = 0
        paired_below = 0
        for idx, v in enumerate(bracket.vertices):
            if idx < bracket.size and self.matched[v]:
                if v < pairing_field.pinned[v]:
                    self.result.append((v, pairing_field.pinned[v]))
                continue
            leftovers.append(v)
            if idx < bracket.size:
                mdp_count += 1
            if mate[v] == n:
                paired_below += 1
            elif single_bye and score[mate[v]] < score[group_start]:
                single_bye = False
        # With the fast path, players left over by the bracket optimum are either the
        # PAB receiver or paired below.  When the PAB score is not below the next
        # scoregroup nobody below can take the PAB, so one such player is the PAB
        # receiver and two mean a pair below.
        if paired_below > 1:
            single_bye = False
        pairing_field.end_bracket(leftovers[:mdp_count])
        self.single_bye = single_bye
        self.vertices = leftovers
        self.mdp_count = mdp_count
        self.resident_start = bracket.next_resident_start
