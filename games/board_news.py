"""Telling every web process that a remote board changed, so that its streams push at once.

On PostgreSQL a change sends a NOTIFY on `remote_boards` inside the transaction that writes it
(PostgreSQL delivers it at the commit, never for a rolled-back write), and each process that
streams boards keeps one connection listening (`Listener`, psycopg 3's async notifications),
which wakes the streams waiting on that board. Elsewhere (SQLite: tests, a small venue) there is
no cross-process signal: a stream checks the board's revision every
`REMOTE_STREAM_CHECK_SECONDS` on the server instead; the browser never polls.

A notification's payload is one of:
- `<board id>`: the board changed; a stream reads it again;
- `<board id> <state>`: the board changed to `state` (its game as a spectator reads it,
  `games.remote.game_state`, as JSON): every stream of every process has it without reading
  the board, each patching in its own reader's side (`games.remote.as_seen_by`). A state too
  long for a payload is announced by its id alone;
- `a<account id>:<board id>:<side>,…`: those players have a new game, on that board and side
  (a round's boards opened): their own streams (`games.stream.my_events`) follow it at once.

A process keeps the states it has just heard (`Newsroom.recent`): a stream that starts to follow
a board within a second of its news (every player's own stream, at a round's opening) starts
from that state instead of reading the board.
"""

import asyncio
import json
import logging
import time
from collections import OrderedDict

from django.core.serializers.json import DjangoJSONEncoder
from django.db import connection

logger = logging.getLogger(__name__)

CHANNEL = "remote_boards"

# PostgreSQL refuses a payload of 8,000 bytes or more; what is longer goes by its id alone.
PAYLOAD_BYTES = 7900
ACCOUNT_PREFIX = "a"


def listens() -> bool:
    """Whether changes reach the streams by LISTEN/NOTIFY (PostgreSQL) rather than by a check
    of the revision."""
    return connection.vendor == "postgresql"


def account_key(account_id: int) -> str:
    """The key a player's own stream waits on: news for his account."""
    return f"{ACCOUNT_PREFIX}{account_id}"


def _notify(payload: str) -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_notify(%s, %s)", [CHANNEL, payload])


def announce_change(board_id: int) -> None:
    """Tell the streams of every process that board `board_id` changed, once the transaction
    commits (a no-op but on PostgreSQL)."""
    if listens():
        _notify(str(board_id))


def announce_state(board_id: int, state: dict) -> None:
    """Tell the streams of every process that board `board_id` changed to `state`, once the
    transaction commits; by its id alone when the state is too long to send."""
    if not listens():
        return
    payload = f"{board_id} {json.dumps(state, cls=DjangoJSONEncoder, separators=(',', ':'))}"
    _notify(payload if len(payload.encode()) <= PAYLOAD_BYTES else str(board_id))


def announce_games(games) -> None:
    """Tell the players' own streams of these accounts of their new games, `games` being
    (account id, board id, side) triples, once the transaction commits (as few notifications as
    the payload's size allows)."""
    if not listens():
        return
    batch: list[str] = []
    for account_id, board_id, side in sorted(games):
        batch.append(f"{account_id}:{board_id}:{side.letter}")
        if len(batch) * 25 >= PAYLOAD_BYTES:  # ids of at most 11 digits, a letter, separators
            _notify(ACCOUNT_PREFIX + ",".join(batch))
            batch = []
    if batch:
        _notify(ACCOUNT_PREFIX + ",".join(batch))


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


class Subscription:
    """What one stream has been told of one key (a board id, or `account_key`) since it last
    asked: kept between its waits, so that news arriving while it sends an event is not lost."""

    def __init__(self, newsroom: "Newsroom", key: int | str):
        self.newsroom, self.key = newsroom, key
        self.arrived = asyncio.Event()
        self.news: dict | None = None
        self.unknown = False  # a change whose state was not told: read the board

    def tell(self, news: dict | None) -> None:
        if news is None:
            self.unknown = True
        else:
            self.news = news  # notifications come in commit order: the last is the newest
        self.arrived.set()

    async def wait(self, seconds: float) -> tuple[bool, dict | None]:
        """Wait up to `seconds` for news: (whether any came, the newest state when every
        change since the last wait was told with its state)."""
        if not self.arrived.is_set():
            try:
                await asyncio.wait_for(self.arrived.wait(), seconds)
            except TimeoutError:
                return False, None
        news = None if self.unknown else self.news
        self.clear()
        return True, news

    def clear(self) -> None:
        """Forget what came: the caller reads what it was about next."""
        self.arrived.clear()
        self.news, self.unknown = None, False

    def close(self) -> None:
        self.newsroom.forget(self)


class Newsroom:
    """The subscriptions of one process's streams, and what the notifications tell them: a
    board's news (its id) reaches the streams following it, with the board's new state when
    the notification carried one; an account's (`account_key`) the player's own streams."""

    # How many boards' last states a process keeps, and for how long they are fresh enough to
    # start a stream from (its clocks are those of the moment it was heard).
    RECENT_BOARDS = 4096
    RECENT_SECONDS = 1.0

    def __init__(self):
        self.waiting: dict[int | str, set[Subscription]] = {}
        self._recent: OrderedDict[int, tuple[float, dict]] = OrderedDict()

    def recent(self, board_id: int) -> dict | None:
        """The board's state heard within the last RECENT_SECONDS, None if none was."""
        heard = self._recent.get(board_id)
        if heard is None or time.monotonic() - heard[0] > self.RECENT_SECONDS:
            return None
        return heard[1]

    def _keep(self, board_id: int, state: dict | None) -> None:
        self._recent.pop(board_id, None)
        if state is not None:
            self._recent[board_id] = (time.monotonic(), state)
            while len(self._recent) > self.RECENT_BOARDS:
                self._recent.popitem(last=False)

    def subscribe(self, key: int | str) -> Subscription:
        """A subscription to the news of `key`; take it before reading the board, so that a
        change between the read and the wait is not missed, and close it when done."""
        subscription = Subscription(self, key)
        self.waiting.setdefault(key, set()).add(subscription)
        return subscription

    def forget(self, subscription: Subscription) -> None:
        subscriptions = self.waiting.get(subscription.key)
        if subscriptions is not None:
            subscriptions.discard(subscription)
            if not subscriptions:
                self.waiting.pop(subscription.key, None)

    def _tell(self, key: int | str, news: dict | None = None) -> None:
        for subscription in list(self.waiting.get(key, ())):
            subscription.tell(news)

    def tell_all(self) -> None:
        """Tell every subscription of a change without its state (news may have been missed),
        and forget the states heard."""
        self._recent.clear()
        for key in list(self.waiting):
            self._tell(key)

    def heard(self, payload: str) -> None:
        """Tell the subscriptions a notification's payload names (the module's formats)."""
        if payload.startswith(ACCOUNT_PREFIX):
            for game in payload[len(ACCOUNT_PREFIX) :].split(","):
                account_id, _colon, board = game.partition(":")
                board_id, _colon, side = board.partition(":")
                news = {"board": int(board_id), "side": side} if board_id.isdigit() else None
                self._tell(ACCOUNT_PREFIX + account_id, news)
            return
        head, _space, state = payload.partition(" ")
        try:
            board_id = int(head)
        except ValueError:
            return
        try:
            news = json.loads(state) if state else None
        except ValueError:
            news = None  # read the board instead
        self._keep(board_id, news)
        self._tell(board_id, news)


class Listener(Newsroom):
    """The newsroom of a process's streams with its one LISTEN connection per event loop,
    opened by the first subscription. A lost connection is opened again after a pause;
    meanwhile every stream is told of a change without its state, so that it reads the board
    itself rather than miss one."""

    def __init__(self):
        super().__init__()
        self.task: asyncio.Task | None = None
        self.loop: asyncio.AbstractEventLoop | None = None

    def subscribe(self, key: int | str) -> Subscription:
        loop = asyncio.get_running_loop()
        if self.task is None or self.task.done() or self.loop is not loop:
            self.loop = loop
            self.task = loop.create_task(self._listen(_conninfo()))
        return super().subscribe(key)

    async def _listen(self, conninfo: dict) -> None:
        import psycopg

        while True:
            try:
                async with await psycopg.AsyncConnection.connect(**conninfo) as listening:
                    await listening.execute(f"LISTEN {CHANNEL}")
                    self.tell_all()  # anything sent before this LISTEN: read the boards again
                    async for note in listening.notifies():
                        self.heard(note.payload)
            except asyncio.CancelledError:
                raise
            except Exception:  # the database went away: listen again, after a pause
                logger.warning("remote boards' listener lost its connection", exc_info=True)
                self.tell_all()
                await asyncio.sleep(1)


listener = Listener()
