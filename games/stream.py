"""Remote games' states as Server-Sent Events: the push of every move to the opponent.

Two streams. A game's own (`events`, `async_events`): each event is the game as its reader sees
it (`remote.game_state`), sent when the board's revision rises, and the stream ends with the
game. A player's own (`my_events`, `async_my_events`): the game he is playing, event by event as
the game's stream sends it, then, once it is over, `waiting` until his next game opens, which
comes at once: one connection for a whole event, and nobody asks again and again whether his
next round is paired. A comment keeps either connection alive in between. The first event is
always the current state, so that a page that reconnects (EventSource does by itself) has its
board back at once. At the board's next deadline the stream reads it again, which settles a flag
fall or a no-show (`remote.settle_due`) even before the task worker gets to it.

Two ways to wait, one per kind of server: under ASGI (`scripts/serve-stream`: uvicorn workers
under gunicorn, docs/deployment.md) async generators, woken by PostgreSQL's NOTIFY
(`games.board_news`) and holding no thread while they wait; under WSGI (the threaded workers,
the test server) plain generators holding their thread. Where there is no NOTIFY (SQLite), both
check the board's revision (and a player without a game, his games) every
REMOTE_STREAM_CHECK_SECONDS on the server.

A NOTIFY that carries the board's new state (every move does) is pushed as it is, the reader's
side patched in (`remote.as_seen_by`): the streams of a move read nothing from the database.

Under ASGI the streams read the database on a few threads of the process
(REMOTE_STREAM_DATABASE_THREADS), each with its one connection, and not on the thread Django
gives each request: that thread and its connection would stay with the stream for the whole
game, one PostgreSQL connection per player, and an event of a few hundred players would go past
the server's max_connections (100 by default) and have its moves and pages refused.
"""

import asyncio
import json
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.db import close_old_connections
from django.utils import timezone

from games import board_news, remote
from games.models.live import LiveBoard
from oware.sides import Side

KEEP_ALIVE = b": keep-alive\n\n"
WAITING = b"event: waiting\ndata: {}\n\n"


def _read(board_id: int, side: Side | None) -> dict | None:
    """The board's state for `side`'s player (None: a spectator), settled up to now."""
    board = remote.boards_with_their_games().filter(pk=board_id).first()
    if board is None:
        return None
    now = timezone.now()
    board = remote.settle_due(board, now)
    if side is not None:
        remote.seen(board, side, now)
    return remote.game_state(board, side, now)


def _revision(board_id: int) -> int | None:
    return LiveBoard.objects.filter(pk=board_id).values_list("revision", flat=True).first()


def _my_game(user) -> tuple[int, Side] | None:
    """(board id, side) of the game `user` is playing now, settled up to now; None if none."""
    found = remote.my_game(user)
    return None if found is None else (found[0].pk, found[1])


def event(state: dict) -> bytes:
    """One SSE event: `state`, its id the board's revision."""
    data = json.dumps(state, cls=DjangoJSONEncoder, separators=(",", ":"))
    return f"id: {state['revision']}\nevent: state\ndata: {data}\n\n".encode()


def _deadline(state: dict) -> datetime | None:
    """The state's deadline: a datetime once read from the board, ISO text once announced."""
    deadline = state.get("deadline")
    if isinstance(deadline, str):
        return datetime.fromisoformat(deadline)
    return deadline


def _wait(state: dict) -> float:
    """How long to wait before reading the board again at the latest: until its deadline, or
    the keep-alive pause."""
    wait = float(settings.REMOTE_STREAM_KEEP_ALIVE)
    deadline = _deadline(state)
    if deadline is not None:
        wait = min(wait, (deadline - timezone.now()).total_seconds() + 0.05)
    return max(0.05, wait)


def _deadline_passed(state: dict) -> bool:
    deadline = _deadline(state)
    return deadline is not None and deadline <= timezone.now()


# --- under WSGI: a thread a stream, the revision checked --------------------------------------


def events(board_id: int, side: Side | None):
    """The stream of one game for a WSGI worker: it holds its thread while the game goes on."""
    state = _read(board_id, side)
    if state is not None:
        yield from _follow(board_id, side, state)


def _follow(board_id: int, side: Side | None, state: dict):
    """The game's events from `state`, read just now, to its end."""
    check = float(settings.REMOTE_STREAM_CHECK_SECONDS)
    yield event(state)
    while state["state"] == "playing":
        revision = state["revision"]
        until = time.monotonic() + _wait(state)
        while time.monotonic() < until and _revision(board_id) == revision:
            time.sleep(min(check, max(0.0, until - time.monotonic())))
        if _revision(board_id) == revision and not _deadline_passed(state):
            yield KEEP_ALIVE
            continue
        state = _read(board_id, side)
        if state is None:
            return
        yield event(state)


def my_events(user):
    """A player's own stream for a WSGI worker: each of his games in turn, `waiting` between
    them, his games looked for every check."""
    check = float(settings.REMOTE_STREAM_CHECK_SECONDS)
    while True:
        found = _my_game(user)
        if found is not None:
            board_id, side = found
            state = _read(board_id, side)
            if state is not None:
                yield from _follow(board_id, side, state)
            continue
        yield WAITING
        quiet = time.monotonic()
        while found is None:
            time.sleep(check)
            if time.monotonic() - quiet >= settings.REMOTE_STREAM_KEEP_ALIVE:
                yield KEEP_ALIVE
                quiet = time.monotonic()
            found = _my_game(user)


# --- under ASGI: no thread while waiting, woken by NOTIFY ------------------------------------


# The threads every ASGI stream of the process reads the database on (made on first use).
_readers: ThreadPoolExecutor | None = None


def _shared(function):
    """`function` as a coroutine run on the streams' reading threads. Each read starts as a
    request does: a connection that broke or outlived CONN_MAX_AGE is replaced, since no request
    ever starts or ends on these threads to do it."""
    global _readers
    if _readers is None:
        _readers = ThreadPoolExecutor(
            max_workers=settings.REMOTE_STREAM_DATABASE_THREADS, thread_name_prefix="stream-read"
        )

    def run(*args):
        close_old_connections()
        return function(*args)

    return sync_to_async(run, thread_sensitive=False, executor=_readers)


async def async_events(board_id: int, side: Side | None):
    """The stream of one game for an ASGI worker: it waits on the database's NOTIFY
    (PostgreSQL) or checks the revision (elsewhere), holding no thread and no connection
    meanwhile (the view let go of its own, games/remote_views.py)."""
    async for chunk in _async_follow(board_id, side, board_news.listens()):
        yield chunk


async def _async_follow(board_id: int, side: Side | None, listening: bool):
    """The game's events, from its state now to its end."""
    read = _shared(_read)
    # Taken before the first read of the board: a change between the read and the wait counts.
    news_of = board_news.listener.subscribe(board_id) if listening else None
    try:
        state = _just_heard(board_id, side) if listening else None
        if state is not None and side is not None:
            await _shared(_mark_seen)(board_id, side)
        if state is None:
            state = await read(board_id, side)
        if state is None:
            return
        yield event(state)
        while state["state"] == "playing":
            revision = state["revision"]
            if news_of is not None:
                changed, news = await news_of.wait(_wait(state))
            else:
                changed, news = await _checked(board_id, state), None
            if not changed and not _deadline_passed(state):
                yield KEEP_ALIVE
                continue
            if news is not None:
                if news["revision"] <= revision:
                    continue  # told late of a change this stream has read already
                state = remote.as_seen_by(news, side)
            else:
                state = await read(board_id, side)
                if state is None:
                    return
            if state["revision"] != revision or _deadline_passed(state):
                yield event(state)
    finally:
        if news_of is not None:
            news_of.close()


def _just_heard(board_id: int, side: Side | None) -> dict | None:
    """The board's state as this process heard it a moment ago (a round's boards have just
    opened: every player's stream starts at once), for `side`'s player; None: read it."""
    heard = board_news.listener.recent(board_id)
    if heard is None or _deadline_passed(heard):
        return None
    return remote.as_seen_by(heard, side)


def _mark_seen(board_id: int, side: Side) -> None:
    remote.mark_seen(board_id, side, timezone.now())


async def _checked(board_id: int, state: dict) -> bool:
    """Without NOTIFY: check the board's revision until it rises or the deadline comes."""
    revision_of = _shared(_revision)
    check = float(settings.REMOTE_STREAM_CHECK_SECONDS)
    until = time.monotonic() + _wait(state)
    while time.monotonic() < until:
        await asyncio.sleep(min(check, max(0.0, until - time.monotonic())))
        if await revision_of(board_id) != state["revision"]:
            return True
    return False


async def async_my_events(user, account: int | None):
    """A player's own stream for an ASGI worker: each of his games in turn, and `waiting`
    between them until the news of his account (`account`: a round's boards opened, naming his
    board and side) or, without NOTIFY, the next check finds his next game."""
    listening = board_news.listens()
    find = _shared(_my_game)
    keep_alive = float(settings.REMOTE_STREAM_KEEP_ALIVE)
    # Taken before the first look: a game opened between a look and the wait counts.
    told = None
    if listening and account is not None:
        told = board_news.listener.subscribe(board_news.account_key(account))
    try:
        found = None
        while True:
            if found is None:
                if told is not None:
                    told.clear()  # what it said is what this look reads
                found = await find(user)
            if found is not None:
                async for chunk in _async_follow(*found, listening):
                    yield chunk
                found = None
                continue
            yield WAITING
            if told is None:
                async for chunk in _checked_until_a_game(find, user):
                    yield chunk
                continue
            changed, news = await told.wait(keep_alive)
            while not changed:
                yield KEEP_ALIVE
                changed, news = await told.wait(keep_alive)
            if news is not None:  # else told without the game: look for it
                found = news["board"], Side.from_letter(news["side"])
    finally:
        if told is not None:
            told.close()


async def _checked_until_a_game(find, user):
    """Without NOTIFY: keep-alives until a check finds a game."""
    keep_alive = float(settings.REMOTE_STREAM_KEEP_ALIVE)
    check = float(settings.REMOTE_STREAM_CHECK_SECONDS)
    quiet = time.monotonic()
    while await find(user) is None:
        await asyncio.sleep(check)
        if time.monotonic() - quiet >= keep_alive:
            yield KEEP_ALIVE
            quiet = time.monotonic()
