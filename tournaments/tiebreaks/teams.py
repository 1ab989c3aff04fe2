"""Team standings of the Oware competition (competition.md), per section and combined.

Team points in a round are the sum of its players' points in that round.
Default order: team points (``TP``); cumulated game score from lost games
(``LGS``: the seeds the team's players had in their store in the games they
lost over the board, higher is better); progressive team points (``PS``);
then the sum of the players' individual Buchholz (``BH``) and Berger
(``SB``).  Any other code is read as "sum of the players' individual values
of that code" (for instance ``BH-C1``).
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from .exact import Number, to_fraction
from .ranking import rank_groups, shared_ranks, split_by_value
from .registry import TEAM_ONLY_CODES
from .standings import Standings

DEFAULT_TEAM_ORDER = ("TP", "LGS", "PS", "BH", "SB")


def individual_codes(order) -> list[str]:
    """The individual tie-breaks a team order needs from each player's standings."""
    return [c.strip().upper() for c in order if c.strip().upper() not in TEAM_ONLY_CODES]


@dataclass(frozen=True)
class TeamGame:
    """One player's round as the team tables count it (TRF has no seeds, hence this record).

    ``seeds``: the player's game score (seeds in their store at the end),
    ``None`` when the round was not played over the board.  ``lost``: True
    when the player lost that game over the board.
    """

    section: Hashable
    team: Hashable
    player: Hashable
    round: int
    points: Number
    seeds: int | None = None
    lost: bool = False


@dataclass(frozen=True)
class TeamRow:
    """One team's place; ``round_points[r - 1]`` is its team points in round r."""

    team: Hashable
    rank: int
    values: dict[str, Fraction | int] = field(default_factory=dict)
    round_points: tuple[Fraction, ...] = ()


@dataclass(frozen=True)
class TeamStandings:
    """Rows in rank order (teams still tied by team id) and the groups still tied."""

    tiebreaks: tuple[str, ...]
    rows: tuple[TeamRow, ...]
    tied_groups: tuple[tuple[Hashable, ...], ...]

    def row(self, team: Hashable) -> TeamRow:
        for row in self.rows:
            if row.team == team:
                return row
        raise KeyError(team)


def individual_values(*standings: Standings) -> dict[Hashable, dict[str, Fraction | int]]:
    """Player id -> tie-break values, merged from the sections' individual standings."""
    merged: dict[Hashable, dict] = {}
    for table in standings:
        for row in table.rows:
            merged.setdefault(row.id, {}).update(row.values)
    return merged


def team_standings(
    games: Iterable[TeamGame],
    individual: Mapping[Hashable, Mapping[str, Number]] | None = None,
    order: Iterable[str] = DEFAULT_TEAM_ORDER,
    sections: Collection[Hashable] | None = None,
) -> TeamStandings:
    """Rank teams over ``sections`` (default: all sections, i.e. the combined table).

    ``individual`` maps a player id to their individual tie-break values (see
    :func:`individual_values`); it is needed only for codes other than TP,
    LGS and PS.  A team's players are those appearing in ``games``.
    """
    codes = [c.strip().upper() for c in order]
    chosen = [g for g in games if sections is None or g.section in sections]
    teams = sorted({g.team for g in chosen})
    position = {team: k for k, team in enumerate(teams)}
    rounds = max((g.round for g in chosen), default=0)
    round_points = [[Fraction(0)] * rounds for _ in teams]
    lost_seeds = [0] * len(teams)
    players: list[set] = [set() for _ in teams]
    for g in chosen:
        if g.round < 1:
            raise ValueError(f"round numbers start at 1 (player {g.player!r})")
        k = position[g.team]
        round_points[k][g.round - 1] += to_fraction(g.points)
        players[k].add(g.player)
        if g.lost and g.seeds is not None:
            lost_seeds[k] += g.seeds
    values = {}
    for code in codes:
        if code == "TP":
            values[code] = [sum(rp, Fraction(0)) for rp in round_points]
        elif code == "LGS":
            values[code] = lost_seeds
        elif code == "PS":
            values[code] = [_progressive(rp) for rp in round_points]
        else:
            values[code] = [_sum_of_players(code, members, individual) for members in players]
    groups = rank_groups(len(teams), [split_by_value(values[c]) for c in codes], teams.__getitem__)
    ranks = shared_ranks(groups)
    rows = tuple(
        TeamRow(teams[k], ranks[k], {c: values[c][k] for c in codes}, tuple(round_points[k]))
        for group in groups
        for k in group
    )
    tied = tuple(tuple(teams[k] for k in g) for g in groups if len(g) > 1)
    return TeamStandings(tuple(codes), rows, tied)


def team_standings_by_section(
    games: Iterable[TeamGame],
    individual: Mapping[Hashable, Mapping[str, Number]] | None = None,
    order: Iterable[str] = DEFAULT_TEAM_ORDER,
) -> dict[Hashable, TeamStandings]:
    """One team table per section (men's teams, women's teams, …)."""
    games = list(games)
    order = list(order)
    return {
        section: team_standings(games, individual, order, sections={section})
        for section in sorted({g.section for g in games})
    }


def _progressive(points: list[Fraction]) -> Fraction:
    running = total = Fraction(0)
    for p in points:
        running += p
        total += running
    return total


def _sum_of_players(code: str, members: set, individual) -> Fraction:
    if individual is None:
        raise ValueError(f"team tie-break {code} needs the players' individual values")
    total = Fraction(0)
    for player in members:
        try:
            total += to_fraction(individual[player][code])
        except KeyError:
            raise ValueError(f"no individual {code} for player {player!r}") from None
    return total
