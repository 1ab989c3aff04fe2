"""A remote board's states as Server-Sent Events: the push of every move to the opponent.

Each event is the game as its reader sees it (`remote.game_state`), sent when the board's
revision rises; a comment keeps the connection alive in between. The first event is always the
current state, so that a page that reconnects (EventSource does by itself) has its board back
at once. At the board's next deadline the stream reads it again, which settles a flag fall or a
no-show (`remote.settle_due`) even before the task worker gets to it; the stream ends with the
game.

Two ways to wait, one per kind of server: under ASGI (`scripts/serve-stream`: uvicorn workers
under gunicorn, docs/deployment.md) an async generator, woken by PostgreSQL's NOTIFY
(`games.board_news`) and holding no thread while it waits; under WSGI (the threaded workers,
the test server) a plain generator holding its thread. Where there is no NOTIFY (SQLite), both
check the board's revision every REMOTE_STREAM_CHECK_SECONDS on the server.

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
from django.db import close_old_connections, connection
from django.utils import timezone

from games import board_news, remote
from games.models.live import LiveBoard
from oware.sides import Side

KEEP_ALIVE = b": keep-alive\n\n"


def _read(board_id: int, side: Side | None) -> dict | None:
    """The board's state for `side`'s player (None: a spectator), settled up to now."""
    board = LiveBoard.objects.select_related(*remote.BOARD_RELATIONS).filter(pk=board_id).first()
    if board is None:
        return None
    now = timezone.now()
    board = remote.settle_due(board, now)
    if side is not None:
        remote.seen(board, side, now)
    return remote.game_state(board, side, now)


def _revision(board_id: int) -> int | None:
    return LiveBoard.objects.filter(pk=board_id).values_list("revision", flat=True).first()


def event(state: dict) -> bytes:
    """One SSE event: `state`, its id the board's revision."""
    data = json.dumps(state, cls=DjangoJSONEncoder, separators=(",", ":"))
    return f"id: {state['revision']}\nevent: state\ndata: {data}\n\n".encode()


def _wait(state: dict) -> float:
    """How long to wait before reading the board again at the latest: until its deadline, or
    the keep-alive pause."""
    wait = float(settings.REMOTE_STREAM_KEEP_ALIVE)
    deadline = state.get("deadline")
    if isinstance(deadline, datetime):
        wait = min(wait, (deadline - timezone.now()).total_seconds() + 0.05)
    return max(0.05, wait)


def events(board_id: int, side: Side | None):
    """The stream for a WSGI worker: it holds its thread while the game goes on."""
    check = float(settings.REMOTE_STREAM_CHECK_SECONDS)
    state = _read(board_id, side)
    if state is None:
        return
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


def _let_go() -> None:
    """Close the calling thread's database connection."""
    connection.close()


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
    """The stream for an ASGI worker: it waits on the database's NOTIFY (PostgreSQL) or checks
    the revision (elsewhere), holding no thread and no connection meanwhile."""
    # The request's own thread found the board and its reader; its connection is let go (the
    # handler's end of the request closes it only once the game is over).
    await sync_to_async(_let_go)()
    read = _shared(_read)
    revision_of = _shared(_revision)
    listening = await sync_to_async(board_news.listens)()
    check = float(settings.REMOTE_STREAM_CHECK_SECONDS)
    # Asked for before each read of the board: a change between the read and the wait wakes it.
    woken = board_news.listener.waiter(board_id) if listening else None
    try:
        state = await read(board_id, side)
        if state is None:
            return
        yield event(state)
        while state["state"] == "playing":
            revision = state["revision"]
            if woken is not None:
                try:
                    await asyncio.wait_for(asyncio.shield(woken), _wait(state))
                except TimeoutError:
                    pass
                changed = woken.done()
                if changed:
                    woken = board_news.listener.waiter(board_id)
            else:
                until = time.monotonic() + _wait(state)
                changed = False
                while time.monotonic() < until and not changed:
                    await asyncio.sleep(min(check, max(0.0, until - time.monotonic())))
                    changed = await revision_of(board_id) != revision
            if not changed and not _deadline_passed(state):
                yield KEEP_ALIVE
                continue
            state = await read(board_id, side)
            if state is None:
                return
            if state["revision"] != revision or _deadline_passed(state):
                yield event(state)
    finally:
        if woken is not None:
            woken.cancel()


def _deadline_passed(state: dict) -> bool:
    deadline = state.get("deadline")
    return isinstance(deadline, datetime) and deadline <= timezone.now()
