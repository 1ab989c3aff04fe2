"""Standings and tie-breaks (FIDE C.07, 2026 edition by default) on plain records; no Django.

Input, one record per player (round order, index 0 = round 1)::

    from tournaments.history import RoundRecord
    from tournaments.tiebreaks import PlayerRounds, compute_standings

    records = [
        PlayerRounds(7, [RoundRecord.game(12, Decimal(1), Side.SOUTH),   # beat 12 as South
                         RoundRecord.forfeit_win(3),                      # 3 did not come
                         RoundRecord.bye(RoundOutcome.PAIRING_BYE, Decimal(1))]),
        ...
    ]
    standings = compute_standings(records, "PTS,DE,PS,BH,SB")
    for row in standings.rows:              # rank order; ties by id
        row.id, row.rank, row["BH"], standings.place(row.id)   # place: "4" or "4-5"
    standings.tied_groups                    # ids still equal on every tie-break

``compute_standings(players, tiebreaks=DEFAULT_ORDER, *, scoring=STANDARD_SCORING,
edition="2026", rounds=None, forfeits_in_direct_encounter=False) -> Standings``

Codes: ``PTS``, ``DE``, ``PS`` (``PS-Cn``), ``BH``/``FB``/``SB`` with ``-Cn`` or
``-Mn`` (``/`` also accepted), ``AOB``, ``WIN``, ``WON``, ``BPG``, ``BWG``,
``REP`` (alias ``GE``).  Points values come back as exact ``Fraction``;
counters and ``DE`` (place inside the tied group, 0 when it separated nobody)
as ``int``.  ``standings_to_json(standings)`` gives the plain JSON shape.

From a section's history (:mod:`tournaments.history`): ``records_from_history(history)`` and
``standings_from_history(history, tiebreaks, *, edition, forfeits_in_direct_encounter)``;
from a TRF file, through that history: ``records_from_trf(tournament, scoring)`` and
``standings_from_trf(tournament, tiebreaks, *, edition, scoring,
forfeits_in_direct_encounter)``.

Teams (:mod:`.teams`): ``TeamGame(section, team, player, round, points,
seeds=None, lost=False)``; ``team_standings(games, individual=None,
order=DEFAULT_TEAM_ORDER, sections=None) -> TeamStandings`` (combined when
``sections`` is None); ``team_standings_by_section(...)``;
``individual_values(*standings)`` supplies the players' BH/SB.

Crosstable (:mod:`.crosstable`): ``crosstable(players, standings,
scoring=STANDARD_SCORING) -> list[CrosstableRow]``, each row with
``CrosstableCell(round, symbol, opponent, opponent_rank, opponent_row, side)``.

Synthetic data (:mod:`.sample`): ``random_section(players, rounds, seed)``.
"""

from .codes import TiebreakCode, parse_code, parse_codes
from .crosstable import CrosstableCell, CrosstableRow, crosstable
from .history import (
    records_from_history,
    records_from_trf,
    standings_from_history,
    standings_from_trf,
)
from .records import PlayerRounds
from .serialise import standings_to_json
from .standings import DEFAULT_ORDER, Standings, StandingsRow, compute_standings
from .teams import (
    DEFAULT_TEAM_ORDER,
    TeamGame,
    TeamRow,
    TeamStandings,
    individual_values,
    team_standings,
    team_standings_by_section,
)

__all__ = [
    "DEFAULT_ORDER",
    "DEFAULT_TEAM_ORDER",
    "CrosstableCell",
    "CrosstableRow",
    "PlayerRounds",
    "Standings",
    "StandingsRow",
    "TeamGame",
    "TeamRow",
    "TeamStandings",
    "TiebreakCode",
    "compute_standings",
    "crosstable",
    "individual_values",
    "parse_code",
    "parse_codes",
    "records_from_history",
    "records_from_trf",
    "standings_from_history",
    "standings_from_trf",
    "standings_to_json",
    "team_standings",
    "team_standings_by_section",
]
