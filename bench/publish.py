"""Publishing from a venue to a public server: how long a result saved at the venue takes to be
on the public server, and how many bytes are sent for it, for one section of 200 players.

    .venv/bin/python bench/publish.py [--players 200] [--rounds 6] [--results 20]

Starts two servers with scripts/serve on loopback, as tests/publishing/test_mirror_servers.py
does: the venue on SQLite (with its publishing worker) and the public server on the tests'
PostgreSQL server (TEST_DATABASE_URL's, by default 127.0.0.1:5432; a database of its own,
dropped at the end). The venue's section is a sample of
completed random rounds (tournaments/services/sample.py); each measured result is a correction
of a game of the last round, saved through the venue's API, and timed until the public
server's API shows it. One result at a time: each is one transfer (an increment: the rows that
changed; with --snapshots the whole tournament each time).
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.servers import (  # noqa: E402
    free_port,
    postgres_url,
    production_env,
    serve,
    stop,
    wait_until_served,
)

BUILD = """
from django.contrib.auth import get_user_model
from tournaments.models import Tournament
from tournaments.services.sample import build_sample_section
from tournaments.services.tokens import issue_token
user = get_user_model().objects.create_user("arbiter")
tournament = Tournament.objects.create(name="Bench", slug="bench", rounds={rounds} + 1)
tournament.arbiters.add(user)
build_sample_section(tournament.sections.create(name="Open", slug="open"), {players}, {rounds})
print(issue_token(user).key)
"""
SENT = """
from publishing.models import PublishTarget
target = PublishTarget.objects.get()
print(target.bytes_sent, target.transfers, target.acknowledged_revision)
"""


def manage(env, *command) -> str:
    run = subprocess.run(
        [sys.executable, "manage.py", *command], cwd=ROOT, env=env, capture_output=True, text=True
    )
    if run.returncode:
        sys.exit(run.stderr)
    return run.stdout


def call(port, path, token=None, data=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Token {token}"
    body = None if data is None else json.dumps(data).encode()
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=body, headers=headers)
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


def shown(port, path, pairing_board, seeds) -> bool:
    try:
        pairings = call(port, path)["pairings"]
    except OSError:
        return False
    board = next(p for p in pairings if p["board"] == pairing_board)
    return bool(board["result"]) and board["result"]["south_seeds"] == seeds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--results", type=int, default=20)
    parser.add_argument(
        "--snapshots", action="store_true", help="send the whole tournament for every change"
    )
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="oware-publish-bench-"))
    venue_db = f"sqlite:///{folder / 'venue.sqlite3'}"
    name = f"oware_publish_bench_{os.getpid()}"
    psql = ["psql", "-q", postgres_url("postgres"), "-c"]
    subprocess.run([*psql, f"CREATE DATABASE {name}"], check=True, capture_output=True)
    public_db = postgres_url(name)
    venue_env = production_env(DATABASE_URL=venue_db)
    public_env = production_env(DATABASE_URL=public_db)
    servers = []
    try:
        for env in (venue_env, public_env):
            manage(env, "migrate", "--no-input", "-v0")
        build = BUILD.format(players=args.players, rounds=args.rounds)
        token = manage(venue_env, "shell", "-c", build).split()[-1]
        mirror = manage(public_env, "mirror_token", "bench", "--venue", "Bench hall").strip()
        public_port, venue_port = free_port(), free_port()
        manage(
            venue_env, "publish_to", "bench", f"http://127.0.0.1:{public_port}", "--token", mirror
        )
        servers.append(serve(public_db, public_port))
        wait_until_served(public_port, "/readyz")
        mode = {"PUBLISH_INCREMENTS": "0"} if args.snapshots else {}
        servers.append(serve(venue_db, venue_port, PUBLISH_WORKER="1", **mode))
        wait_until_served(venue_port, "/readyz")
        path = f"/api/tournaments/bench/open/rounds/{args.rounds}/"
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            try:
                call(public_port, path)
                break
            except OSError:
                time.sleep(0.2)
        document = manage(venue_env, "export_tournament", "bench")
        before = [int(x) for x in manage(venue_env, "shell", "-c", SENT).split()[-3:]]
        boards = [p for p in call(venue_port, path)["pairings"] if p["north"] is not None]
        delays = []
        for index in range(args.results):
            board = boards[index % len(boards)]
            current = board["result"]["south_seeds"] if board["result"] else 0
            south = 30 if current != 30 else 29
            answer = call(
                venue_port,
                f"/api/tournaments/bench/games/{board['id']}/result/",
                token,
                {
                    "ending": "capture",
                    "south_seeds": south,
                    "north_seeds": 48 - south - 1,
                    "reason": "bench",
                    "expected_version": board["version"],
                },
            )
            saved = time.monotonic()
            board["version"], board["result"] = answer.get("version"), {"south_seeds": south}
            while not shown(public_port, path, board["board"], south):
                if time.monotonic() - saved > 60:
                    sys.exit("a result did not reach the public server within 60 s")
                time.sleep(0.02)
            delays.append(time.monotonic() - saved)
            boards = [p for p in call(venue_port, path)["pairings"] if p["north"] is not None]
        after = [int(x) for x in manage(venue_env, "shell", "-c", SENT).split()[-3:]]
        sent, transfers = after[0] - before[0], after[1] - before[1]
        delays.sort()
        print(
            f"section of {args.players} players, {args.rounds} rounds played, "
            f"{'snapshots only' if args.snapshots else 'increments'}"
        )
        print(f"backup document: {len(document.encode())} bytes")
        print(
            f"saved at the venue → on the public API, {len(delays)} results: "
            f"median {statistics.median(delays) * 1000:.0f} ms, "
            f"slowest {delays[-1] * 1000:.0f} ms"
        )
        print(
            f"sent: {sent} bytes in {transfers} transfers, "
            f"{sent / max(1, args.results):.0f} bytes per result (gzip)"
        )
    finally:
        for server in servers:
            stop(server)
        subprocess.run([*psql, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"], check=False)


if __name__ == "__main__":
    main()
