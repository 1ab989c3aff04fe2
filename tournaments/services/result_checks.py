"""What an entry of a result says, and whether it can be: the checks before anything is written.

An entry carries either the game itself — a record typed or read from a file (text), or the
moves a live board played — which the rules engine replays (the outcome is computed, never
typed), or scores typed by the arbiter, which are checked to be possible for the ending. The
results service (`results.record_result`) writes what `assess` returns and nothing else.
"""

from dataclasses import dataclass
from decimal import Decimal

from oware.clock import check_clocks
from oware.endings import Ending
from oware.errors import RecordError
from oware.game import ReadGame, read_game, read_moves
from oware.outcome import (
    GameResult,
    ResultEntryError,
    points_for,
    result_from_scores,
)
from oware.replay import Replay, repeated_position
from oware.rules import score_at_stop
from oware.sides import Side
from tournaments.models import Tournament
from tournaments.models.records import RecordSource
from tournaments.services.errors import ErrorCode, ServiceError

# Longest record accepted. Competition games end long before (a cycle is ended by agreement);
# the limits keep one typed record from costing seconds of replay and a page of megabytes.
MAX_RECORD_PLIES = 1000
MAX_RECORD_CHARACTERS = 20_000


@dataclass
class ResultEntry:
    """What was entered for one game, by a person or brought by a file or a live board.

    The game, when there is one, is either `record` (text in the notation, tags allowed) or
    `moves` (mover-relative pits in order) with `clocks` (the mover's seconds after each ply,
    None where unknown). With a game, `ending` may be left out (the moves decide) or be `agreed`,
    `time` or `resign` declared after the last move; typed scores and points, when given, must
    agree with the replay. Without a game, `ending` and the scores must be possible together; a
    result typed as points alone (the grid's 1, = or 0) is a game played out: a draw at 24–24,
    otherwise a capture. `decided_by` is the flagged player for `time`, the resigning one for
    `resign`, the absent one for `forfeit` (a Side).

    With `stores_at_end`, the seeds typed for `time` or `resign` are the two stores at the moment
    the flag fell or the player resigned; the game score then follows the competition table
    (`oware.rules.score_at_stop`). `score_unknown`: only the points are known (a game
    imported from another program's TRF). `source` marks the game's record (typed, imported,
    live). `confirm_agreed`: whoever entered an agreed end has seen the repeated positions the
    engine finds in it (the one-board page asks first; other ways in have nothing to show).
    `agreed_on_cycle`: a game with a record ends by agreement only on a position that occurred
    before in it (`oware.replay.repeated_position`); off only for rows already stored
    (a restore), which were checked when they were written. `game`: the game already read
    (`oware.read_game` of `record`, or a live board's moves replayed when it ended), which
    `assess` takes as it is instead of reading the record or the moves again.
    `start_seconds`: each player's starting time when the game had its own (a remote game's
    clock), else the tournament's; `increment_seconds`: what each move added to its mover's clock.
    """

    ending: Ending | None = None
    south_seeds: int | None = None
    north_seeds: int | None = None
    south_points: Decimal | None = None
    north_points: Decimal | None = None
    decided_by: Side | None = None
    record: str = ""
    stores_at_end: bool = False
    moves: list[int] | None = None
    clocks: list[int | None] | None = None
    source: str = RecordSource.TYPED
    score_unknown: bool = False
    confirm_agreed: bool = True
    agreed_on_cycle: bool = True
    game: ReadGame | None = None
    start_seconds: int | None = None
    increment_seconds: int = 0

    def __post_init__(self):
        # An ending given by its value (as the engine accepts it) is held as the Ending.
        self.ending = Ending(self.ending) if self.ending else None

    @property
    def has_game(self) -> bool:
        return self.game is not None or self.moves is not None or bool(self.record.strip())


@dataclass
class Assessment:
    """An entry checked: its game result, the side that decided it (None when none), and for
    an entry with a game the replay, the clock readings (seconds or None, one per ply) and the
    game as read (`read`: its tags among the rest)."""

    outcome: GameResult
    decided_by: Side | None
    game: Replay | None = None
    clocks: list[int | None] | None = None
    score_unknown: bool = False
    read: ReadGame | None = None


def assess(entry: ResultEntry, tournament: Tournament) -> Assessment:
    """Check `entry` against the rules of `tournament`'s variant and, for a game, its clock
    readings against the time control. Raises ServiceError when the entry is impossible."""
    if entry.has_game:
        return _from_game(entry, tournament)
    if entry.score_unknown:
        return _points_only(entry)
    return _from_scores(entry)


def kept_entry(result) -> ResultEntry:
    """The entry a stored result amounts to (its game when the engine can read it, else its
    ending and scores), for checking rows that arrive already written, as a restore's do."""
    entry = ResultEntry(
        south_points=result.south_points,
        north_points=result.north_points,
        decided_by=result.decided_by,
        score_unknown=result.score_unknown,
        agreed_on_cycle=False,
    )
    game_record = getattr(result.pairing, "game_record", None)
    if game_record is not None and game_record.readable:
        entry.moves, entry.clocks = list(game_record.moves), list(game_record.clocks)
    if not result.score_unknown:
        entry.ending = result.ending
        entry.south_seeds, entry.north_seeds = result.south_seeds, result.north_seeds
    return entry


def _from_game(entry: ResultEntry, tournament: Tournament) -> Assessment:
    if entry.ending is not None and not entry.ending.played:
        raise ServiceError(ErrorCode.UNEXPECTED_RECORD, field="record")
    if len(entry.record) > MAX_RECORD_CHARACTERS:
        raise ServiceError(
            ErrorCode.RECORD_TOO_LONG,
            case="characters",
            field="record",
            limit=MAX_RECORD_CHARACTERS,
        )
    try:
        read = _read(entry, tournament.variant)
        game, clocks = read.replay, list(read.clocks)
        # Before the ending: a refused reading names an earlier ply than an unfinished game.
        check_clocks(
            clocks,
            game.sides,
            start_seconds=entry.start_seconds or tournament.minutes_per_player * 60,
            ending=game.ending,
            to_move=game.to_move,
            increment_seconds=entry.increment_seconds,
        )
        outcome = read.outcome()
    except RecordError as error:
        raise ServiceError(
            ErrorCode.RULES,
            case="record",
            core_code=error.reason,  # the engine's reason: empty_pit, must_feed, …
            field="record",
            ply=error.ply,
            problem=error,
        ) from error
    decided_by = _check_typed_against(entry, outcome, game)
    if outcome.ending == Ending.AGREED and entry.agreed_on_cycle and not repeated_position(game):
        raise ServiceError(ErrorCode.NO_REPETITION, case="record", field="record", ply=game.plies)
    if outcome.ending == Ending.AGREED and not entry.confirm_agreed:
        raise ServiceError(ErrorCode.AGREED_END_UNCONFIRMED, field="confirm_agreed")
    return Assessment(outcome, decided_by, game, clocks, read=read)


def _read(entry: ResultEntry, variant: str) -> ReadGame:
    """The entry's game, read once: as it came (`entry.game`), else its moves or its record
    replayed with the declared ending. A record is a record in the notation, or else an .ogn
    file (the product's own export among them: it ends a game agreed on a repeated position
    with the score alone, as Aualé does, which only the .ogn reader understands)."""
    read = entry.game
    if read is None:
        declared = entry.ending if entry.ending is not None and entry.ending.declared else None
        # Either player may resign, at any time: the entry names who did (else the player to
        # move).
        resigner = entry.decided_by
        if entry.moves is not None:
            read = read_moves(
                entry.moves, variant, end=declared, resigner=resigner, clocks=entry.clocks or ()
            )
        else:
            read = read_game(entry.record, variant, end=declared, resigner=resigner)
    if read.replay.plies > MAX_RECORD_PLIES:
        raise ServiceError(
            ErrorCode.RECORD_TOO_LONG,
            case="plies",
            field="record",
            limit=MAX_RECORD_PLIES,
            plies=read.replay.plies,
        )
    return read


def _check_typed_against(entry: ResultEntry, outcome: GameResult, game: Replay) -> Side | None:
    """Refuse an ending, scores, points or decided side typed beside a game that it does not
    give; return the side that decided it (None when none)."""
    if entry.ending and entry.ending != outcome.ending:
        raise ServiceError(
            ErrorCode.ENDING_MISMATCH,
            field="ending",
            found=Ending(outcome.ending),
            entered=Ending(entry.ending),
        )
    scores = _typed_scores(entry)
    if scores is not None and scores != outcome.game_score:
        raise ServiceError(
            ErrorCode.DECLARED_SCORE,
            field="south_seeds",
            south=outcome.game_score[0],
            north=outcome.game_score[1],
            typed_south=scores[0],
            typed_north=scores[1],
        )
    decided_by = None
    if outcome.ending.stopped:
        decided_by = Side(game.resigner if outcome.ending == Ending.RESIGN else game.to_move)
        if entry.decided_by is not None and entry.decided_by != decided_by:
            raise ServiceError(
                ErrorCode.DECIDED_BY_MISMATCH,
                case=outcome.ending,
                field="decided_by",
                side=decided_by,
            )
    _check_typed_points(entry, outcome)
    return decided_by


def _from_scores(entry: ResultEntry) -> Assessment:
    ending = entry.ending or _ending_of_points(entry)
    if not ending:
        raise ServiceError(ErrorCode.MISSING_ENDING, field="ending")
    winner = None
    if ending == Ending.FORFEIT:
        if entry.decided_by is None:
            raise ServiceError(ErrorCode.MISSING_ABSENT, field="decided_by")
        winner = entry.decided_by.opponent
    if ending.stopped and entry.decided_by is None:
        raise ServiceError(ErrorCode.MISSING_DECIDED_BY, field="decided_by")
    south_seeds, north_seeds = _game_score(entry, ending)
    try:
        outcome = result_from_scores(
            ending,
            south_seeds,
            north_seeds,
            winner=winner,
            flagged=entry.decided_by if ending == Ending.TIME else None,
        )
    except ResultEntryError as error:
        raise ServiceError(
            ErrorCode.ENTRY,
            core_code=error.code,
            field=_field_name(error.field),
            problem=error,
        ) from error
    if ending == Ending.RESIGN and outcome.winner is not entry.decided_by.opponent:
        raise ServiceError(
            ErrorCode.RESIGNATION_IMPOSSIBLE, case="resigner_wins", field="decided_by"
        )
    _check_typed_points(entry, outcome)
    decided_by = entry.decided_by if ending.stopped or ending == Ending.FORFEIT else None
    return Assessment(outcome, decided_by)


def _ending_of_points(entry: ResultEntry) -> Ending | None:
    """The ending of a result typed as points alone: a game played out, drawn at 24–24 or won
    by a capture."""
    if entry.south_points is None or entry.north_points is None:
        return None
    if Decimal(str(entry.south_points)) == Decimal(str(entry.north_points)):
        return Ending.DRAW24
    return Ending.CAPTURE


def _points_only(entry: ResultEntry) -> Assessment:
    """A game whose points alone are known. The schema wants an ending: a draw is kept as
    `draw24` and a win as `capture`, and pages say "score unknown" instead of either."""
    south, north = Decimal(str(entry.south_points)), Decimal(str(entry.north_points))
    winner = None if south == north else Side.SOUTH if south > north else Side.NORTH
    ending = Ending.DRAW24 if winner is None else Ending.CAPTURE
    outcome = GameResult(ending, points_for(winner), None, winner)
    _check_typed_points(entry, outcome)
    return Assessment(outcome, None, score_unknown=True)


def _field_name(core_field: str) -> str:
    return {
        "south": "south_seeds",
        "north": "north_seeds",
        "score": "south_seeds",
        "points": "south_points",
        "flagged": "decided_by",
        "winner": "decided_by",
    }.get(core_field, core_field)


def _typed_scores(entry: ResultEntry) -> tuple[int, int] | None:
    if entry.south_seeds is None and entry.north_seeds is None:
        return None
    return (entry.south_seeds, entry.north_seeds)


def _check_typed_points(entry: ResultEntry, outcome: GameResult) -> None:
    """Points typed beside a record or scores are a cross-check: each one given must agree."""
    computed = points_of(outcome)
    for field, typed, right in zip(
        ("south_points", "north_points"),
        (entry.south_points, entry.north_points),
        computed,
        strict=True,
    ):
        if typed is not None and Decimal(str(typed)) != right:
            raise ServiceError(
                ErrorCode.POINTS_MISMATCH, field=field, south=computed[0], north=computed[1]
            )


def points_of(outcome: GameResult) -> tuple[Decimal, Decimal]:
    """(South, North) points of `outcome` as the database keeps them."""
    return tuple(Decimal(str(p)).normalize() for p in outcome.points)


def _game_score(entry: ResultEntry, ending: Ending) -> tuple[int | None, int | None]:
    """The game score typed, completed where the entry leaves it to the rules: a draw typed as
    points alone is 24–24, and stores typed at a flag fall or a resignation follow the table."""
    if entry.south_seeds is None and entry.north_seeds is None and not entry.ending:
        if ending == Ending.DRAW24:
            return 24, 24
    if not entry.stores_at_end or not ending.stopped:
        return entry.south_seeds, entry.north_seeds
    if entry.south_seeds is None or entry.north_seeds is None or entry.decided_by is None:
        return entry.south_seeds, entry.north_seeds
    if entry.south_seeds + entry.north_seeds > 48:
        raise ServiceError(ErrorCode.STORES_OVER_48, field="north_seeds")
    loser = entry.decided_by
    stores = (entry.south_seeds, entry.north_seeds)
    if ending == Ending.RESIGN and stores[loser] > 24:
        raise ServiceError(ErrorCode.RESIGNATION_IMPOSSIBLE, case="already_won", field="decided_by")
    return score_at_stop(ending, stores, loser)
