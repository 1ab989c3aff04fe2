"""Individual standings of one section: tie-break values, shared ranks and the groups still tied."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property

from tournaments.outcomes import STANDARD_SCORING, Scoring

from .codes import TiebreakCode, parse_codes
from .direct_encounter import direct_encounter
from .ranking import rank_groups, shared_ranks, split_by_value
from .records import PlayerRounds
from .registry import BY_CODE, Unit
from .section import Section

DEFAULT_ORDER = ("PTS", "DE", "PS", "BH", "SB")
"""The competition's order: points, head-to-head, progressive, Buchholz, Berger."""

Value = Fraction | int


@dataclass(frozen=True)
class StandingsRow:
    """One player's place: ``rank`` is shared by players equal on every tie-break."""

    id: Hashable
    rank: int
    values: dict[str, Value] = field(default_factory=dict)
    """Tie-break code as requested -> value; points-based values are exact ``Fraction``s."""

    def __getitem__(self, code: str) -> Value:
        return self.values[code.upper()]


@dataclass(frozen=True)
class Standings:
    """Rows in rank order (players still tied by id), plus the groups still tied."""

    tiebreaks: tuple[str, ...]
    rows: tuple[StandingsRow, ...]
    tied_groups: tuple[tuple[Hashable, ...], ...]

    def row(self, player_id: Hashable) -> StandingsRow:
        """The row of one player; ``KeyError`` if absent."""
        return self._rows_by_id[player_id]

    def place(self, player_id: Hashable) -> str:
        """The place as shown in tables: ``"4"``, or ``"4-5"`` when two players share it."""
        rank = self.row(player_id).rank
        sharing = self._players_per_rank[rank]
        return str(rank) if sharing == 1 else f"{rank}-{rank + sharing - 1}"

    # Lookups built on first use, so that a table of a thousand rows stays linear.
    @cached_property
    def _rows_by_id(self) -> dict[Hashable, StandingsRow]:
        return {row.id: row for row in self.rows}

    @cached_property
    def _players_per_rank(self) -> Counter:
        return Counter(row.rank for row in self.rows)


def compute_standings(
    players: Sequence[PlayerRounds],
    tiebreaks: Sequence[str] | str = DEFAULT_ORDER,
    *,
    scoring: Scoring = STANDARD_SCORING,
    edition: str = "2026",
    rounds: int | None = None,
    forfeits_in_direct_encounter: bool = False,
) -> Standings:
    """Rank a Swiss section by ``tiebreaks`` applied in order (``PTS`` is not implied).

    ``tiebreaks``: codes such as ``"PTS,DE,PS,BH,SB"`` or ``["PTS", "BH-C1"]``
    (see :mod:`tournaments.tiebreaks.codes`).  ``edition``: ``"2026"`` (capped
    dummy opponents) or ``"2024"``.  ``rounds``: rounds to count (default: the
    longest record; shorter records are padded with zero-point byes); it is
    also the "number of rounds" of the 16.4.2 dummy cap.
    DE reports a player's place inside the group it was applied to (1, 2, 2 …),
    0 when it separated nobody there.
    """
    codes = parse_codes(tiebreaks)
    section = Section(players, scoring, rounds)
    values: dict[str, list] = {}
    criteria = []
    for code in codes:
        if code.name == "DE":
            de_values = [0] * len(section)
            values[code.text] = de_values
            criteria.append(
                _direct_encounter_split(section, de_values, forfeits_in_direct_encounter)
            )
        else:
            raw = _values(section, code, edition)
            values[code.text] = raw
            criteria.append(split_by_value(raw))
    groups = rank_groups(len(section), criteria, tie_order=section.ids.__getitem__)
    ranks = shared_ranks(groups)
    rows = tuple(
        StandingsRow(
            section.ids[i], ranks[i], {c.text: _shown(section, c, values[c.text][i]) for c in codes}
        )
        for group in groups
        for i in group
    )
    tied = tuple(tuple(section.ids[i] for i in g) for g in groups if len(g) > 1)
    return Standings(tuple(c.text for c in codes), rows, tied)


def _values(section: Section, code: TiebreakCode, edition: str) -> list:
    """Per player value of a value-based tie-break (scaled integers, or Fractions for AOB)."""
    compute = BY_CODE[code.name].compute
    return compute(section, edition, code.cut_low, code.cut_high)


def _shown(section: Section, code: TiebreakCode, value) -> Value:
    """Scaled integers back to exact points; counters, averages and DE stay as they are."""
    unit = BY_CODE[code.name].unit
    if unit is Unit.POINTS:
        return section.scale.points(value)
    if unit is Unit.PRODUCTS:
        return section.scale.products(value)
    return value


def _direct_encounter_split(section: Section, de_values: list[int], include_forfeits: bool):
    def split(group: list[int]) -> list[list[int]]:
        parts = direct_encounter(section, group, include_forfeits)
        if len(parts) > 1:
            place = 1
            for part in parts:
                for i in part:
                    de_values[i] = place
                place += len(part)
        return parts

    return split
