"""Spectators following a round live: 200 phones on a round's live page while 20 boards are
played move by move, against gunicorn on PostgreSQL.

    .venv/bin/python bench/live_watch.py [--spectators 200] [--boards 20] [--seconds 30]
                                         [--workers 2] [--worker-class gthread]
                                         [--interval 0.5] [--proxy]

It serves the demo from the database and port bench/load.py's `start_server` takes from the
environment (BENCH_DATABASE_URL or DATABASE_URL, BENCH_PORT), adds a section
of 2 × --boards players to the demo tournament, pairs and publishes its round 1, and seats two
devices on every board (each side claimed with its code). Then, for --seconds, one thread a
board plays a legal game on it (a move every 1–2 s, each side's device in turn, as at the
table), and --spectators threads each poll the round's live state
(`/t/demo/live/round/1/live/state/`) every --interval seconds with the ETag they hold, as
`games/static/games/live_round.js` does (every 0.5 s while the page is in view). Reported: the
spectators' requests per second and their latency (p50, p99), how many answers were 304, and
the move-to-reader latency — from the moment a move's POST was answered to the first poll of
each spectator that shows it.
Every loop is bounded by --seconds; traffic goes to loopback only.

--proxy puts nginx in front with the compose setup's own configuration (deploy/nginx.conf, as
`bench/load.py --proxy` does, on BENCH_PROXY_PORT or a free port): the players' devices and the
spectators then all talk to nginx, as in a hall.
"""

import argparse
import json
import os
import random
import re
import resource
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
from load import (  # noqa: E402 - bench/load.py
    Client,
    Tally,
    bench_database,
    percentile,
    start_proxy,
    start_server,
)

from oware.position import Position  # noqa: E402
from oware.rules import legal_moves, play  # noqa: E402

STATE = "/t/demo/live/round/1/live/state/"

SETUP = """
from games.live import claim, live_board_code
from games.models.live import LiveBoard
from oware.sides import Side
from tournaments.models import Section, Tournament
from tournaments.services.registration import assign_pairing_numbers, register_player
from tournaments.services.rounds import pair_next_round, publish_round
from django.contrib.auth import get_user_model
import json
tournament = Tournament.objects.get(slug="demo")
user = get_user_model().objects.get(username="arbiter")
section = Section.objects.create(tournament=tournament, slug="live", name="Live", order=9)
for number in range(2 * BOARDS):
    register_player(section, by=user, name=f"Player {number + 1:03d}", rating=2000 - number)
assign_pairing_numbers(section, by=user)
round_ = publish_round(pair_next_round(section, by=user), by=user)
boards = []
for pairing in round_.pairings.filter(north__isnull=False).order_by("board"):
    board = LiveBoard.objects.get(code=live_board_code(pairing))
    claim(board, Side.SOUTH, f"south-{board.code}", board.south_pin, "bench")
    claim(board, Side.NORTH, f"north-{board.code}", board.north_pin, "bench")
    boards.append(board.code)
print(json.dumps(boards))
"""


def set_up(boards: int) -> list[str]:
    """The live section and its seated boards, in the database start_server made."""
    env = {
        **os.environ,
        "DATABASE_URL": bench_database(),
        "DEBUG": "1",
        "LIVE_CODE_ATTEMPTS": "1000",
    }
    script = SETUP.replace("BOARDS", str(boards))
    run = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", script],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(run.stdout.strip().splitlines()[-1])


def player(port, code, deadline, rng, moved, tally):
    """Two devices at one board: a legal game, a move every 1–2 s, until the deadline."""
    client = Client("127.0.0.1", port)
    position, ply, clock = Position.start(), 0, [1200, 1200]
    path = f"/t/demo/board/{code}/moves/"
    # The board page sets the CSRF cookie a device's script sends back with every POST.
    _status, _page, page_headers = client.exchange("GET", f"/t/demo/board/{code}/")
    token = re.search(r"csrftoken=([^;]+)", page_headers.get("Set-Cookie", "")).group(1)
    posted = {
        "Content-Type": "application/json",
        "Cookie": f"csrftoken={token}",
        "X-CSRFToken": token,
    }
    while time.monotonic() < deadline:
        time.sleep(rng.uniform(1.0, 2.0))
        choices = legal_moves(position, "abapa")
        if not choices:
            return
        move = rng.choice(choices)
        side = position.to_move
        clock[side] -= 1
        device = ("south-" if side == 0 else "north-") + code
        body = json.dumps(
            {
                "device": device,
                "action": "moves",
                "from_ply": ply,
                "moves": [{"move": move, "clock": clock[side]}],
            }
        )
        started = time.monotonic()
        status, answer = client.request("POST", path, body, posted)
        tally.add("move", time.monotonic() - started, status == 200)
        if status != 200:
            print(f"board {code}: move refused ({status}): {answer[:200]!r}", file=sys.stderr)
            return
        ply += 1
        moved[(code, ply)] = time.monotonic()
        position = play(position, move, "abapa")


def spectator(port, deadline, rng, moved, tally, latencies, lock, interval):
    """A phone on the live page: a poll every `interval` seconds with the ETag it holds."""
    client = Client("127.0.0.1", port)
    etag, seen = "", {}
    time.sleep(rng.uniform(0, interval))
    while time.monotonic() < deadline:
        started = time.monotonic()
        headers = {"If-None-Match": etag} if etag else {}
        status, body, answer_headers = client.exchange("GET", STATE, headers=headers)
        now = time.monotonic()
        tally.add("poll", now - started, status in (200, 304))
        tally.add("304" if status == 304 else "200", 0, True)
        if status == 200:
            boards = json.loads(body)["boards"]
            # The page never draws a state older than the one it shows (a worker may still
            # serve its previous copy): neither does this reader, nor does it take its ETag.
            if any(len(board["moves"]) < seen.get(board["code"], 0) for board in boards):
                tally.add("older", 0, True)
                time.sleep(max(0.0, interval - (time.monotonic() - started)))
                continue
            etag = answer_headers.get("ETag", "")
            found = []
            for board in boards:
                plies = len(board["moves"])
                for ply in range(seen.get(board["code"], 0) + 1, plies + 1):
                    at = moved.get((board["code"], ply))
                    if at is not None:
                        found.append(max(0.0, now - at))
                seen[board["code"]] = plies
            with lock:
                latencies.extend(found)
        time.sleep(max(0.0, interval - (time.monotonic() - started)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spectators", type=int, default=200)
    parser.add_argument("--boards", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--worker-class", default="gthread")
    parser.add_argument("--interval", type=float, default=0.5, help="seconds between polls")
    parser.add_argument("--proxy", action="store_true", help="nginx in front, as in compose")
    args = parser.parse_args()
    if args.proxy and not shutil.which("nginx"):
        parser.error("--proxy needs nginx on the PATH (apt-get install nginx-light)")
    port, _token, stop = start_server(args.workers, args.worker_class)
    stops = [stop]
    try:
        if args.proxy:
            port, stop_proxy = start_proxy(port)
            stops.insert(0, stop_proxy)
        codes = set_up(args.boards)
        tally, moved, latencies, lock = Tally(), {}, [], threading.Lock()
        deadline = time.monotonic() + args.seconds
        threads = [
            threading.Thread(
                target=player,
                args=(port, code, deadline, random.Random(code), moved, tally),
            )
            for code in codes
        ] + [
            threading.Thread(
                target=spectator,
                args=(
                    port,
                    deadline,
                    random.Random(n),
                    moved,
                    tally,
                    latencies,
                    lock,
                    args.interval,
                ),
            )
            for n in range(args.spectators)
        ]
        begun, used = time.monotonic(), resource.getrusage(resource.RUSAGE_SELF)
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=args.seconds + 60)
        seconds = time.monotonic() - begun
        now_used = resource.getrusage(resource.RUSAGE_SELF)
        # The clients' own CPU, on the same cores as the server, PostgreSQL and nginx.
        clients_cpu = (now_used.ru_utime - used.ru_utime) + (now_used.ru_stime - used.ru_stime)
        polls = tally.latencies["poll"]
        print(
            f"{args.spectators} spectators, {len(codes)} boards, {seconds:.0f} s, a poll every"
            f" {args.interval:g} s, {'through nginx' if args.proxy else 'the application alone'}"
        )
        print(
            f"polls: {len(polls) / seconds:.0f} req/s, p50 {percentile(polls, 0.5) * 1000:.0f} ms,"
            f" p99 {percentile(polls, 0.99) * 1000:.0f} ms,"
            f" 304: {len(tally.latencies['304'])} of {len(polls)},"
            f" older than the last drawn (ignored): {len(tally.latencies['older'])},"
            f" errors {tally.errors['poll']}"
        )
        moves = tally.latencies["move"]
        print(
            f"moves: {len(moves)} ({len(moves) / seconds:.1f}/s), p50"
            f" {percentile(moves, 0.5) * 1000:.0f} ms, p99 {percentile(moves, 0.99) * 1000:.0f} ms"
        )
        latencies = latencies or [float("nan")]
        print(
            f"move to reader: {len(latencies)} sightings, p50"
            f" {percentile(latencies, 0.5) * 1000:.0f} ms, p99"
            f" {percentile(latencies, 0.99) * 1000:.0f} ms, max {max(latencies) * 1000:.0f} ms"
        )
        print(
            f"load generator: {clients_cpu:.1f} s of CPU in {seconds:.0f} s"
            f" ({clients_cpu / seconds:.2f} of a core)"
        )
    finally:
        for stop in stops:
            stop()


if __name__ == "__main__":
    main()
