"""The live board service: codes, devices, moves, endings and the result a live game gives.

Views only call these functions. Every move a device sends is checked by the Python engine
(`games.oware`), never taken on trust from the browser: it is sown from the position the board
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
from django.utils.translation import gettext as _

from games.live_position import LivePosition
from games.models.live import LiveBoard, new_code
from games.oware.errors import RecordError
from games.oware.replay import Replay, replay
from games.oware.rules import AGREED, RESIGN, TIME, legal_moves
from games.oware.sides import Side
from tournaments.models.records import RecordSource
from tournaments.models.results import Ending
from tournaments.services.core_messages import record_problem
from tournaments.services.errors import ErrorCode, ServiceError
from tournaments.services.game_tags import record_text
from tournaments.services.permissions import require_arbiter, require_writable
from tournaments.services.results import ResultEntry, record_result

SIDES = tuple(side.letter for side in Side)
BOTH = "both"


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


def game_of(board: LiveBoard, ending: str | None = None) -> Replay:
    """The board's moves replayed by the engine (with a declared `ending`, if any)."""
    return replay(board.moves, board.pairing.round.section.tournament.variant, ending)


def position_of(board: LiveBoard) -> LivePosition:
    """The game after the board's last move: the one the board keeps, or, on a board saved
    before boards kept one, the one its moves reach (kept from its next move on)."""
    if board.position:
        return LivePosition.from_json(board.position)
    variant = board.pairing.round.section.tournament.variant
    return LivePosition.of_moves(board.moves, board.clocks, variant)


def _devices(board: LiveBoard) -> dict[str, str]:
    """Each side's device token ('' when free)."""
    return {Side.SOUTH.letter: board.south_device, Side.NORTH.letter: board.north_device}


def sides_of(board: LiveBoard, device: str) -> set[str]:
    """The sides ('S', 'N') `device` holds on `board`."""
    return {side for side, token in _devices(board).items() if device and token == device}


def _locked(board: LiveBoard) -> LiveBoard:
    return (
        LiveBoard.objects.select_for_update(of=("self",))
        .select_related("pairing__round__section__tournament", "pairing__south", "pairing__north")
        .get(pk=board.pk)
    )


def _require_device(device: str) -> None:
    if not isinstance(device, str) or not 8 <= len(device) <= 64:
        raise ServiceError(ErrorCode.NO_DEVICE, field="device")


def _failures_key(client: str) -> str:
    return f"live-code-failures:{client}"


def _require_codes(board: LiveBoard, wanted: tuple[str, ...], codes, client: str) -> None:
    """Refuse unless `codes` (the side codes typed, separated by spaces) hold the code of every
    side in `wanted`. Wrong codes are counted per client address: past
    LIVE_CODE_ATTEMPTS within LIVE_CODE_WINDOW seconds every claim from it is refused, right code
    or not, so that codes cannot be guessed (31**6 of them, at a few tries an hour)."""
    key = _failures_key(client)
    window = settings.LIVE_CODE_WINDOW
    if cache.get(key, 0) >= settings.LIVE_CODE_ATTEMPTS:
        raise ServiceError(ErrorCode.TOO_MANY_CODES, field="code", seconds=window)
    typed = set(re.split(r"[\s,]+", codes.strip().upper())) if isinstance(codes, str) else set()
    secret = {Side.SOUTH.letter: board.south_pin, Side.NORTH.letter: board.north_pin}
    # compare_digest: the time of a refusal says nothing about how much of a code was right.
    if all(any(secrets.compare_digest(code, secret[s]) for code in typed) for s in wanted):
        return
    if cache.add(key, 1, window) is False:
        try:
            cache.incr(key)
        except ValueError:  # expired between add and incr
            cache.add(key, 1, window)
    raise ServiceError(ErrorCode.WRONG_CODE, field="code")


def claim(board: LiveBoard, side: str, device: str, codes: str = "", client: str = "") -> LiveBoard:
    """Let `device` hold `side` ('S', 'N' or 'both') with the side's code from the result slip
    (both codes for 'both'). A side held by another device is refused ('board_taken') until the
    arbiter releases it; claiming again from the same device is fine. `client` is the address
    wrong codes are counted against."""
    require_writable(board.pairing.round.section.tournament)
    _require_device(device)
    if side not in (*SIDES, BOTH):
        raise ServiceError(ErrorCode.INVALID, case="side", field="side")
    wanted = SIDES if side == BOTH else (side,)
    _require_codes(board, wanted, codes, client)
    with transaction.atomic():
        board = _locked(board)
        current = _devices(board)
        if any(current[s] and current[s] != device for s in wanted):
            raise ServiceError(ErrorCode.BOARD_TAKEN, field="side")
        if Side.SOUTH.letter in wanted:
            board.south_device = device
        if Side.NORTH.letter in wanted:
            board.north_device = device
        board.save()
    return board


def release(board: LiveBoard, side: str, *, by) -> LiveBoard:
    """The arbiter frees `side` ('S', 'N' or 'both') so that another device may take it."""
    require_arbiter(board.pairing.round.section.tournament, by)
    with transaction.atomic():
        board = _locked(board)
        if side in (Side.SOUTH.letter, BOTH):
            board.south_device = ""
        if side in (Side.NORTH.letter, BOTH):
            board.north_device = ""
        board.save()
    return board


def new_codes(board: LiveBoard, *, by) -> LiveBoard:
    """The arbiter issues new side codes (a slip was lost or seen by others) and frees both
    sides: a device holding a side must claim it again with the new code."""
    require_arbiter(board.pairing.round.section.tournament, by)
    with transaction.atomic():
        board = _locked(board)
        board.south_pin, board.north_pin = new_code(), new_code()
        board.south_device = board.north_device = ""
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
        board = _locked(board)
        _require_playing(board)
        tournament = board.pairing.round.section.tournament
        if not isinstance(from_ply, int) or not 0 <= from_ply <= len(board.moves):
            raise ServiceError(ErrorCode.CONFLICT, case="fewer_moves", field="ply")
        held = sides_of(board, device)
        position, ending = position_of(board), None
        for offset, sent in enumerate(moves):
            ply = from_ply + offset
            move, clock = _move_and_clock(sent)
            if ply < len(board.moves):
                if board.moves[ply] != move:
                    raise ServiceError(
                        ErrorCode.CONFLICT, case="played_differently", field="moves", ply=ply + 1
                    )
                continue
            mover = Side(position.to_move).letter
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
                    problem=record_problem(error),
                ) from error
            board.moves.append(move)
            board.clocks.append(clock)
            board.position = position.as_json()
            board.state = LiveBoard.State.PLAYING
            board.offer = ""
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
    start = board.pairing.round.section.tournament.minutes_per_player * 60
    earlier = position.last_reading(position.to_move)
    if not 0 <= clock <= start or (earlier is not None and clock > earlier):
        raise ServiceError(ErrorCode.BAD_CLOCK, field="moves", ply=ply + 1, clock=clock)


def _require_playing(board: LiveBoard) -> None:
    if board.finished:
        raise ServiceError(ErrorCode.GAME_OVER, field="moves")


def _require_side(board: LiveBoard, device: str, side: str) -> None:
    if side not in SIDES or side not in sides_of(board, device):
        raise ServiceError(ErrorCode.NOT_YOUR_SIDE, case="that", field="side")


def offer_agreement(board: LiveBoard, device: str, side: str) -> LiveBoard:
    """`side` offers to end the game by agreement (the seeds on each row go to its owner)."""
    with transaction.atomic():
        board = _locked(board)
        _require_playing(board)
        _require_side(board, device, side)
        board.offer = side
        board.save()
    return board


def accept_agreement(board: LiveBoard, device: str, side: str) -> LiveBoard:
    """`side` accepts the other side's offer: the game ends 'agreed'."""
    with transaction.atomic():
        board = _locked(board)
        _require_playing(board)
        _require_side(board, device, side)
        if not board.offer or board.offer == side:
            raise ServiceError(ErrorCode.NO_OFFER, field="side")
        _finish(board, AGREED)
        board.save()
    return board


def resign(board: LiveBoard, device: str, side: str) -> LiveBoard:
    """The player to move (`side`) resigns; a record says 'resign' of the player to move."""
    return _declare(board, device, side, RESIGN)


def flag_fall(board: LiveBoard, device: str, side: str) -> LiveBoard:
    """The clock of the player to move ran out: that player loses on time (unless the seeds
    give a draw or a win, per the competition rules the engine applies)."""
    with transaction.atomic():
        board = _locked(board)
        _require_playing(board)
        if side not in SIDES or not sides_of(board, device):
            raise ServiceError(ErrorCode.NOT_YOUR_SIDE, case="any", field="side")
        if Side(position_of(board).to_move).letter != side:
            raise ServiceError(ErrorCode.NOT_TO_MOVE, case="clock", field="side")
        _finish(board, TIME)
        board.save()
    return board


def _declare(board: LiveBoard, device: str, side: str, ending: str) -> LiveBoard:
    with transaction.atomic():
        board = _locked(board)
        _require_playing(board)
        _require_side(board, device, side)
        if Side(position_of(board).to_move).letter != side:
            raise ServiceError(ErrorCode.NOT_TO_MOVE, case="end", field="side")
        _finish(board, ending)
        board.save()
    return board


def _finish(board: LiveBoard, ending: str | None) -> None:
    """End the game: write its record with clock readings for the players to see; store it as a
    pending result, or directly when the tournament allows it. The caller saves the board."""
    pairing = board.pairing
    tournament = pairing.round.section.tournament
    game = game_of(board, ending)
    board.record = record_text(pairing, game, board.clocks)
    board.ending = game.ending
    board.offer = ""
    board.state = LiveBoard.State.PENDING
    if tournament.live_results_direct:
        arbiter = tournament.arbiters.order_by("pk").first()
        if arbiter is not None:
            _store(board, arbiter)


def _store(board: LiveBoard, by) -> None:
    """Hand the results service the game as played: the moves, their clock readings and the
    ending (declared, or the one the moves gave, which the service finds again)."""
    entry = ResultEntry(
        moves=list(board.moves),
        clocks=list(board.clocks),
        ending=board.ending or None,
        source=RecordSource.LIVE,
    )
    record_result(
        board.pairing, entry, by=by, reason=_("Live board %(code)s") % {"code": board.code}
    )
    board.state = LiveBoard.State.CONFIRMED


def confirm(board: LiveBoard, *, by) -> LiveBoard:
    """The arbiter confirms a finished live game: its record becomes the pairing's result."""
    require_arbiter(board.pairing.round.section.tournament, by)
    with transaction.atomic():
        board = _locked(board)
        if board.state != LiveBoard.State.PENDING:
            raise ServiceError(ErrorCode.NOT_PENDING, field="state")
        _store(board, by)
        board.save()
    return board


def board_state(board: LiveBoard, device: str = "") -> dict:
    """The JSON a live board page or a spectator reads (never the device tokens)."""
    tournament = board.pairing.round.section.tournament
    game = position_of(board)
    position = game.position
    # A finished game shows its settled stores (on agreement each row goes to its owner).
    ending = board.ending
    stores = game.final_stores(ending, tournament.variant) if ending else position.stores
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
        "offer": board.offer,
        "ending": board.ending,
        "ending_label": str(Ending(board.ending).label) if board.ending else "",
        "stores": list(stores),
        "record": board.record,
        "held": {side: bool(token) for side, token in _devices(board).items()},
        "yours": sorted(sides_of(board, device)),
    }
