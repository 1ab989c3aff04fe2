"""From a finished game to a tournament result (docs/competition.md, "Result of a game").

Two entry points for the results service:
- `result_from_record(variant, record=… | moves=…, ending=…)`: replay the record and compute the
  points, the game scores in seeds and the ending. Nothing is typed by hand.
- `result_from_scores(ending, south, north, …)`: check a result entered without a record (scores
  only, time, forfeit) is possible, and complete it.

Both are pure functions returning a `GameResult`. An invalid record raises `RecordError` (with the
ply); an impossible score-only entry raises `ResultEntryError` (with a code and the field).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from .endings import Ending
from .errors import DECLARED_SCORE, RecordError
from .notation import replay_record
from .points import DRAW, LOSS, WIN
from .replay import Replay, replay
from .rules import WIN_SCORE
from .sides import Side
from .variants import Variant

ENDINGS = tuple(Ending)

UNFINISHED = "unfinished"  # reason code: the record neither ends the game nor declares an ending

SEEDS = 48
HALF = SEEDS // 2
_SIDE_LETTERS = tuple(side.letter for side in Side)


@dataclass(frozen=True)
class GameResult:
    """A game's result.

    ending: the Ending.
    points: (South, North), each 1, 0.5 or 0 (exact decimals).
    game_score: (South, North) seeds per the competition table, None when unplayed (forfeits).
    winner: the winning Side; None for a draw or a double forfeit.
    plies: moves in the record, None without one.
    """

    ending: Ending
    points: tuple[Decimal, Decimal]
    game_score: tuple[int, int] | None
    winner: Side | None
    plies: int | None = None

    @property
    def played(self) -> bool:
        return self.ending.played


# The English sentence of each message code of ResultEntryError, filled with its params; the
# product translates the same templates by code (tournaments/services/core_messages.py).
ENTRY_MESSAGES = {
    "unknown_ending": "%(ending)r is not one of %(endings)s",
    "missing_score": "a played game needs both game scores",
    "not_seeds": "%(value)r is not a whole number of seeds",
    "out_of_range": "%(value)s is not between 0 and %(seeds)s",
    "not_a_side": "%(value)r is not 'S' or 'N'",
    "unexpected_score": "an unplayed game has no score",
    "too_many_seeds": "%(south)s + %(north)s is more than the %(seeds)s seeds",
    "other_winner": "the scores give the game to %(decided)s, not %(winner)s",
    "points_mismatch": "the result gives %(result)s, not %(entered)s",
    "forfeit_points": "a forfeit is scored 1-0 or 0-1",
    "missing_winner": "a forfeit needs the player present ('S' or 'N')",
    "double_forfeit_winner": "nobody wins a double forfeit",
    "capture_score": "a game ends by capture only when a store passes 24",
    "draw24_score": "draw24 is scored 24-24",
    "all_seeds_stored": "after %(ending)s every seed is in a store, so the scores add up to "
    "%(seeds)s",
    "time_score": "a time result is 24-24, or the winner has 25 or more and the loser less than 24",
    "flagged_score": "the flagged player loses with his store against 25",
    "resign_score": "a resignation is scored as the resigner's store against 25",
}


class ResultEntryError(ValueError):
    """A score-only result that cannot happen.

    code: machine-readable ('unknown_ending', 'bad_value', 'out_of_range', 'too_many_seeds',
        'missing_score', 'unexpected_score', 'inconsistent_with_ending', 'points_mismatch',
        'missing_winner').
    field: the input field concerned ('ending', 'south', 'north', 'score', 'points', 'winner',
        'flagged').
    message_code: the sentence (a key of ENTRY_MESSAGES); params fill it into `message`.
    """

    def __init__(self, code: str, field: str, message_code: str, **params):
        self.code = code
        self.field = field
        self.message_code = message_code
        self.params = params
        self.message = ENTRY_MESSAGES[message_code] % params
        super().__init__(f"{field}: {self.message} ({code})")

    def as_dict(self) -> dict:
        return {"code": self.code, "field": self.field, "message": self.message}


_POINTS_FOR = {Side.SOUTH: (WIN, LOSS), Side.NORTH: (LOSS, WIN), None: (DRAW, DRAW)}


def points_for(winner: Side | None, ending: Ending | None = None) -> tuple[Decimal, Decimal]:
    """(South, North) points for the winning side, a draw (None), or a double forfeit (nobody
    scores)."""
    if ending == Ending.DOUBLE_FORFEIT:
        return (LOSS, LOSS)
    return _POINTS_FOR[winner]


def result_of_replay(game: Replay) -> GameResult:
    """The result of a replayed game. Raises RecordError('unfinished') when it has no ending."""
    if game.ending is None:
        raise RecordError(game.plies + 1, UNFINISHED, message_code=UNFINISHED)
    return GameResult(
        game.ending, points_for(game.winner), game.game_score, game.winner, game.plies
    )


def result_from_record(
    variant: str | Variant,
    record: str | None = None,
    *,
    moves: Sequence[int] | None = None,
    ending: Ending | str | None = None,
    declared_score: tuple[int, int] | None = None,
) -> GameResult:
    """Replay a record (movetext `record` or mover-relative `moves`) and compute its result.

    ending: optionally a declared ending after the last move — 'agreed', 'time' (the player to
        move lost on time) or 'resign' (the player to move resigned, unless the record names
        the resigner).
    declared_score: optionally the (South, North) game score entered with the result; it must
        be the computed one, else RecordError('declared_score') naming the ply after the last.
    Raises RecordError for an illegal or unfinished record.
    """
    if (record is None) == (moves is None):
        raise ValueError("give either a record or moves")
    if record is not None:
        game = replay_record(record, variant, ending)
    else:
        game = replay(moves, variant, ending)
    result = result_of_replay(game)
    if declared_score is not None and tuple(declared_score) != result.game_score:
        raise RecordError(
            game.plies + 1,
            DECLARED_SCORE,
            message_code="entered_score",
            south=declared_score[0],
            north=declared_score[1],
            game_south=result.game_score[0],
            game_north=result.game_score[1],
        )
    return result


# --- score-only entries -------------------------------------------------------------------


def _check_seeds(name: str, value) -> int:
    if value is None:
        raise ResultEntryError("missing_score", name, "missing_score")
    if isinstance(value, bool) or not isinstance(value, int):
        raise ResultEntryError("bad_value", name, "not_seeds", value=value)
    if not 0 <= value <= SEEDS:
        raise ResultEntryError("out_of_range", name, "out_of_range", value=value, seeds=SEEDS)
    return value


def _side(name: str, value) -> Side | None:
    """'S'/'N' (or a Side, 0/1) to its Side; None stays None."""
    if value is None:
        return None
    if isinstance(value, bool) or value not in (*_SIDE_LETTERS, *Side):
        raise ResultEntryError("bad_value", name, "not_a_side", value=value)
    return Side.from_letter(value) if isinstance(value, str) else Side(value)


def _inconsistent(message_code: str, field: str = "score", **params) -> ResultEntryError:
    return ResultEntryError("inconsistent_with_ending", field, message_code, **params)


def _played_winner(ending: Ending, south: int, north: int, flagged: int | None) -> Side | None:
    """The winner a played game's scores imply (None: a draw); raise when the scores cannot end
    that way."""
    high, low = max(south, north), min(south, north)
    leader = Side.SOUTH if south > north else Side.NORTH if north > south else None
    if ending == Ending.CAPTURE:
        if high <= HALF:
            raise _inconsistent("capture_score")
        return leader
    if ending == Ending.DRAW24:
        if south != HALF or north != HALF:
            raise _inconsistent("draw24_score")
        return None
    if ending in (Ending.NO_MOVES, Ending.AGREED):
        if south + north != SEEDS:
            raise _inconsistent("all_seeds_stored", ending=ending, seeds=SEEDS)
        return leader
    if ending == Ending.TIME:
        if south == north == HALF:
            return None
        if high < WIN_SCORE or low >= HALF:
            raise _inconsistent("time_score")
        if flagged is not None:
            if leader is not Side(flagged) and high != WIN_SCORE:
                raise _inconsistent("flagged_score")
        return leader
    # RESIGN: the resigner (24 or less, or the game would be over) against 25.
    if high != WIN_SCORE or low > HALF:
        raise _inconsistent("resign_score")
    return leader


def result_from_scores(
    ending: Ending | str,
    south: int | None = None,
    north: int | None = None,
    *,
    points: tuple[Decimal, Decimal] | None = None,
    winner: str | Side | None = None,
    flagged: str | Side | None = None,
) -> GameResult:
    """Check and complete a result entered without a move record.

    ending: an Ending (or its value). south, north: the game scores in seeds (none for forfeits).
    points: optionally the entered (South, North) points; they must follow from the rest.
    winner: the winning side ('S', 'N' or a Side), needed for a forfeit (the player present)
        unless points say it.
    flagged: for 'time', optionally the player whose flag fell ('S', 'N' or a Side).
    Returns the GameResult; raises ResultEntryError(code, field) when it cannot happen.
    """
    if ending not in ENDINGS:
        raise ResultEntryError(
            "unknown_ending", "ending", "unknown_ending", ending=ending, endings=", ".join(ENDINGS)
        )
    ending = Ending(ending)
    flagged_side = _side("flagged", flagged)
    if not ending.played:
        for name, value in (("south", south), ("north", north)):
            if value is not None:
                raise ResultEntryError("unexpected_score", name, "unexpected_score")
        decided = _forfeit_winner(ending, winner, points)
        result = GameResult(ending, points_for(decided, ending), None, decided)
    else:
        south = _check_seeds("south", south)
        north = _check_seeds("north", north)
        if south + north > SEEDS and not (ending == Ending.RESIGN and min(south, north) == HALF):
            raise ResultEntryError(
                "too_many_seeds", "score", "too_many_seeds", south=south, north=north, seeds=SEEDS
            )
        decided = _played_winner(ending, south, north, flagged_side)
        if winner is not None and _side("winner", winner) is not decided:
            raise ResultEntryError(
                "inconsistent_with_ending",
                "winner",
                "other_winner",
                decided=_named(decided),
                winner=_named(_side("winner", winner)),
            )
        result = GameResult(ending, points_for(decided), (south, north), decided)
    if points is not None and _exact(points) != result.points:
        raise ResultEntryError(
            "points_mismatch",
            "points",
            "points_mismatch",
            result=result.points,
            entered=tuple(points),
        )
    return result


def _named(winner: Side | None) -> str:
    """A winner as the entry messages write it: 'S', 'N' or 'draw'."""
    return "draw" if winner is None else winner.letter


def _exact(points) -> tuple[Decimal, ...]:
    """Entered points as exact decimals (a float 0.5 is exact too)."""
    return tuple(Decimal(p) for p in points)


def _forfeit_winner(ending: Ending, winner: str | Side | None, points) -> Side | None:
    if ending == Ending.DOUBLE_FORFEIT:
        if winner is not None:
            raise _inconsistent("double_forfeit_winner", "winner")
        return None
    if winner is None and points is not None:
        winner = {(WIN, LOSS): Side.SOUTH, (LOSS, WIN): Side.NORTH}.get(_exact(points))
        if winner is None:
            raise ResultEntryError("points_mismatch", "points", "forfeit_points")
    if winner is None or isinstance(winner, bool) or winner not in (*_SIDE_LETTERS, *Side):
        raise ResultEntryError("missing_winner", "winner", "missing_winner")
    return _side("winner", winner)
