"""Remote play: a live board whose two players each play from their own device, signed in as
themselves, on the server's clock alone (docs/live-board.md, "Remote play").

The board opens when its round is published (`open_remote_boards`): South's clock runs from
then, whether he is connected or not. A player is known by his account's confirmed links
(`side_of_user`), never by a side code. A move names its ply (`play_move`), so that a move sent
twice is refused rather than played twice. The server's clock alone decides a flag fall, and a
player who does not make his first move within the no-show delay loses by forfeit (both absent:
a double forfeit): a task queued for the board's next deadline settles it (`games.tasks`), and
so does any read or move that comes after the deadline (`settle_due`). A finished game goes at
once through the one write path (`tournaments.services.results.record_result`) with its record,
with no arbiter's confirmation.
"""

import logging
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from games import board_news, live
from games.models.live import LiveBoard, new_code
from games.remote_clock import clocks_at, flag_moment, reading_after_move
from oware.endings import Ending
from oware.errors import RecordError
from oware.sides import Side
from players.linking import accounts_of, user_player_ids
from tournaments.models import Pairing, Result
from tournaments.queueing import EARLY_START, enqueue, started_early, wait_until
from tournaments.services.errors import ErrorCode, ServiceError
from tournaments.services.result_checks import MAX_RECORD_PLIES
from tournaments.services.results import ResultEntry, record_result

logger = logging.getLogger(__name__)

PITS = "abcdef"
"""A move's pit by its letter, from its owner's left (the notation's: South's in capitals)."""


# What a remote game's requests read with its board, in the same query: its players, where it is
# played and its result (`game_state`'s points), and of these only the columns a move and a
# state read (less than half of its columns, and of the CPU it costs to build its rows); the
# game's end reads its pairing whole again (`_whole_game`).
BOARD_RELATIONS = (
    "pairing__round__section__tournament",
    "pairing__south",
    "pairing__north",
    "pairing__result",
)
BOARD_COLUMNS = (
    *(field.name for field in LiveBoard._meta.concrete_fields),
    "pairing__board",
    "pairing__round__number",
    "pairing__round__section__slug",
    "pairing__round__section__tournament__slug",
    "pairing__round__section__tournament__variant",
    "pairing__round__section__tournament__minutes_per_player",
    "pairing__round__section__tournament__clock_warning_minutes",
    "pairing__south__name",
    "pairing__north__name",
    "pairing__result__south_points",
    "pairing__result__north_points",
)


def boards_with_their_games():
    """Remote games' boards read with what their requests read of their games."""
    return LiveBoard.objects.select_related(*BOARD_RELATIONS).only(*BOARD_COLUMNS)


LARGEST_ID = 2**63 - 1
"""The largest id a database row may have: a larger one in an address names no game (and SQLite
could not even compare it)."""


def find_board(slug: str, pairing_id: int) -> LiveBoard | None:
    """The remote board of game `pairing_id` in tournament `slug`, None when there is none."""
    if not 0 < pairing_id <= LARGEST_ID:
        return None
    return (
        boards_with_their_games()
        .filter(remote=True, pairing_id=pairing_id, pairing__round__section__tournament__slug=slug)
        .first()
    )


def pit_letter(side: Side, pit: int) -> str:
    """The notation's letter of `side`'s mover-relative `pit` (0–5)."""
    letter = PITS[pit]
    return letter.upper() if side == Side.SOUTH else letter


def pit_of_letter(letter) -> int | None:
    """The mover-relative pit a letter names (either case), None for anything else."""
    if not isinstance(letter, str) or len(letter) != 1 or letter.lower() not in PITS:
        return None
    return PITS.index(letter.lower())


def open_remote_boards(
    round_,
    *,
    clock_seconds: int,
    increment_seconds: int = 0,
    no_show_seconds: int | None,
    now: datetime | None = None,
) -> list[LiveBoard]:
    """Open one remote board per pairing of the published `round_` (byes excluded) at `now`:
    South's clock runs from then. A pairing whose board already opened keeps it. Queues the
    settling of each board's first deadline (a no-show, else South's flag)."""
    now = now or timezone.now()
    boards, opened = [], []
    with transaction.atomic():
        pairings = round_.pairings.filter(north__isnull=False).select_related(
            "round__section__tournament", "south", "north", "result"
        )
        for pairing in pairings.order_by("board"):
            board = LiveBoard.objects.filter(pairing=pairing).first()
            if board is None:
                # Its blank side and ending as a board read back has them (its state is sent).
                board = LiveBoard(
                    pairing=pairing, code=_free_code(), offer=None, ending=None, decided_by=None
                )
            elif board.remote or board.moves:
                boards.append(board)
                continue
            board.pairing = pairing
            board.remote = True
            board.clock_seconds = clock_seconds
            board.increment_seconds = increment_seconds
            board.no_show_seconds = no_show_seconds
            board.opened_at = board.started_at = now
            board.state = LiveBoard.State.WAITING
            board.revision += 1
            board.save()
            _announce(board, now)
            boards.append(board)
            opened.append(board)
        _schedule_together(opened, now)
        _tell_the_players(opened)
    return boards


def _schedule_together(boards: list[LiveBoard], now: datetime) -> None:
    """Queue one settling for each first deadline the new `boards` share (a round's boards
    open together: their no-show delays end at one moment), instead of one task a board: the
    worker then settles the boards that are due before it queues the next deadlines of those
    whose players came, rather than in the boards' order."""
    due_at: dict[datetime, list[int]] = {}
    for board in boards:
        deadline = next_deadline(board)
        if deadline is not None:
            board.settle_at = deadline.at
            due_at.setdefault(deadline.at, []).append(board.pk)
    # Each board's settle_at, which its first move keeps (one query).
    LiveBoard.objects.bulk_update(boards, ["settle_at"])
    from games.tasks import settle_remote_boards

    for at, board_ids in due_at.items():
        enqueue(settle_remote_boards, board_ids, run_after=at, deadline=True)


def _tell_the_players(boards: list[LiveBoard]) -> None:
    """Tell the own streams of the players of these new games (`games.stream.my_events`) their
    board and side, at the commit."""
    if not board_news.listens():
        return
    sides = {}
    for board in boards:
        sides[board.pairing.south_id] = (board.pk, Side.SOUTH)
        sides[board.pairing.north_id] = (board.pk, Side.NORTH)
    board_news.announce_games(
        (account, *sides[player])
        for player, accounts in accounts_of(sides).items()
        for account in accounts
    )


def _changed(board: LiveBoard) -> None:
    """Raise the board's revision: its streams compare it (`_announce` tells them)."""
    board.revision += 1


def _announce(board: LiveBoard, now: datetime) -> None:
    """Tell the streams of every process the board's new state, at the commit, and keep it on
    the board for the caller's answer (`answer_state`): the state is computed once a change."""
    board.announced_state = game_state(board, None, now)
    board_news.announce_state(board.pk, board.announced_state)


def answer_state(board: LiveBoard, side: Side | None, now: datetime) -> dict:
    """The state of `board` for `side`'s player: the one just announced when the caller wrote
    it (at `now`), else read from the board."""
    announced = getattr(board, "announced_state", None)
    if announced is not None:
        return as_seen_by(announced, side)
    return game_state(board, side, now)


def as_seen_by(state: dict, side: Side | None) -> dict:
    """`state` (as `game_state` gives it for a spectator) as `side`'s player reads it (None: a
    spectator); a copy."""
    seen = dict(state)
    seen["side"] = side.letter if side is not None else None
    playing = state["state"] == "playing"
    seen["your_turn"] = side is not None and side.letter == state["to_move"] and playing
    return seen


def _free_code() -> str:
    """A board code no board has yet (31**6 of them: a clash is rare, so it is only retried)."""
    while True:
        code = new_code()
        if not LiveBoard.objects.filter(code=code).exists():
            return code


def side_of_user(board: LiveBoard, user) -> Side | None:
    """The side `user` plays on `board`, through his account's confirmed links; None for anyone
    else."""
    return _side_of(board, user_player_ids(user))


def _side_of(board: LiveBoard, player_ids: set[int]) -> Side | None:
    pairing = board.pairing
    if pairing.south_id in player_ids:
        return Side.SOUTH
    if pairing.north_id in player_ids:
        return Side.NORTH
    return None


def my_game(user, now: datetime | None = None) -> tuple[LiveBoard, Side] | None:
    """`user`'s remote game being played (the earliest opened, if he has several) and his side
    in it, settled up to `now`: a deadline that passed is recorded first, and the game comes
    back as it ended. None when he has none."""
    mine = user_player_ids(user)
    if not mine:
        return None
    either = Q(pairing__south_id__in=mine) | Q(pairing__north_id__in=mine)
    boards = boards_with_their_games().filter(either, remote=True)
    playing = boards.filter(state__in=(LiveBoard.State.WAITING, LiveBoard.State.PLAYING))
    board = playing.order_by("opened_at", "pk").first()
    if board is None:
        return None
    return settle_due(board, now), _side_of(board, mine)


def seen(board: LiveBoard, side: Side, now: datetime | None = None) -> LiveBoard:
    """Note that `side`'s player asked about the game (his first request makes him present)."""
    field = _seen_field(side)
    if getattr(board, field) is None:
        now = now or timezone.now()
        mark_seen(board.pk, side, now)
        setattr(board, field, now)
    return board


def mark_seen(board_id: int, side: Side, now: datetime) -> None:
    """Note that `side`'s player of board `board_id` asked about it, unless he had already."""
    field = _seen_field(side)
    LiveBoard.objects.filter(pk=board_id, **{f"{field}__isnull": True}).update(**{field: now})


def _seen_field(side: Side) -> str:
    return "south_seen_at" if side == Side.SOUTH else "north_seen_at"


@dataclass(frozen=True)
class Deadline:
    """The next moment at which the board's game ends by itself, and how: `side` loses by
    `ending` (time or forfeit), or both lose (double_forfeit, `side` None)."""

    at: datetime
    ending: Ending
    side: Side | None


def next_deadline(board: LiveBoard) -> Deadline | None:
    """The earliest of the game's deadlines still ahead of it: the player to move's flag, and
    the no-show delay while a player has not made his first move. None once it is over."""
    if not board.remote or board.finished or board.opened_at is None:
        return None
    received = live.received_moments(board)
    to_move = live.position_of(board).to_move
    flag = flag_moment(
        received, to_move, start=board.starting_seconds, increment=board.increment_seconds
    )
    deadline = Deadline(_moment(board, flag), Ending.TIME, to_move)
    if board.no_show_seconds is not None and len(board.moves) < 2:
        # South's first move is due within the delay of the opening, North's within the
        # delay of South's first move.
        since = 0.0 if not received else received[0][1]
        due = _moment(board, since + board.no_show_seconds)
        if due <= deadline.at:
            deadline = _no_show(board, to_move, due)
    return deadline


def _no_show(board: LiveBoard, absent: Side, due: datetime) -> Deadline:
    """South absent at the delay: a double forfeit if North never came either."""
    if absent == Side.SOUTH and (board.north_seen_at is None or board.north_seen_at > due):
        return Deadline(due, Ending.DOUBLE_FORFEIT, None)
    return Deadline(due, Ending.FORFEIT, absent)


def _moment(board: LiveBoard, seconds: float) -> datetime:
    return board.started_at + timedelta(seconds=seconds)


def settle_due(board: LiveBoard, now: datetime | None = None) -> LiveBoard:
    """End the game if a deadline passed by `now` (a flag fall, a no-show), recording its
    result at once; the board as it is afterwards. Its own transaction: a refused move that
    comes after the flag leaves the flag fall recorded."""
    now = now or timezone.now()
    deadline = next_deadline(board)
    if deadline is None or deadline.at > now:
        return board
    with transaction.atomic():
        board = live.locked_board(board)
        deadline = next_deadline(board)
        if deadline is not None and deadline.at <= now:
            try:
                with transaction.atomic():
                    _end(board, deadline)
            except ServiceError as refusal:
                _leave_for_the_arbiter(board, refusal)
            board.save()
            _announce(board, now)
    return board


def _leave_for_the_arbiter(board: LiveBoard, refusal: ServiceError) -> None:
    """The results service refused the ended game: it waits for an arbiter's confirmation, as
    a table's finished game does, instead of failing every later read and move of its players
    (the game is over either way; its clock stopped at the deadline)."""
    logger.error(
        "Remote board %s ended but its result was refused (%s): left for the arbiter",
        board.code,
        refusal.code,
    )
    board.state = LiveBoard.State.PENDING
    _changed(board)


def _whole_game(board: LiveBoard) -> None:
    """Read the board's game whole (its pairing with the round, section, tournament and
    players): a finished game's record and result read more of them than a move's columns."""
    board.pairing = Pairing.objects.select_related(
        "round__section__tournament", "south", "north"
    ).get(pk=board.pairing_id)


def _end(board: LiveBoard, deadline: Deadline) -> None:
    """The game ends at the deadline: the clock stops at that moment, the result is recorded."""
    _whole_game(board)
    board.paused_at = deadline.at
    board.decided_by = deadline.side
    if deadline.ending == Ending.TIME:
        board.flag_claim = {"clocks": list(live.remote_clocks(board, deadline.at))}
        game = live._finish(board, Ending.TIME, store=False)
        _record(board, game=game)
        return
    board.ending = deadline.ending
    board.offer = None
    board.state = LiveBoard.State.PENDING
    _record(board)


def _record(board: LiveBoard, game=None) -> None:
    """Hand the finished game to the results service, as one of the tournament's arbiters (the
    one write path wants one; no arbiter confirms anything), and mark the board changed. A
    tournament without an arbiter leaves it pending, for the first one it gets."""
    _changed(board)
    board.settle_at = None
    arbiter = board.pairing.round.section.tournament.arbiters.order_by("pk").first()
    if arbiter is None:
        return
    if board.ending is not None and not board.ending.played:
        entry = ResultEntry(ending=board.ending, decided_by=board.decided_by)
        reason = _("Remote board %(code)s") % {"code": board.code}
        record_result(board.pairing, entry, by=arbiter, reason=reason)
        board.state = LiveBoard.State.CONFIRMED
        return
    live._store(board, arbiter, game)


def player_side(board: LiveBoard, user) -> Side:
    """The side `user` plays on `board`; refused for anyone else."""
    side = side_of_user(board, user)
    if side is None:
        raise ServiceError(ErrorCode.NOT_IN_GAME, field="game")
    return side


def _require_under_way(board: LiveBoard, field: str) -> None:
    """Refuse a game over, naming a flag fall (which the settling before has just recorded)."""
    if board.finished:
        case = "flag" if board.ending == Ending.TIME else None
        raise ServiceError(ErrorCode.REMOTE_GAME_OVER, case=case, field=field)


def play_move(
    board: LiveBoard, user, ply, move, now: datetime | None = None, *, side: Side | None = None
) -> LiveBoard:
    """`user` plays pit letter `move` as ply `ply` (1 for the game's first move) on the server's
    clock; `side` is his side when the caller has found it already (`player_side`). Refused,
    with nothing stored: anyone not in the game, a game over (a flag that has fallen by now is
    recorded first), a ply already played or not the next one, the other side's turn, a pit
    letter that is no pit or an illegal move."""
    now = now or timezone.now()
    side = player_side(board, user) if side is None else side
    board = settle_due(board, now)
    with transaction.atomic():
        board = live.locked_board(board)
        _require_under_way(board, "move")
        _require_ply(board, ply)
        if record_full(board):
            raise ServiceError(
                ErrorCode.RECORD_TOO_LONG,
                case="plies",
                field="move",
                limit=MAX_RECORD_PLIES,
                plies=ply,
            )
        position = live.position_of(board)
        if position.to_move != side:
            raise ServiceError(ErrorCode.OTHER_SIDE_TO_MOVE, field="move", side=side.opponent)
        pit = pit_of_letter(move)
        if pit is None:
            raise ServiceError(ErrorCode.BAD_PIT, field="move")
        elapsed = round((now - board.started_at).total_seconds(), 3)
        received = [*live.received_moments(board), (side, elapsed)]
        clock = reading_after_move(_left_of(board, received, side), board.increment_seconds)
        tournament = board.pairing.round.section.tournament
        try:
            position, ending = position.after(pit, clock, tournament.variant, ply)
        except RecordError as error:
            raise ServiceError(
                ErrorCode.RULES,
                case="live",
                core_code=error.reason,
                field="move",
                ply=ply,
                problem=error,
            ) from error
        board.moves.append(pit)
        board.clocks.append(clock)
        board.received.append([side.letter, elapsed])
        board.position = position.as_json()
        board.state = LiveBoard.State.PLAYING
        board.offer = None
        seen(board, side, now)
        if ending:
            _whole_game(board)
            board.paused_at = now
            game = live._finish(board, None, store=False)
            _record(board, game=game)
        else:
            _changed(board)
            _schedule(board, now)
        board.save()
        _announce(board, now)
    return board


def resign(
    board: LiveBoard, user, now: datetime | None = None, *, side: Side | None = None
) -> LiveBoard:
    """`user` resigns his game at `now`, whoever is to move: his opponent wins, and the record
    names him (`side`, as `play_move`'s). Refused, nothing stored, for anyone not in the game
    and for a game over (a flag that has fallen by now is recorded first)."""
    now = now or timezone.now()
    side = player_side(board, user) if side is None else side
    board = settle_due(board, now)
    with transaction.atomic():
        board = live.locked_board(board)
        _require_under_way(board, "game")
        _whole_game(board)
        board.decided_by = side
        board.paused_at = now
        game = live._finish(board, Ending.RESIGN, store=False)
        _record(board, game=game)
        board.save()
        _announce(board, now)
    return board


def _left_of(board: LiveBoard, received, side: Side) -> float:
    """What `side`'s clock held when his move (the last of `received`) arrived, before its
    increment."""
    before = clocks_at(
        received[:-1],
        side,
        received[-1][1],
        start=board.starting_seconds,
        increment=board.increment_seconds,
    )
    return before[side]


def _require_ply(board: LiveBoard, ply) -> None:
    expected = len(board.moves) + 1
    if type(ply) is not int or ply < 1:
        raise ServiceError(ErrorCode.WRONG_PLY, case="bad", field="ply", expected=expected)
    if ply < expected:
        raise ServiceError(ErrorCode.WRONG_PLY, case="played", field="ply", ply=ply)
    if ply > expected:
        raise ServiceError(ErrorCode.WRONG_PLY, case="ahead", field="ply", expected=expected)


def _schedule(board: LiveBoard, now: datetime) -> None:
    """Queue the settling of the board's next deadline, after the commit, unless a task already
    queued runs before it (that one queues the next when it finds nothing due)."""
    deadline = next_deadline(board)
    if deadline is None:
        return
    if board.settle_at is not None and now <= board.settle_at <= deadline.at:
        return
    board.settle_at = deadline.at
    from games.tasks import settle_remote_board

    enqueue(settle_remote_board, board.pk, run_after=deadline.at, deadline=True)


def settle_tasks(board_ids: list[int]) -> None:
    """The queued settling of boards queued for one moment together: those due first, so that
    a round's no-shows are not settled after the next deadlines of all its other boards."""
    boards = LiveBoard.objects.filter(pk__in=board_ids, remote=True)
    deadlines = {board.pk: next_deadline(board) for board in boards}
    never = datetime.max.replace(tzinfo=UTC)
    for board_id in sorted(deadlines, key=lambda pk: getattr(deadlines[pk], "at", never)):
        settle_task(board_id)


def settle_task(board_id: int, now: datetime | None = None) -> None:
    """The queued settling of a board: end its game if a deadline passed, else queue the
    next one. Started just before the deadline, it waits for it: no other task is queued for
    that deadline, and a game both players never came to has no stream to settle it."""
    now = now or timezone.now()
    board = LiveBoard.objects.filter(pk=board_id, remote=True).first()
    if board is None:
        return
    board = settle_due(board, now)
    if board.finished:
        return
    deadline = next_deadline(board)
    if deadline is not None and started_early(deadline.at, now):
        now = wait_until(deadline.at, now)
        board = settle_due(board, now)
        if board.finished:
            return
    with transaction.atomic():
        board = live.locked_board(board)
        # This task was queued for the board's settle_at, or for a deadline before it: either
        # way no task is left queued for settle_at.
        if board.settle_at is not None and board.settle_at <= now + EARLY_START:
            board.settle_at = None
        _schedule(board, now)
        LiveBoard.objects.filter(pk=board.pk).update(settle_at=board.settle_at)


def record_full(board: LiveBoard) -> bool:
    """Whether the board's record has as many plies as the results service takes: no move is
    played past it (the game then ends by a flag, a resignation or an agreed cycle), so that
    a game the server played is always one it can record, with nobody there to shorten it."""
    return len(board.moves) >= MAX_RECORD_PLIES


def game_state(board: LiveBoard, side: Side | None, now: datetime | None = None) -> dict:
    """What a player's device or program reads of his remote game at `now`: where it is
    played, his side, the position, the legal moves of the player to move as pit letters, the
    server's clocks, the state and, once over, how it ended. The board must be settled up to
    `now` first (`settle_due`)."""
    now = now or timezone.now()
    pairing = board.pairing
    tournament = pairing.round.section.tournament
    state = live.board_state(board)
    position = live.position_of(board)
    to_move = position.to_move
    clocks = live.remote_clocks(board, now) or (board.starting_seconds,) * 2
    legal = [pit_letter(to_move, pit) for pit in state["legal"]]
    if board.finished or record_full(board):
        legal = []
    deadline = next_deadline(board)
    moves = live.received_moments(board)
    return {
        "id": pairing.pk,
        "tournament": tournament.slug,
        "section": pairing.round.section.slug,
        "round": pairing.round.number,
        "board": pairing.board,
        "code": board.code,
        "side": side.letter if side is not None else None,
        "south": pairing.south.name,
        "north": pairing.north.name if pairing.north else "",
        "state": _state_word(board),
        "ply": len(board.moves) + 1,
        "to_move": to_move.letter,
        "your_turn": side == to_move and not board.finished,
        "position": {"pits": list(position.position.pits), "stores": state["stores"]},
        "legal_moves": legal,
        "moves": [
            pit_letter(mover, pit) for (mover, _at), pit in zip(moves, board.moves, strict=True)
        ],
        "clocks": {
            "south": max(0.0, clocks[0]),
            "north": max(0.0, clocks[1]),
            "start": board.starting_seconds,
            "increment": board.increment_seconds,
            "running": None if board.finished else to_move.letter,
        },
        "deadline": deadline.at if deadline is not None else None,
        "opened_at": board.opened_at,
        "ending": board.ending.value if board.ending else None,
        "decided_by": board.decided_by.letter if board.decided_by is not None else None,
        "game_score": state["game_score"] if board.ending and board.ending.played else None,
        "points": _points(board),
        "record": board.record,
        "revision": board.revision,
    }


def _state_word(board: LiveBoard) -> str:
    """`playing` until the game ends, then `finished` (its result recorded) or `pending` (a
    tournament without an arbiter to record it in the name of)."""
    if board.state == LiveBoard.State.CONFIRMED:
        return "finished"
    if board.state == LiveBoard.State.PENDING:
        return "pending"
    return "playing"


def _points(board: LiveBoard) -> list[str] | None:
    """(South, North) points of the recorded result, None before it is recorded: read again
    once the game is over (it may have been recorded since the board was read, or by this very
    request), taken from the board's query while it is played."""
    pairing = board.pairing
    if board.finished:
        result = Result.objects.filter(pairing=pairing).first()
    else:
        result = getattr(pairing, "result", None)  # None: no result, known to the board's query
    if result is None:
        return None
    return [str(result.south_points.normalize()), str(result.north_points.normalize())]
