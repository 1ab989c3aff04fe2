"""The live board service: codes, devices, moves, endings and the result a live game gives.

Views only call these functions. Every move a device sends is checked by the Python engine
(`oware`), never taken on trust from the browser: it is sown from the position the board
keeps (`games.live_position`), as a replay of the whole game would check it. A finished game's
moves, clock readings and ending go to the results service
(`tournaments.services.results.record_result`), the one way a result is written.
Refusals are `ServiceError`s with a code, a message and the field at fault.
"""

import re
import secrets

from django.conf import settings
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.live_position import LivePosition
from games.models.live import LiveBoard, new_code
from games.remote_clock import clocks_at
from oware.clock import clock_text
from oware.endings import Ending
from oware.errors import RecordError
from oware.game import ReadGame
from oware.replay import Replay, repeated_position, replay, with_ending
from oware.rules import legal_moves, score_at_stop
from oware.sides import Side
from tournaments.models.records import RecordSource
from tournaments.models.results import ending_label
from tournaments.models.sides import letter_of, side_label, side_of_letter
from tournaments.services.errors import ErrorCode, ServiceError
from tournaments.services.game_tags import record_text
from tournaments.services.permissions import require_arbiter, require_writable
from tournaments.services.results import ResultEntry, record_result

BOTH = tuple(Side)
"""What a device claims, or the arbiter releases, to take or free both sides at once."""


def live_board_code(pairing) -> str:
    """The short code of `pairing`'s live board, issuing one the first time it is asked for.

    The arbiter prints it on the result slip; players open `/t/<slug>/board/<code>/` with it.
    """
    board = LiveBoard.objects.filter(pairing=pairing).only("code").first()
    if board:
        return board.code
    for _attempt in range(20):
        try:
            with transaction.atomic():
                return LiveBoard.objects.create(pairing=pairing, code=new_code()).code
        except IntegrityError:
            # Either another request issued this pairing's code, or the random code is taken.
            board = LiveBoard.objects.filter(pairing=pairing).only("code").first()
            if board:
                return board.code
    raise RuntimeError("no free live-board code")  # 31**6 codes: practically unreachable


def game_of(board: LiveBoard, ending: Ending | None = None) -> Replay:
    """The board's moves replayed by the engine (with a declared `ending`, if any; for
    a resignation, the board's `decided_by` resigned)."""
    resigner = board.decided_by if ending == Ending.RESIGN else None
    return replay(
        board.moves, board.pairing.round.section.tournament.variant, ending, resigner=resigner
    )


def position_of(board: LiveBoard) -> LivePosition:
    """The game after the board's last move: the one the board keeps, or, on a board saved
    before boards kept one, the one its moves reach (kept from its next move on)."""
    if board.position:
        return LivePosition.from_json(board.position)
    variant = board.pairing.round.section.tournament.variant
    return LivePosition.of_moves(board.moves, board.clocks, variant)


def _devices(board: LiveBoard) -> dict[Side, str]:
    """Each side's device token ('' when free)."""
    return {Side.SOUTH: board.south_device, Side.NORTH: board.north_device}


def sides_of(board: LiveBoard, device: str) -> set[Side]:
    """The sides `device` holds on `board`."""
    return {side for side, token in _devices(board).items() if device and token == device}


def locked_board(board: LiveBoard) -> LiveBoard:
    """The board's row read again, locked until the transaction ends (the table's services here
    and remote play's, games/remote.py). Its game (the pairing, its
    players, round and tournament) does not change while it is played: when `board` holds it
    already, only the board's own row is read, and the game is kept from `board`."""
    if not LiveBoard.pairing.is_cached(board):
        return (
            LiveBoard.objects.select_for_update(of=("self",))
            .select_related(
                "pairing__round__section__tournament", "pairing__south", "pairing__north"
            )
            .get(pk=board.pk)
        )
    row = LiveBoard.objects.select_for_update().get(pk=board.pk)
    row.pairing = board.pairing
    return row


def _require_device(device: str) -> None:
    if not isinstance(device, str) or not 8 <= len(device) <= 64:
        raise ServiceError(ErrorCode.NO_DEVICE, field="device")


def _failures_key(client: str) -> str:
    return f"live-code-failures:{client}"


def _count_attempt(key: str, window: int) -> int:
    """One more on the count of `key` (made for `window` seconds when there is none): the count
    with it, as the cache raised it in one step."""
    for _attempt in range(3):
        if cache.add(key, 1, window):
            return 1
        try:
            return cache.incr(key)
        except ValueError:  # ran out between the add and the incr: made anew
            continue
    return settings.LIVE_CODE_ATTEMPTS + 1  # a cache that keeps no count: nothing is checked


def _uncount(key: str) -> None:
    try:
        cache.decr(key)
    except ValueError:  # ran out meanwhile: nothing left to give back
        pass


def _require_codes(board: LiveBoard, wanted: tuple[Side, ...], codes, client: str) -> None:
    """Refuse unless `codes` (the side codes typed, separated by spaces) hold the code of every
    side in `wanted` and of no other side. Wrong codes are counted per client address: past
    LIVE_CODE_ATTEMPTS within LIVE_CODE_WINDOW seconds every claim from it is refused, right code
    or not, so that codes cannot be guessed (31**6 of them, at a few tries an hour).

    Each check first takes its place in the count, in one step of the shared cache (an exact
    count on Redis and on the database's cache, oware_tournaments/counting_cache.py), and gives
    it back unless the code was wrong: of many claims sent at once, exactly as many as the budget
    has left are checked, whichever workers answer them."""
    key = _failures_key(client)
    window = settings.LIVE_CODE_WINDOW
    if _count_attempt(key, window) > settings.LIVE_CODE_ATTEMPTS:
        _uncount(key)
        raise ServiceError(ErrorCode.TOO_MANY_CODES, field="code", seconds=window)
    typed = set(re.split(r"[\s,]+", codes.strip().upper())) if isinstance(codes, str) else set()
    secret = {Side.SOUTH: board.south_pin, Side.NORTH: board.north_pin}
    # compare_digest: the time of a refusal says nothing about how much of a code was right.
    given = {s for s in Side if any(secrets.compare_digest(code, secret[s]) for code in typed)}
    if given == set(wanted):
        _uncount(key)  # only wrong codes are counted
        return
    # Both codes are on the slip at the table: a side is claimed with its own code only, never
    # with the other side's (nor with both, which claim both sides on one device).
    other = given - set(wanted)
    raise ServiceError(ErrorCode.WRONG_CODE, case="other_side" if other else None, field="code")


def claim(
    board: LiveBoard, side: Side | tuple[Side, ...], device: str, codes: str = "", client: str = ""
) -> LiveBoard:
    """Let `device` hold `side` (a Side, or BOTH) with the side's code from the result slip
    (both codes for BOTH). A side held by another device is refused ('board_taken') until the
    arbiter releases it; claiming again from the same device is fine. `client` is the address
    wrong codes are counted against."""
    require_writable(board.pairing.round.section.tournament)
    _require_at_the_table(board)
    _require_device(device)
    wanted = _wanted(side)
    if wanted is None:
        raise ServiceError(ErrorCode.INVALID, case="side", field="side")
    _require_codes(board, wanted, codes, client)
    with transaction.atomic():
        board = locked_board(board)
        current = _devices(board)
        if any(current[s] and current[s] != device for s in wanted):
            raise ServiceError(ErrorCode.BOARD_TAKEN, field="side")
        if Side.SOUTH in wanted:
            board.south_device = device
        if Side.NORTH in wanted:
            board.north_device = device
        if board.started_at is None and board.south_device and board.north_device:
            # Both players are at the board: from now on the mover's clock runs on the server.
            board.started_at = timezone.now()
        elif _may_resume(board):
            # Both held again after the arbiter released the devices: the clock goes on from
            # where it stood, the pause left out of every reading.
            _resume(board)
        board.save()
    return board


def _require_at_the_table(board: LiveBoard) -> None:
    """A remote game is played by its signed-in players on their own pages (games/remote.py),
    never by devices holding a side with its code."""
    if board.remote:
        raise ServiceError(ErrorCode.REMOTE_BOARD, field="side")


def _wanted(side) -> tuple[Side, ...] | None:
    """The sides a claim or a release names: one Side, or BOTH; None for anything else."""
    if isinstance(side, Side):
        return (side,)
    return BOTH if side == BOTH else None


def release(board: LiveBoard, side: Side | tuple[Side, ...], *, by) -> LiveBoard:
    """The arbiter frees `side` (a Side, or BOTH) so that another device may take it. The
    server's clock stands still until both sides are held again."""
    require_arbiter(board.pairing.round.section.tournament, by)
    wanted = _wanted(side) or ()
    with transaction.atomic():
        board = locked_board(board)
        if Side.SOUTH in wanted:
            board.south_device = ""
        if Side.NORTH in wanted:
            board.north_device = ""
        _pause(board)
        board.save()
    return board


def _may_resume(board: LiveBoard) -> bool:
    """A paused clock goes on once both sides are held and no flag claim holds the game."""
    both = board.south_device and board.north_device
    return board.paused_at is not None and bool(both) and board.state != LiveBoard.State.HELD


def _resume(board: LiveBoard) -> None:
    if _may_resume(board):
        board.started_at += timezone.now() - board.paused_at
        board.paused_at = None


def _pause(board: LiveBoard) -> None:
    """Stop the server's clock of a game under way whose sides are no longer both held."""
    running = board.state in (LiveBoard.State.WAITING, LiveBoard.State.PLAYING)
    both = board.south_device and board.north_device
    if running and not both and board.started_at is not None and board.paused_at is None:
        board.paused_at = timezone.now()


def new_codes(board: LiveBoard, *, by) -> LiveBoard:
    """The arbiter issues new side codes (a slip was lost or seen by others) and frees both
    sides: a device holding a side must claim it again with the new code."""
    require_arbiter(board.pairing.round.section.tournament, by)
    with transaction.atomic():
        board = locked_board(board)
        board.south_pin, board.north_pin = new_code(), new_code()
        board.south_device = board.north_device = ""
        _pause(board)
        board.save()
    return board


def play(board: LiveBoard, device: str, from_ply: int, moves: list[dict]) -> LiveBoard:
    """Add `moves` ([{"move": 0–5, "clock": seconds left}, …]) played from ply `from_ply`.

    Sending again moves the board already has is harmless (a device resending after a lost
    answer); a different move at a known ply is 'conflict'. Each new move must be the turn of a
    side `device` holds, legal for the engine, and its clock reading between 0 and the starting
    time and not above the mover's previous reading. A move that ends the game finishes it.
    """
    _require_device(device)
    with transaction.atomic():
        board = locked_board(board)
        _require_playing(board)
        tournament = board.pairing.round.section.tournament
        if not isinstance(from_ply, int) or not 0 <= from_ply <= len(board.moves):
            raise ServiceError(ErrorCode.CONFLICT, case="fewer_moves", field="ply")
        held = sides_of(board, device)
        position, ending = position_of(board), None
        received = _seconds_since_start(board)
        for offset, sent in enumerate(moves):
            ply = from_ply + offset
            move, clock = _move_and_clock(sent)
            if ply < len(board.moves):
                if board.moves[ply] != move:
                    raise ServiceError(
                        ErrorCode.CONFLICT, case="played_differently", field="moves", ply=ply + 1
                    )
                continue
            mover = Side(position.to_move)
            if mover not in held:
                raise ServiceError(ErrorCode.NOT_YOUR_TURN, field="moves")
            _check_clock(board, position, clock, ply)
            try:
                position, ending = position.after(move, clock, tournament.variant, ply + 1)
            except RecordError as error:
                raise ServiceError(
                    ErrorCode.RULES,
                    case="live",
                    core_code=error.reason,
                    field="moves",
                    ply=ply + 1,
                    problem=error,
                ) from error
            if len(board.received) == len(board.moves):
                board.received.append([mover.letter, received])
            board.moves.append(move)
            board.clocks.append(clock)
            board.position = position.as_json()
            board.state = LiveBoard.State.PLAYING
            board.offer = None
        if ending:
            _finish(board, None)
        board.save()
    return board


def _move_and_clock(sent) -> tuple[int, int]:
    move = sent.get("move") if isinstance(sent, dict) else None
    clock = sent.get("clock") if isinstance(sent, dict) else None
    if type(move) is not int or type(clock) is not int:
        raise ServiceError(ErrorCode.BAD_MOVE, field="moves")
    return move, clock


def _check_clock(board: LiveBoard, position: LivePosition, clock: int, ply: int) -> None:
    """Refuse a reading below zero, above the starting time, or above the mover's last one
    (the time control has no increment, so a player's clock never grows)."""
    start = board.starting_seconds
    earlier = position.last_reading(position.to_move)
    if not 0 <= clock <= start or (earlier is not None and clock > earlier):
        raise ServiceError(ErrorCode.BAD_CLOCK, field="moves", ply=ply + 1, clock=clock)


def _require_playing(board: LiveBoard) -> None:
    _require_at_the_table(board)
    if board.finished:
        raise ServiceError(ErrorCode.GAME_OVER, field="moves")
    if board.state == LiveBoard.State.HELD:
        raise ServiceError(ErrorCode.FLAG_HELD, field="moves")


def _seconds_since_start(board: LiveBoard, now=None) -> float:
    """Seconds from the moment both sides were first held (the clocks' start) to `now`; the
    clock starts now on a board whose first move comes before that."""
    now = now or timezone.now()
    if board.started_at is None:
        board.started_at = now
    if board.paused_at is not None:
        now = board.paused_at  # the devices are released: the clock stands where it stopped
    return round((now - board.started_at).total_seconds(), 1)


def server_clocks(board: LiveBoard, now=None) -> tuple[float, float] | None:
    """(South, North) seconds left by the server's own clock: the starting time less each
    side's turns, a turn lasting from the moment the server received the move before it (or
    the clocks' start) to the moment it received the side's move, and the turn under way for
    the player to move while the game runs. None when the server did not see every move
    arrive (a board older than its clock) or the clocks have not started. A remote game's
    clock runs whether its players are connected or not (`remote_clocks`)."""
    if board.remote:
        return remote_clocks(board, now)
    if board.started_at is None or len(board.received) != len(board.moves):
        return None
    start = board.starting_seconds
    used = [0.0, 0.0]
    before = 0.0
    for mover, seconds in board.received:
        used[Side.from_letter(mover)] += max(0.0, seconds - before)
        before = max(before, seconds)
    running = board.state in (LiveBoard.State.WAITING, LiveBoard.State.PLAYING)
    if running and board.south_device and board.north_device:
        to_move = position_of(board).to_move
        used[to_move] += max(0.0, _seconds_since_start(board, now) - before)
    return (round(start - used[0], 1), round(start - used[1], 1))


def remote_clocks(board: LiveBoard, now=None) -> tuple[float, float] | None:
    """(South, North) seconds left on a remote game's clock at `now` (the moment it stopped,
    once it has): South's runs from the opening, each side's turn whether he is connected or
    not, each move adding the increment (`games.remote_clock`). None before it opens."""
    if board.started_at is None:
        return None
    now = now or timezone.now()
    if board.paused_at is not None:
        now = min(now, board.paused_at)  # stopped (the game is over): the clocks stand still
    clocks = clocks_at(
        received_moments(board),
        position_of(board).to_move,
        (now - board.started_at).total_seconds(),
        start=board.starting_seconds,
        increment=board.increment_seconds,
    )
    return (round(clocks[0], 1), round(clocks[1], 1))


def received_moments(board: LiveBoard) -> list[tuple[Side, float]]:
    """Each move's mover and the moment the server received it, seconds after the clocks'
    start."""
    return [(Side.from_letter(mover), seconds) for mover, seconds in board.received]


def _require_side(board: LiveBoard, device: str, side: Side) -> None:
    if not isinstance(side, Side) or side not in sides_of(board, device):
        raise ServiceError(ErrorCode.NOT_YOUR_SIDE, case="that", field="side")


def _require_cycle(board: LiveBoard) -> Replay:
    """Refuse an agreement unless the position now (board, stores, player to move) occurred
    before in the game: the competition's condition for ending a cycle by agreement, the same
    function the results service applies to a typed record. Returns the game replayed."""
    game = game_of(board)
    if repeated_position(game) is None:
        raise ServiceError(ErrorCode.NO_REPETITION, case="live", field="side")
    return game


def offer_agreement(board: LiveBoard, device: str, side: Side) -> LiveBoard:
    """`side` offers to end the game by agreement (the seeds on each row go to its owner); only
    on a position that occurred before in the game."""
    with transaction.atomic():
        board = locked_board(board)
        _require_playing(board)
        _require_side(board, device, side)
        _require_cycle(board)
        board.offer = side
        board.save()
    return board


def accept_agreement(board: LiveBoard, device: str, side: Side) -> LiveBoard:
    """`side` accepts the other side's offer: the game ends 'agreed'."""
    with transaction.atomic():
        board = locked_board(board)
        _require_playing(board)
        _require_side(board, device, side)
        if board.offer is None or board.offer == side:
            raise ServiceError(ErrorCode.NO_OFFER, field="side")
        played = _require_cycle(board)
        _finish(board, Ending.AGREED, played=with_ending(played, Ending.AGREED))
        board.save()
    return board


def resign(board: LiveBoard, device: str, side: Side) -> LiveBoard:
    """`side` resigns, from a device that holds it, at any time (whoever is to move): the
    opponent wins, and the record names the resigner (`resign S` / `resign N`)."""
    with transaction.atomic():
        board = locked_board(board)
        _require_playing(board)
        _require_side(board, device, side)
        board.decided_by = side
        _finish(board, Ending.RESIGN)
        board.save()
    return board


def flag_fall(board: LiveBoard, device: str, side: Side) -> LiveBoard:
    """The clock of the player to move ran out: that player loses on time (unless the seeds
    give a draw or a win, per the competition rules the engine applies).

    The claim is checked against the server's clock (`server_clocks`): when the server still
    counts more than LIVE_FLAG_TOLERANCE seconds for that side, the board is held for the
    arbiter (state 'held', `flag_claim`) instead of scored. A device that was offline claims
    when it is back, and its claim is checked then."""
    with transaction.atomic():
        board = locked_board(board)
        _require_playing(board)
        if not isinstance(side, Side) or not sides_of(board, device):
            raise ServiceError(ErrorCode.NOT_YOUR_SIDE, case="any", field="side")
        if position_of(board).to_move != side:
            raise ServiceError(ErrorCode.NOT_TO_MOVE, field="side")
        board.decided_by = side
        clocks = server_clocks(board)
        left = None if clocks is None else clocks[side]
        # The server's clocks at the moment of the claim: what the arbiter reads, whether the
        # flag is scored or held (the clocks no longer run once the game stops).
        board.flag_claim = {"clocks": None if clocks is None else list(clocks)}
        if left is not None and left > settings.LIVE_FLAG_TOLERANCE:
            # The device says the clock ran out, the server's clock does not: the arbiter
            # decides (confirm scores the flag, send back lets the game go on).
            board.state = LiveBoard.State.HELD
            board.flag_claim.update(side=side.letter, server_seconds=left)
            # The game waits for the arbiter: its clock too.
            board.paused_at = board.paused_at or timezone.now()
        else:
            _finish(board, Ending.TIME)
        board.save()
    return board


def _finish(
    board: LiveBoard, ending: Ending | None, *, store: bool = True, played: Replay | None = None
) -> ReadGame:
    """End the game: write its record with clock readings for the players to see; store it as a
    pending result, or directly when the tournament allows it. The caller saves the board.
    `played`: the game already replayed with its ending, if the caller has it. Returns the game,
    replayed once, for the results service."""
    pairing = board.pairing
    tournament = pairing.round.section.tournament
    game = ReadGame(played if played is not None else game_of(board, ending), clocks=board.clocks)
    board.record = record_text(pairing, game.replay, game.clocks)
    board.ending = game.replay.ending
    board.offer = None
    board.state = LiveBoard.State.PENDING
    if board.started_at is not None and board.paused_at is None:
        board.paused_at = timezone.now()  # stopped: sent back, it goes on from here
    if store and tournament.live_results_direct:
        arbiter = tournament.arbiters.order_by("pk").first()
        if arbiter is not None:
            _store(board, arbiter, game)
    return game


def _store(board: LiveBoard, by, game: ReadGame | None = None) -> None:
    """Hand the results service the game as played: the moves, their clock readings and the
    ending (declared, or the one the moves gave, which the service finds again), with the game
    itself when it was just replayed (`_finish`), which the service then takes as it is."""
    entry = ResultEntry(
        moves=list(board.moves),
        clocks=list(board.clocks),
        ending=board.ending,
        decided_by=board.decided_by,
        source=RecordSource.LIVE,
        game=game,
        start_seconds=board.clock_seconds,
        increment_seconds=board.increment_seconds,
    )
    record_result(
        board.pairing, entry, by=by, reason=_("Live board %(code)s") % {"code": board.code}
    )
    board.state = LiveBoard.State.CONFIRMED


def confirm(board: LiveBoard, *, by) -> LiveBoard:
    """The arbiter confirms a finished live game: its record becomes the pairing's result. On
    a held flag fall he upholds the claim: the game is scored as lost on time and stored."""
    require_arbiter(board.pairing.round.section.tournament, by)
    with transaction.atomic():
        board = locked_board(board)
        if board.state == LiveBoard.State.HELD:
            board.decided_by = _claimed_side(board)
            board.flag_claim = {"clocks": board.flag_claim.get("clocks")}
            game = _finish(board, Ending.TIME, store=False)
        else:
            game = None
        if board.state != LiveBoard.State.PENDING:
            raise ServiceError(ErrorCode.NOT_PENDING, field="state")
        _store(board, by, game)
        board.save()
    return board


def reopen_after_clear(sender, instance, **kwargs) -> None:
    """After the arbiter cleared a result (tournaments.services.results.clear_result), the
    finished live game of that board waits for his confirmation again instead of staying
    "confirmed" with nothing stored: he confirms it once more, sends it back or enters the
    result by hand."""
    LiveBoard.objects.filter(
        pairing_id=instance.pairing_id, state=LiveBoard.State.CONFIRMED
    ).update(state=LiveBoard.State.PENDING)


def send_back(board: LiveBoard, *, by) -> LiveBoard:
    """The arbiter does not accept what the board says: a held flag fall is dismissed, or a
    game stopped by a declared ending (agreement, resignation, flag fall) waiting for his
    confirmation goes back to play, from the same position. A game the moves ended cannot go
    on, so it cannot be sent back."""
    require_arbiter(board.pairing.round.section.tournament, by)
    with transaction.atomic():
        board = locked_board(board)
        declared = (
            board.state == LiveBoard.State.PENDING
            and board.ending is not None
            and board.ending.declared
        )
        if board.state != LiveBoard.State.HELD and not declared:
            raise ServiceError(ErrorCode.NOT_HELD, field="state")
        board.state = LiveBoard.State.PLAYING
        board.flag_claim = {}
        board.ending = board.decided_by = board.offer = None
        board.record = ""
        _resume(board)  # the time the claim was held counts against nobody
        board.save()
    return board


def board_state(board: LiveBoard, device: str = "") -> dict:
    """The JSON a live board page or a spectator reads (never the device tokens)."""
    tournament = board.pairing.round.section.tournament
    game = position_of(board)
    position = game.position
    # A finished game shows its settled stores (on agreement each row goes to its owner) and
    # the game score the result keeps (a flag fall or a resignation: the loser's store : 25).
    ending = board.ending
    stores = game.final_stores(ending, tournament.variant) if ending else position.stores
    score = None
    if ending is not None and ending.stopped:
        score = list(score_at_stop(ending, stores, board.decided_by))
    elif ending:
        score = list(stores)
    return {
        "code": board.code,
        "state": board.state,
        "state_label": str(board.get_state_display()),
        "variant": tournament.variant,
        "seconds": tournament.minutes_per_player * 60,
        "warning_seconds": tournament.clock_warning_minutes * 60,
        "south": board.pairing.south.name,
        "north": board.pairing.north.name if board.pairing.north else "",
        "moves": board.moves,
        "clocks": board.clocks,
        "to_move": Side(game.to_move).letter,
        "board": position.as_list(),
        "legal": [] if board.finished else legal_moves(position, tournament.variant),
        "offer": letter_of(board.offer),
        "ending": board.ending.value if board.ending else "",
        "ending_label": ending_label(board.ending),
        "stores": list(stores),
        "game_score": score,
        "decided_by": letter_of(board.decided_by),
        "record": board.record,
        "held": {side.letter: bool(token) for side, token in _devices(board).items()},
        # The server's own clocks, (South, North) seconds left, None until they start.
        "server_clocks": server_clocks(board),
        "flag_claim": board.flag_claim,
        "yours": sorted(side.letter for side in sides_of(board, device)),
    }


def _readings(board: LiveBoard) -> tuple[float | None, float | None]:
    """(South, North) seconds left: the server's clock, or where it has none the devices' last
    readings."""
    clocks = server_clocks(board)
    if clocks is not None:
        return clocks
    readings = position_of(board).readings
    return (readings[0], readings[1])


def clock_marks(round_) -> dict[int, dict]:
    """The boards of `round_` the arbiter is called to, by board number: each board being
    played where a side has less than the tournament's warning time left (3 minutes unless
    set otherwise) by the server's clock — {"code", "low": ['S'/'N'…], "clocks": [South,
    North] seconds}. The arbiter's round page and result grid show them and poll for them."""
    tournament = round_.section.tournament
    warning = tournament.clock_warning_minutes * 60
    boards = LiveBoard.objects.filter(
        pairing__round=round_,
        state__in=(LiveBoard.State.WAITING, LiveBoard.State.PLAYING, LiveBoard.State.HELD),
    ).select_related("pairing__round__section__tournament")
    marks = {}
    for board in boards:
        clocks = _readings(board)
        low = [side.letter for side in Side if clocks[side] is not None and clocks[side] < warning]
        if low:
            marks[board.pairing.board] = {
                "code": board.code,
                "low": low,
                "clocks": [None if c is None else max(0, int(c)) for c in clocks],
            }
    return marks


def _named(board: LiveBoard, side: Side) -> str:
    player = board.pairing.south if side == Side.SOUTH else board.pairing.north
    return f"{side_label(side)} ({player.name if player else '?'})"


def result_in_words(board: LiveBoard, game: Replay) -> str:
    """The finished game's result as the arbiter reads it before confirming, e.g. "South (Ama)
    wins 25–18, captured the 25th seed at ply 63"."""
    south, north = game.game_score
    score = f"{south}–{north}"
    plies = game.plies
    if game.winner is None:
        head = _("Draw %(score)s") % {"score": score}
    else:
        head = _("%(winner)s wins %(score)s") % {
            "winner": _named(board, game.winner),
            "score": score,
        }
    if game.ending == Ending.CAPTURE:
        how = _("captured the 25th seed at ply %(ply)d") % {"ply": plies}
    elif game.ending == Ending.DRAW24:
        how = _("both stores reached 24 at ply %(ply)d") % {"ply": plies}
    elif game.ending == Ending.NO_MOVES:
        how = _("%(side)s had no legal move after ply %(ply)d") % {
            "side": _named(board, Side(game.to_move)),
            "ply": plies,
        }
    elif game.ending == Ending.AGREED:
        how = _("ended by agreement after ply %(ply)d, each taking the seeds of his row") % {
            "ply": plies
        }
    elif game.ending == Ending.RESIGN:
        how = _("%(side)s resigned after ply %(ply)d") % {
            "side": _named(board, Side(game.resigner)),
            "ply": plies,
        }
    else:
        how = _("the flag of %(side)s fell after ply %(ply)d") % {
            "side": _named(board, Side(game.to_move)),
            "ply": plies,
        }
    return f"{head}, {how}"


def confirmation(board: LiveBoard) -> dict | None:
    """What the arbiter reads before one click on "Confirm" or "Send back": the result in words,
    the ending, the repeated positions of an agreed end, each side's last clock reading and
    the server's clocks, and whether the game may be sent back. None unless the board waits
    for him (a finished game, or a held flag fall)."""
    if board.state == LiveBoard.State.HELD:
        side = _claimed_side(board)
        side = Side.SOUTH if side is None else side
        game = replay(board.moves, board.pairing.round.section.tournament.variant, Ending.TIME)
        words = _("If the flag is confirmed: %(result)s") % {"result": result_in_words(board, game)}
        held = _(
            "A device claims the flag of %(side)s fell; the server's clock still shows %(seconds)s."
        ) % {"side": _named(board, side), "seconds": _clock(board.flag_claim.get("server_seconds"))}
        return _confirmation(board, game, words, held, can_send_back=True)
    if board.state != LiveBoard.State.PENDING:
        return None
    declared = board.ending is not None and board.ending.declared
    game = game_of(board, board.ending if declared else None)
    return _confirmation(board, game, result_in_words(board, game), "", can_send_back=declared)


def _claimed_side(board: LiveBoard) -> Side | None:
    """The side whose flag a held claim says fell (else the board's `decided_by`)."""
    claimed = side_of_letter(board.flag_claim.get("side"))
    return board.decided_by if claimed is None else claimed


def _confirmation(board, game, words: str, held: str, *, can_send_back: bool) -> dict:
    readings = position_of(board).readings
    # A flag fall shows the server's clocks at the moment of the claim, not at the last move.
    server = board.flag_claim.get("clocks") or server_clocks(board)
    return {
        "words": words,
        "held": held,
        "ending": ending_label(game.ending),
        "repetitions": [(r.ply, r.first_ply) for r in game.repetitions]
        if game.ending == Ending.AGREED
        else [],
        "readings": [
            (_named(board, side), _clock(readings[side]), _clock(server and server[side]))
            for side in Side
        ],
        "can_send_back": can_send_back,
    }


def _clock(seconds) -> str:
    """A reading as `mm:ss` (the engine's `clock_text`), '–' when unknown."""
    return "–" if seconds is None else clock_text(max(0, int(seconds)))


def round_watch(round_) -> dict:
    """What a round's live page draws, every board of `round_` by board number: the players,
    the position (pits, stores, player to move), the moves and their clock readings, the clocks
    (the server's, else the devices' last readings) and whether one runs, the state, and the
    result once stored or the game is over. Public: no code a side is claimed with, no device.
    `as_of` (seconds since the epoch) is when the clocks were read: a page counts the running
    clock down from there."""
    tournament = round_.section.tournament
    pairings = (
        round_.pairings.filter(north__isnull=False)
        .select_related("south", "north", "result", "live_board")
        .order_by("board")
    )
    boards = []
    for pairing in pairings:
        pairing.round = round_
        board = getattr(pairing, "live_board", None)
        boards.append(_watched_board(pairing, board, tournament))
    return {
        "variant": tournament.variant,
        "seconds": tournament.minutes_per_player * 60,
        "warning_seconds": tournament.clock_warning_minutes * 60,
        "as_of": round(timezone.now().timestamp(), 1),
        "boards": boards,
    }


def _watched_board(pairing, board: LiveBoard | None, tournament) -> dict:
    result = getattr(pairing, "result", None)
    entry = {
        "board": pairing.board,
        "south": pairing.south.name,
        "north": pairing.north.name,
        "code": "",
        "moves": [],
        "clocks": [],
        "readings": [None, None],
        "running": None,
        "state": "",
        "state_label": "",
        "ending_label": "",
        "result": None,
    }
    if result is not None:
        entry["result"] = {
            "points": [str(result.south_points.normalize()), str(result.north_points.normalize())],
            "seeds": [result.south_seeds, result.north_seeds],
            "ending": result.ending,
            "ending_label": str(result.get_ending_display()),
        }
    if board is None:
        return entry
    board.pairing = pairing
    state = board_state(board)
    clocks = server_clocks(board)
    running = None
    if board.state in (LiveBoard.State.WAITING, LiveBoard.State.PLAYING) and clocks is not None:
        running = state["to_move"] if board.south_device and board.north_device else None
    entry.update(
        {
            "code": board.code,
            "moves": board.moves,
            "clocks": board.clocks,
            "readings": list(clocks) if clocks is not None else list(position_of(board).readings),
            "running": running,
            "state": board.state,
            "state_label": state["state_label"],
            "ending_label": state["ending_label"],
            "pits": state["board"],
            "to_move": state["to_move"],
            "stores": state["stores"],
            "game_score": state["game_score"],
        }
    )
    return entry
