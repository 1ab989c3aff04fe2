"""Telling every web process that a remote board changed, so that its streams push at once.

On PostgreSQL a change sends `NOTIFY remote_boards, '<board id>'` inside the transaction that
writes it (PostgreSQL delivers it at the commit, never for a rolled-back write), and each
process that streams boards keeps one connection listening (`Listener`, psycopg 3's async
notifications), which wakes the streams waiting on that board. Elsewhere (SQLite: tests, a
small venue) there is no cross-process signal: a stream checks the board's revision every
`REMOTE_STREAM_CHECK_SECONDS` on the server instead; the browser never polls.
"""

import asyncio
import logging

from django.db import connection

logger = logging.getLogger(__name__)

CHANNEL = "remote_boards"


def listens() -> bool:
    """Whether changes reach the streams by LISTEN/NOTIFY (PostgreSQL) rather than by a check
    of the revision."""
    return connection.vendor == "postgresql"


def announce_change(board_id: int) -> None:
    """Tell the streams of every process that board `board_id` changed, once the transaction
    commits (a no-op but on PostgreSQL)."""
    if listens():
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_notify(%s, %s)", [CHANNEL, str(board_id)])


def _conninfo() -> dict:
    """The database's connection parameters, for a connection of the listener's own."""
    settings = connection.settings_dict
    params = {"dbname": settings["NAME"], "autocommit": True}
    for name, key in (("user", "USER"), ("password", "PASSWORD"), ("host", "HOST")):
        if settings.get(key):
            params[name] = settings[key]
    if settings.get("PORT"):
        params["port"] = int(settings["PORT"])
    return params


class Listener:
    """One LISTEN connection per process and event loop, waking the streams that wait on a
    board. A lost connection is opened again after a pause; meanwhile every stream is woken, so
    that it reads the board itself rather than miss a change."""

    def __init__(self):
        self.waiting: dict[int, set[asyncio.Future]] = {}
        self.task: asyncio.Task | None = None
        self.loop: asyncio.AbstractEventLoop | None = None

    def waiter(self, board_id: int) -> asyncio.Future:
        """A future that completes at the board's next change; ask for it before reading the
        board, so that a change between the read and the wait is not missed."""
        loop = asyncio.get_running_loop()
        if self.task is None or self.task.done() or self.loop is not loop:
            self.loop = loop
            self.task = loop.create_task(self._listen(_conninfo()))
        future = loop.create_future()
        self.waiting.setdefault(board_id, set()).add(future)
        future.add_done_callback(lambda done: self._forget(board_id, done))
        return future

    def _forget(self, board_id: int, future: asyncio.Future) -> None:
        futures = self.waiting.get(board_id)
        if futures is not None:
            futures.discard(future)
            if not futures:
                self.waiting.pop(board_id, None)

    def _wake(self, board_id: int | None) -> None:
        boards = list(self.waiting) if board_id is None else [board_id]
        for board in boards:
            for future in list(self.waiting.get(board, ())):
                if not future.done():
                    future.set_result(True)

    async def _listen(self, conninfo: dict) -> None:
        import psycopg

        while True:
            try:
                async with await psycopg.AsyncConnection.connect(**conninfo) as listening:
                    await listening.execute(f"LISTEN {CHANNEL}")
                    self._wake(None)  # anything sent before this LISTEN: read the boards again
                    async for note in listening.notifies():
                        try:
                            self._wake(int(note.payload))
                        except ValueError:
                            continue
            except asyncio.CancelledError:
                raise
            except Exception:  # the database went away: listen again, after a pause
                logger.warning("remote boards' listener lost its connection", exc_info=True)
                self._wake(None)
                await asyncio.sleep(1)


listener = Listener()
