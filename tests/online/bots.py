"""Players' programs that play an online event through the HTTP API only, as any client would:
each reads its current game (`GET /api/v1/me/game/`) and sends a random legal move when it is
its turn. Used by the whole-event test and by bench/online.py."""

import json
import random
import threading
import time
import urllib.error
import urllib.request


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


class Bot(threading.Thread):
    """One player: plays a random legal move whenever it is his turn, until told to stop.
    Keeps the latency of each of his moves as seen by the opponent's next read (`moves`)."""

    def __init__(self, api: Api, seed: int, pause: float = 0.05):
        super().__init__(daemon=True)
        self.api = api
        self.random = random.Random(seed)
        self.pause = pause
        self.stopping = threading.Event()
        self.moves_sent = 0
        self.refusals: list = []
        # (game id, ply) → the moment this bot first read that ply as the next one, and the
        # moment it sent the move of that ply (time.monotonic(), one clock for every bot).
        self.first_seen: dict[tuple[int, int], float] = {}
        self.sent_at: dict[tuple[int, int], float] = {}

    def run(self):
        while not self.stopping.is_set():
            status, game = self.api.get("/api/v1/me/game/")
            if status == 200:
                self.first_seen.setdefault((game["id"], game["ply"]), time.monotonic())
            if (
                status != 200
                or game["state"] != "playing"
                or not game["your_turn"]
                or not game["legal_moves"]  # a full record: the flag will end the game
            ):
                time.sleep(self.pause)
                continue
            move = self.random.choice(game["legal_moves"])
            path = f"/api/v1/tournaments/{game['tournament']}/games/{game['id']}/moves/"
            sent = time.monotonic()
            status, answer = self.api.post(path, {"ply": game["ply"], "move": move})
            if status == 200:
                self.moves_sent += 1
                self.sent_at[(game["id"], game["ply"])] = sent
            elif answer.get("code") != "game_finished":  # a flag or a no-show settled first
                self.refusals.append((status, answer))

    def stop(self):
        self.stopping.set()
