"""Players' programs that play an online event through the HTTP API only, as any client would,
sending a random legal move when it is their turn: `StreamBot` learns of each of its games and
of the opponent's moves by the push, from its player's own stream, or as an older client finds
its game with `GET /api/v1/me/game/` and follows the game's own stream, as the remote game's
page does (the whole-event test, bench/online.py)."""

import json
import random
import threading
import time
import urllib.error
import urllib.request

from tests.sse import next_event, next_state, open_my_stream, open_stream


class Api:
    """JSON over HTTP to a server on loopback, with a token (or none)."""

    def __init__(self, port: int, token: str | None = None):
        self.base = f"http://127.0.0.1:{port}"
        self.token = token

    def call(self, method: str, path: str, body=None, headers=None) -> tuple[int, object]:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("Accept", "application/json")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        if self.token:
            request.add_header("Authorization", f"Token {self.token}")
        for name, value in (headers or {}).items():
            request.add_header(name, value)
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                return answer.status, _body(answer.read())
        except urllib.error.HTTPError as refusal:
            return refusal.code, _body(refusal.read())

    def get(self, path: str):
        return self.call("GET", path)

    def post(self, path: str, body=None, **headers):
        return self.call("POST", path, {} if body is None else body, headers)


def _body(text: bytes):
    """JSON read, other text (a TRF file) as it is, nothing as None."""
    if not text:
        return None
    try:
        return json.loads(text)
    except ValueError:
        return text.decode(errors="replace")


class StreamBot(threading.Thread):
    """One player as a program with the push. By default he holds his own stream
    (`GET /api/v1/me/stream/`, tests/sse.py) for the whole event: it brings each of his games
    as soon as it opens, then its every state. With `poll` seconds he is an older client
    instead: he asks `GET /api/v1/me/game/` every `poll` seconds (give or take a third) while he
    has no game, then follows the game's own stream. Either way he answers each state that
    gives him the move after a think time (`think` seconds on average, from half to one and a
    half times that). With `resign_after`, he resigns on his turn once the game has had about
    that many plies (from half to one and a half times as many, drawn per game), so that games
    last as long as people's rather than as long as random moves make them.

    Kept for the benchmark, on one clock (time.monotonic()) for every bot: `opened[game]`, when
    he began to follow the game (his own stream: when its first state came); `arrived[(game,
    n)]`, when a stream delivered the state with n moves; `sent_at[(game, ply)]`, when he sent
    the move of that ply and when its 200 answer came back."""

    # Seconds before a stream that could not be opened, or that broke off, is opened again.
    RECONNECT = 1.0

    def __init__(
        self,
        api: Api,
        seed: int,
        think: float = 1.0,
        poll: float | None = None,
        resign_after: int | None = None,
    ):
        super().__init__(daemon=True)
        self.api = api
        self.resign_after = resign_after
        self.port = int(api.base.rpartition(":")[2])
        self.random = random.Random(seed)
        self.think = think
        self.poll = poll
        self.stopping = threading.Event()
        self.moves_sent = 0
        self.resigned = 0
        self.refusals: list = []
        self.failures: list[str] = []  # streams that could not be opened or broke off
        self.games: list[int] = []
        self.resign_at: dict[int, int | None] = {}
        self.tried: set[tuple[int, int]] = set()
        self.following = False  # a game under way, followed
        self.opened: dict[int, float] = {}
        self.arrived: dict[tuple[int, int], float] = {}
        self.sent_at: dict[tuple[int, int], tuple[float, float]] = {}

    def run(self):
        if self.poll is None:
            self.run_on_my_stream()
        else:
            self.run_polling()

    def run_on_my_stream(self) -> None:
        while not self.stopping.is_set():
            try:
                connection, answer = open_my_stream(self.port, self.api.token, timeout=60)
            except OSError as error:
                self.failures.append(f"my stream: {error}")
                self.stopping.wait(self.RECONNECT)
                continue
            try:
                if answer.status != 200:
                    self.failures.append(f"my stream: {answer.status}")
                    self.stopping.wait(self.RECONNECT)
                    continue
                while not self.stopping.is_set():
                    got = next_event(answer)
                    if got is None:
                        self.broke_off("my stream ended")
                        break
                    kind, state = got
                    if kind == "state":
                        self.on_state(state["tournament"], state)
                    else:
                        self.following = False  # waiting for his next game
            except OSError as error:
                self.broke_off(f"my stream: {error}")
            finally:
                self.following = False
                connection.close()

    def run_polling(self) -> None:
        while not self.stopping.is_set():
            try:
                status, game = self.api.get("/api/v1/me/game/")
            except OSError as error:
                self.failures.append(f"me/game: {error}")
                status, game = 0, None
            # A game over is answered once more after its end: it is not one to follow.
            if status == 200 and game["state"] == "playing" and game["id"] not in self.games:
                self.opened[game["id"]] = time.monotonic()
                self.follow(game["tournament"], game["id"])
            else:
                self.stopping.wait(self.poll * self.random.uniform(0.67, 1.33))

    def follow(self, slug: str, game: int) -> None:
        """The game's own stream, to the game's end."""
        try:
            connection, answer = open_stream(self.port, slug, game, self.api.token, timeout=60)
        except OSError as error:
            self.failures.append(f"stream of {game}: {error}")
            return
        try:
            if answer.status != 200:
                self.failures.append(f"stream of {game}: {answer.status}")
                return
            while not self.stopping.is_set():
                state = next_state(answer)
                if state is None:
                    self.failures.append(f"stream of {game} ended before the game")
                    return
                self.on_state(slug, state)
                if state["state"] != "playing":
                    return
        except OSError as error:
            self.failures.append(f"stream of {game}: {error}")
        finally:
            self.following = False
            connection.close()

    def on_state(self, slug: str, state: dict) -> None:
        """A state of one of his games, as a stream brought it: noted, and answered with a move
        (or his resignation) when it gives him the move."""
        game, now = state["id"], time.monotonic()
        if game not in self.games:
            self.games.append(game)
            self.opened.setdefault(game, now)
            self.resign_at[game] = (
                round(self.resign_after * self.random.uniform(0.5, 1.5))
                if self.resign_after
                else None
            )
        self.arrived.setdefault((game, len(state["moves"])), now)
        self.following = state["state"] == "playing"
        # A state read again at a deadline may repeat one already answered.
        if (
            not self.following
            or not state["your_turn"]
            or not state["legal_moves"]
            or (game, state["ply"]) in self.tried
        ):
            return
        self.tried.add((game, state["ply"]))
        if self.stopping.wait(self.think * self.random.uniform(0.5, 1.5)):
            return
        resign_at = self.resign_at[game]
        if resign_at is not None and state["ply"] > resign_at:
            self.resign(slug, game)
        else:
            self.play(slug, game, state)

    def play(self, slug: str, game: int, state: dict) -> None:
        move = self.random.choice(state["legal_moves"])
        sent = time.monotonic()
        status, answer = self.api.post(
            f"/api/v1/tournaments/{slug}/games/{game}/moves/", {"ply": state["ply"], "move": move}
        )
        if status == 200:
            self.moves_sent += 1
            self.sent_at[(game, state["ply"])] = (sent, time.monotonic())
        elif not isinstance(answer, dict) or answer.get("code") != "game_finished":
            self.refusals.append((status, answer))  # a flag or a no-show may settle it first

    def resign(self, slug: str, game: int) -> None:
        status, answer = self.api.post(f"/api/v1/tournaments/{slug}/games/{game}/resign/")
        if status == 200:
            self.resigned += 1
        elif not isinstance(answer, dict) or answer.get("code") != "game_finished":
            self.refusals.append((status, answer))

    def broke_off(self, failure: str) -> None:
        """A stream that ended or failed counts as a failure, unless he was told to stop (the
        server then goes away under it)."""
        if not self.stopping.is_set():
            self.failures.append(failure)

    def stop(self):
        self.stopping.set()
