"""A remote game's move → the opponent's screen: how long from the player sending his move to
the event arriving on the opponent's stream, as production serves them.

    .venv/bin/python bench/remote_push.py [--moves 200]

A scratch PostgreSQL database (the tests' server, TEST_DATABASE_URL), `scripts/serve` (the
moves, WSGI) and `scripts/serve-stream` (the streams, ASGI, woken by LISTEN/NOTIFY) behind
docker-compose's nginx (deploy/nginx.conf), all on this machine. Two players play a legal game
through the API with their tokens, one move at a time; each player's stream is read by a
thread of its own that notes when each state arrives. Prints the median, p95, p99 and slowest
latency (wall clock) from just before the move's POST to the arrival of its state on the
opponent's stream, and how many moves never arrived.
"""

import argparse
import json
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from oware.replay import replay  # noqa: E402
from oware.selfplay import greedy_moves  # noqa: E402
from tests.foundation.test_remote_stream_serving import SETUP, move  # noqa: E402
from tests.servers import (  # noqa: E402
    free_port,
    nginx_in_front,
    run_django,
    scratch_postgres,
    serve,
    serve_stream,
    stop,
    wait_until_served,
)
from tests.sse import next_state, open_stream  # noqa: E402


class Watcher(threading.Thread):
    """Reads one player's stream; `arrived[n]` is when the state with n moves arrived."""

    def __init__(self, port: int, game: int, token: str):
        super().__init__(daemon=True)
        self.arrived: dict[int, float] = {}
        self.connection, self.answer = open_stream(port, "online", game, token, timeout=120)

    def run(self):
        while True:
            try:
                state = next_state(self.answer)
            except (AttributeError, OSError, ValueError):  # closed at the end of the run
                return
            if state is None:
                return
            self.arrived.setdefault(len(state["moves"]), time.perf_counter())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=200, help="at most the game's own")
    options = parser.parse_args()
    moves, _declared = max(
        (greedy_moves("abapa", rng=random.Random(seed)) for seed in range(20)),
        key=lambda played: len(played[0]),
    )
    game = replay(moves, "abapa")
    plies = min(options.moves, len(moves) - 1)  # the last move would end the game
    folder = Path(tempfile.mkdtemp(prefix="oware-bench-push-"))
    with scratch_postgres("oware_bench_push") as database:
        app_port, stream_port = free_port(), free_port()
        app = serve(database, app_port)
        streams = None
        try:
            wait_until_served(app_port, "/healthz")
            made = run_django(SETUP, DATABASE_URL=database)
            assert made.returncode == 0, made.stderr[-2000:]
            setup = json.loads(made.stdout.strip().splitlines()[-1])
            streams = serve_stream(database, stream_port, REMOTE_STREAM_KEEP_ALIVE="60")
            wait_until_served(stream_port, "/healthz")
            with nginx_in_front(app_port, folder, stream_port=stream_port) as port:
                tokens = setup["tokens"]
                watchers = [Watcher(port, setup["game"], token) for token in tokens]
                for watcher in watchers:
                    watcher.start()
                time.sleep(1)  # both streams have sent their first state
                sent = {}
                for ply in range(1, plies + 1):
                    side = game.sides[ply - 1]
                    letter = ("ABCDEF" if side == 0 else "abcdef")[moves[ply - 1]]
                    opponent = watchers[1 - side]
                    sent[ply] = (time.perf_counter(), opponent)
                    assert move(port, setup["game"], tokens[side], ply, letter) == 200
                    deadline = time.monotonic() + 10
                    while ply not in opponent.arrived and time.monotonic() < deadline:
                        time.sleep(0.001)
                latencies = [
                    (watcher.arrived[ply] - start) * 1000
                    for ply, (start, watcher) in sent.items()
                    if ply in watcher.arrived
                ]
                for watcher in watchers:
                    watcher.connection.close()
        finally:
            if streams is not None:
                stop(streams)
            stop(app)
    latencies.sort()
    cut = statistics.quantiles(latencies, n=100)
    print(
        f"{len(latencies)} moves pushed, {plies - len(latencies)} lost: median "
        f"{statistics.median(latencies):.0f} ms, p95 {cut[94]:.0f} ms, p99 {cut[98]:.0f} ms, "
        f"slowest {latencies[-1]:.0f} ms"
    )


if __name__ == "__main__":
    main()
