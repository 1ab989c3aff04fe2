"""Direct encounter, C.07 Art. 6 (type A: only games among the tied players count)."""

from __future__ import annotations

from fractions import Fraction

from tournaments.outcomes import RoundOutcome

from .section import Section


def direct_encounter(
    section: Section, group: list[int], include_forfeits: bool = False
) -> list[list[int]]:
    """Split a tied ``group`` (player indices) into ordered sub-groups; ties stay together.

    * Each member's mini-score is the points scored against other members;
      several meetings with the same member count as their average (6.1.2);
      forfeits count only with ``include_forfeits`` (6.1.1).
    * All members met each other (6.2): order by mini-score, then apply DE
      again inside every sub-group still tied.
    * Not all met (6.3): the leader is placed only if their mini-score beats
      every other member's mini-score plus a win for each game that member
      did not play inside the group; the same test places the next one, and
      so on.  The members left are then tried again as a group of their own.

    Returns ``[group]`` when DE separates nobody.
    """
    if len(group) < 2:
        return [list(group)]
    mini, met = _mini_scores(section, group, include_forfeits)
    others = len(group) - 1
    if all(met[i] == others for i in group):
        return _all_met(section, group, mini, include_forfeits)
    best = {i: mini[i] + section.win * (others - met[i]) for i in group}
    remaining = sorted(group, key=lambda i: -mini[i])
    placed: list[list[int]] = []
    while len(remaining) > 1:
        leader = remaining[0]
        if mini[leader] > max(best[q] for q in remaining[1:]):
            placed.append([leader])
            remaining.pop(0)
        else:
            break
    if not placed:
        return [list(group)]
    return placed + direct_encounter(section, remaining, include_forfeits)


def _all_met(section, group, mini, include_forfeits) -> list[list[int]]:
    ordered = sorted(group, key=lambda i: -mini[i])
    parts: list[list[int]] = []
    for i in ordered:
        if parts and mini[parts[-1][0]] == mini[i]:
            parts[-1].append(i)
        else:
            parts.append([i])
    if len(parts) == 1:
        return parts
    result = []
    for part in parts:
        result.extend(
            direct_encounter(section, part, include_forfeits) if len(part) > 1 else [part]
        )
    return result


def _mini_scores(section: Section, group: list[int], include_forfeits: bool):
    """Mini-score (in scaled points, exact) and number of distinct members met, per member."""
    members = set(group)
    counted = {RoundOutcome.GAME}
    if include_forfeits:
        counted |= {RoundOutcome.FORFEIT_WIN, RoundOutcome.FORFEIT_LOSS}
    mini: dict[int, Fraction] = {}
    met: dict[int, int] = {}
    for i in group:
        per_opponent: dict[int, list[int]] = {}
        for j, kind, p in zip(
            section.opponents[i], section.kinds[i], section.points[i], strict=True
        ):
            if j in members and kind in counted:
                per_opponent.setdefault(j, []).append(p)
        mini[i] = sum((Fraction(sum(ps), len(ps)) for ps in per_opponent.values()), Fraction(0))
        met[i] = len(per_opponent)
    return mini, met
