"""Oware rules engine: variants, legal moves, replay and validation of game records, results.

Plain Python, no framework. The main entry points:
- `read_game(text, variant=None)` → `ReadGame`: the text of a record (movetext with tags, or an
  Aualé .ogn file) read once — `replay`, `tags`, `clocks`, `result`, `position`;
  `read_moves(moves, variant, clocks=…)` the same for a board's moves.
- `replay(moves, variant, end=None)` and `replay_record(text, variant, end=None)` → `Replay`
  (every position, movers, ending, final stores, winner, repetitions), or `RecordError`.
- `result_from_record(variant, record=…|moves=…, ending=None)` → `GameResult` (points, game
  scores in seeds, ending); `result_from_scores(ending, south, north, …)` checks a score-only
  entry (`ResultEntryError` with a code and a field).
- `board_view(position, last_pit=None, error_pit=None)` → context for templates/games/board.html.
- `parse_record` / `write_record` for movetext, `read_ogn` / `write_ogn` for Aualé files.
"""

from .board_view import board_view
from .endings import Ending
from .errors import RecordError
from .game import ReadGame, read_game, read_moves
from .notation import Record, parse_record, replay_record, write_record
from .ogn import OgnGame, read_ogn, write_ogn
from .outcome import (
    GameResult,
    ResultEntryError,
    result_from_record,
    result_from_scores,
    result_of_replay,
)
from .position import NORTH, SOUTH, Position
from .replay import Repetition, Replay, repeated_position, replay, with_ending
from .rules import legal_moves, play
from .sides import Side
from .variants import VARIANTS, Variant, get_variant

__all__ = [
    "board_view",
    "Ending",
    "RecordError",
    "ReadGame",
    "read_game",
    "read_moves",
    "Record",
    "parse_record",
    "replay_record",
    "write_record",
    "OgnGame",
    "read_ogn",
    "write_ogn",
    "GameResult",
    "ResultEntryError",
    "result_from_record",
    "result_from_scores",
    "result_of_replay",
    "NORTH",
    "SOUTH",
    "Position",
    "Side",
    "Replay",
    "Repetition",
    "repeated_position",
    "replay",
    "with_ending",
    "legal_moves",
    "play",
    "VARIANTS",
    "Variant",
    "get_variant",
]
