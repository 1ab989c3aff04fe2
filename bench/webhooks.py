"""One result on a tournament with 5 webhooks: how long until the last receiver has it, and
what the webhooks add to the result entry itself.

    .venv/bin/python bench/webhooks.py [--results 20] [--endpoints 5] [--interval 1]

A throw-away SQLite database under the deployment's settings; a section of 100 players with
round 1 published (50 boards). Each result is entered through the API (`POST
…/games/{id}/result/`, the test client in this process, the arbiter's token) on a board of its
own, first on a tournament without webhooks, then with `--endpoints` registered, each a local
HTTP receiver (a thread answering 204). The real task worker (`manage.py task_worker --interval
N`, the deployment's default 1 s: how long an idle worker waits before looking again) runs
beside on the same database. Prints, per setting, the median and the slowest entry (wall
clock) and, with webhooks, the time from the entry's start until the last receiver had it.
One result at a time: the next is entered once the last one arrived.
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.servers import production_env  # noqa: E402


class Receivers:
    """`count` HTTP receivers on loopback; `arrived[webhook-id]` lists the moments each got it."""

    def __init__(self, count: int):
        self.arrived: dict[str, list[float]] = {}
        self.lock = threading.Lock()
        receivers = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                self.rfile.read(int(self.headers.get("Content-Length", 0)))
                with receivers.lock:
                    moments = receivers.arrived.setdefault(self.headers["webhook-id"], [])
                    moments.append(time.monotonic())
                self.send_response(204)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.servers = [ThreadingHTTPServer(("127.0.0.1", 0), Handler) for _ in range(count)]
        for server in self.servers:
            threading.Thread(target=server.serve_forever, daemon=True).start()
        self.urls = [f"http://127.0.0.1:{s.server_address[1]}/hook" for s in self.servers]

    def all_have(self, count: int) -> float | None:
        """The moment the last of them got the latest event, once `count` got it."""
        with self.lock:
            latest = list(self.arrived.values())[-1:] or [[]]
        return max(latest[0]) if len(latest[0]) >= count else None


def a_published_round(prefix: str, **settings):
    """A throw-away SQLite database under the deployment's settings (and `settings`), migrated,
    with a section of 100 players whose round 1 is published: (the environment the worker
    needs, the tournament, its arbiter, the round's 50 boards, an API client as the arbiter)."""
    folder = Path(tempfile.mkdtemp(prefix=prefix))
    env = production_env(
        DATABASE_URL=f"sqlite:///{folder / 'db.sqlite3'}", WEBHOOK_ALLOW_PRIVATE="1", **settings
    )
    os.environ.update(env)
    os.environ["DJANGO_SETTINGS_MODULE"] = "oware_tournaments.settings"
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.test.utils import setup_test_environment
    from rest_framework.test import APIClient

    from tournaments.models import Player, Tournament
    from tournaments.services.rounds import pair_next_round, publish_round

    setup_test_environment()
    call_command("migrate", verbosity=0)
    arbiter = get_user_model().objects.create_user("arbiter")
    tournament = Tournament.objects.create(name="Bench", slug="bench", published=True)
    tournament.arbiters.add(arbiter)
    section = tournament.sections.create(name="Open", slug="open")
    Player.objects.bulk_create(
        Player(section=section, name=f"Player {n}", sex="m", pairing_number=n, rating=2400 - n)
        for n in range(1, 101)
    )
    round_ = publish_round(pair_next_round(section, by=arbiter), by=arbiter)
    boards = list(round_.pairings.filter(north__isnull=False).order_by("board"))
    api = APIClient()
    api.force_authenticate(arbiter)
    return env, tournament, arbiter, boards, api


def entering(api):
    """A function that enters a won game's result on a board through the API, as the arbiter,
    and returns the moment it started."""

    def enter(game) -> float:
        started = time.monotonic()
        answer = api.post(
            f"/api/v1/tournaments/bench/games/{game.pk}/result/",
            {"ending": "capture", "south_seeds": 25, "north_seeds": 10, "expected_version": 0},
            format="json",
        )
        assert answer.status_code == 200, answer.content
        return started

    return enter


def task_worker(env: dict, interval: float) -> subprocess.Popen:
    """The real task worker on the bench's database, looking for work every `interval` s."""
    return subprocess.Popen(
        [sys.executable, "manage.py", "task_worker", "--interval", str(interval)],
        cwd=ROOT,
        env={**env, "DJANGO_SETTINGS_MODULE": "oware_tournaments.settings"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--results", type=int, default=20)
    parser.add_argument("--endpoints", type=int, default=5)
    parser.add_argument("--interval", type=float, default=1)
    args = parser.parse_args()
    env, tournament, arbiter, boards, api = a_published_round("oware-bench-webhooks-")
    from notifications.webhooks import register_endpoint

    enter = entering(api)
    worker = task_worker(env, args.interval)
    try:
        enter(boards[0])  # the first request of the process warms it up
        plain = []
        for game in boards[1 : args.results + 1]:
            started = enter(game)
            plain.append(time.monotonic() - started)
        receivers = Receivers(args.endpoints)
        for url in receivers.urls:
            register_endpoint(tournament, url=url, events=["result.recorded"], by=arbiter)
        told, delivered = [], []
        for game in boards[args.results + 1 : 2 * args.results + 1]:
            started = enter(game)
            told.append(time.monotonic() - started)
            while (last := receivers.all_have(args.endpoints)) is None or last < started:
                time.sleep(0.005)
            delivered.append(last - started)
    finally:
        worker.terminate()
        worker.wait()

    def line(name, values):
        ms = [v * 1000 for v in values]
        print(f"{name:<42} median {statistics.median(ms):7.1f} ms   slowest {max(ms):7.1f} ms")

    print(f"{args.results} results each; worker interval {args.interval} s")
    line("result entry, no webhooks", plain)
    line(f"result entry, {args.endpoints} webhooks", told)
    line(f"entry start → last of {args.endpoints} receivers has it", delivered)


if __name__ == "__main__":
    main()
