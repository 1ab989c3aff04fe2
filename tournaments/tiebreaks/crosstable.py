"""Crosstable data: one row per player in rank order, one cell per round."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from oware.sides import Side
from tournaments.outcomes import STANDARD_SCORING, RoundOutcome, Scoring

from .exact import to_fraction
from .records import PlayerRounds
from .standings import Standings

_BYE_SYMBOL = {
    RoundOutcome.PAIRING_BYE: "U",
    RoundOutcome.FULL_POINT_BYE: "F",
    RoundOutcome.HALF_POINT_BYE: "H",
    RoundOutcome.ZERO_POINT_BYE: "Z",
}


@dataclass(frozen=True)
class CrosstableCell:
    """One round of one player.

    ``symbol``: ``1`` ``½`` ``0`` for games, ``+`` ``-`` for forfeits, and
    the TRF letters ``U`` (pairing-allocated bye), ``F``, ``H``, ``Z`` for byes.
    ``opponent_rank`` is the opponent's (possibly shared) rank and
    ``opponent_row`` their 1-based row in the table; ``side`` is the player's side when
    known.
    """

    round: int
    symbol: str
    opponent: Hashable | None = None
    opponent_rank: int | None = None
    opponent_row: int | None = None
    side: Side | None = None


@dataclass(frozen=True)
class CrosstableRow:
    id: Hashable
    rank: int
    place: str
    values: dict
    cells: tuple[CrosstableCell, ...]


def crosstable(
    players: Sequence[PlayerRounds], standings: Standings, scoring: Scoring = STANDARD_SCORING
) -> list[CrosstableRow]:
    """Rows in the order of ``standings``; every player of ``standings`` must have a record."""
    records = {p.id: p for p in players}
    row_of = {row.id: n for n, row in enumerate(standings.rows, start=1)}
    rank_of = {row.id: row.rank for row in standings.rows}
    win, draw = to_fraction(scoring.win), to_fraction(scoring.draw)
    table = []
    for row in standings.rows:
        cells = tuple(
            _cell(r, result, win, draw, rank_of, row_of)
            for r, result in enumerate(records[row.id].rounds, start=1)
        )
        table.append(
            CrosstableRow(row.id, row.rank, standings.place(row.id), dict(row.values), cells)
        )
    return table


def _cell(round_number, result, win, draw, rank_of, row_of) -> CrosstableCell:
    kind = result.outcome
    if not kind.has_opponent:
        return CrosstableCell(round_number, _BYE_SYMBOL[kind])
    if kind is RoundOutcome.GAME:
        points = to_fraction(result.points)
        symbol = "1" if points == win else "½" if points == draw else "0"
    else:
        symbol = "+" if kind is RoundOutcome.FORFEIT_WIN else "-"
    opponent = result.opponent
    return CrosstableCell(
        round_number,
        symbol,
        opponent,
        rank_of.get(opponent),
        row_of.get(opponent),
        result.side,
    )
