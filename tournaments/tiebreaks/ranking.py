"""Ordering players by a list of criteria and giving shared ranks (1, 2, 2, 4)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

Split = Callable[[list[int]], list[list[int]]]
"""Orders a tied group into sub-groups, best first; members of a sub-group stay tied."""


def split_by_value(values: Sequence) -> Split:
    """A criterion where a higher value is better."""

    def split(group: list[int]) -> list[list[int]]:
        ordered = sorted(group, key=values.__getitem__, reverse=True)
        parts: list[list[int]] = []
        previous = object()
        for i in ordered:
            if values[i] != previous:
                parts.append([])
                previous = values[i]
            parts[-1].append(i)
        return parts

    return split


def rank_groups(
    count: int, criteria: Sequence[Split], tie_order: Callable[[int], object]
) -> list[list[int]]:
    """Tied groups in final order: each criterion splits the groups the earlier ones left tied.

    Members of a group still tied at the end are listed by ``tie_order``.
    """
    groups = [list(range(count))] if count else []
    for split in criteria:
        refined = []
        for group in groups:
            refined.extend(split(group) if len(group) > 1 else [group])
        groups = refined
    return [sorted(g, key=tie_order) for g in groups]


def shared_ranks(groups: list[list[int]]) -> dict[int, int]:
    """Rank of every member: 1 + the number of players in the groups ahead."""
    ranks, ahead = {}, 0
    for group in groups:
        for i in group:
            ranks[i] = ahead + 1
        ahead += len(group)
    return ranks
