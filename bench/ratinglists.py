"""The rating lists at the register's scale: 10,000 persons, 100 finished events, 200,000
games; every list recomputed from scratch, and the public list page's p99 over loopback.

    .venv/bin/python bench/ratinglists.py [--persons 10000] [--events 100] [--players 500]
                                          [--rounds 8] [--requests 300]

100 events of 500 players and 8 rounds are 100 × 250 × 8 = 200,000 games, spread over twelve
months of 2026; each event's players are 500 persons drawn from the register. The events are
written with `tournaments/services/sample.py` and the links straight as rows. Then:

1. every monthly period is closed in turn (twelve lists, computed from nothing);
2. the first period is recomputed, which makes a new edition of all twelve lists;
3. the public list page (`/ratings/`, its first page and a filtered search) is requested in a
   bounded loop from one client on loopback, against Django's threaded development server on
   the same database; the p50 / p99 / max latencies are printed, and the first (uncached)
   read of each page.

Uses a throw-away SQLite database unless DATABASE_URL is set.
"""

import argparse
import http.client
import os
import random
import statistics
import sys
import threading
import time
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "oware_tournaments.settings_test")


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def build(args):
    from register.models import Person, PlayerLink
    from tournaments.models import Player, Tournament
    from tournaments.services.sample import build_sample_section

    rng = random.Random(7)
    persons = Person.objects.bulk_create(
        Person(name=f"Person {n:05d}", sex="mw"[n % 2], federation=("GHA", "NGR", "CIV")[n % 3],
               birth_year=1950 + n % 60)
        for n in range(1, args.persons + 1)
    )  # fmt: skip
    for index in range(args.events):
        month, day = index % 12 + 1, 1 + index // 12
        tournament = Tournament.objects.create(
            name=f"Event {index:03d}", slug=f"event-{index:03d}", rounds=args.rounds,
            start_date=date(2026, month, day), end_date=date(2026, month, day),
            status=Tournament.Status.FINISHED,
        )  # fmt: skip
        section = tournament.sections.create(name="Open", slug="open")
        build_sample_section(section, args.players, args.rounds, seed=index)
        chosen = rng.sample(persons, args.players)
        players = Player.objects.filter(section=section).order_by("pairing_number")
        PlayerLink.objects.bulk_create(
            PlayerLink(player=player, person=person, how="created")
            for player, person in zip(players, chosen, strict=True)
        )


def serve():
    from django.core.servers.basehttp import ThreadedWSGIServer, WSGIRequestHandler
    from django.core.wsgi import get_wsgi_application

    class Quiet(WSGIRequestHandler):
        def log_message(self, *args):
            pass

    server = ThreadedWSGIServer(("127.0.0.1", 0), Quiet)
    server.set_app(get_wsgi_application())
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--persons", type=int, default=10000)
    parser.add_argument("--events", type=int, default=100)
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--requests", type=int, default=300)
    args = parser.parse_args()

    import django
    from django.test.utils import setup_test_environment

    django.setup()
    setup_test_environment()
    from django.conf import settings
    from django.db import connection

    settings.ALLOWED_HOSTS = ["*"]
    old_name = connection.creation.create_test_db(verbosity=0)
    try:
        from ratinglists.computing import close_period, recompute
        from ratinglists.models import RatingPeriod, RatingRow
        from tournaments.models import Result

        started = time.perf_counter()
        build(args)
        built = time.perf_counter() - started
        games = Result.objects.exclude(pairing__north__isnull=True).count()

        from django.contrib.auth import get_user_model

        officer = get_user_model().objects.create_superuser("officer", password="bench-only-1")
        started, cpu = time.perf_counter(), time.process_time()
        for month in range(1, 13):
            following = date(2026, month + 1, 1) if month < 12 else date(2027, 1, 1)
            end = date.fromordinal(following.toordinal() - 1)
            close_period(date(2026, month, 1), end, by=officer)
        closed, closed_cpu = time.perf_counter() - started, time.process_time() - cpu

        started, cpu = time.perf_counter(), time.process_time()
        recompute(RatingPeriod.objects.order_by("start").first(), by=officer, reason="bench")
        recomputed, recomputed_cpu = time.perf_counter() - started, time.process_time() - cpu
        rows = RatingRow.objects.count()

        server = serve()
        port = server.server_address[1]
        paths = [
            "/ratings/",
            "/ratings/?federation=GHA&sex=w&age=o50",
            "/ratings/?q=Person+004",
            "/ratings/?page=50",
        ]
        timings = {path: [] for path in paths}
        first = {}
        client = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        for path in paths:  # warm-up, not counted: the first read of each page fills the cache
            started = time.perf_counter()
            client.request("GET", path)
            client.getresponse().read()
            first[path] = time.perf_counter() - started
        deadline = time.monotonic() + 120
        for index in range(args.requests):
            if time.monotonic() > deadline:
                break
            path = paths[index % len(paths)]
            start = time.perf_counter()
            client.request("GET", path)
            answer = client.getresponse()
            answer.read()
            timings[path].append(time.perf_counter() - start)
            assert answer.status == 200, (path, answer.status)
        server.shutdown()
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)

    print(
        f"{args.persons} persons, {args.events} events of {args.players} players and "
        f"{args.rounds} rounds: {games} games, {connection.vendor}; data written in {built:.0f} s"
    )
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")
    print(f"12 monthly periods closed from scratch: {closed:.1f} s ({closed_cpu:.1f} s CPU)")
    print(
        f"every list recomputed (a new edition of all 12): {recomputed:.1f} s "
        f"({recomputed_cpu:.1f} s CPU); {rows} rows kept"
    )
    for path, values in timings.items():
        if values:
            p50, p99 = statistics.median(values) * 1000, percentile(values, 0.99) * 1000
            print(
                f"GET {path}: {len(values)} requests, p50 {p50:.0f} ms, p99 {p99:.0f} ms, "
                f"max {max(values) * 1000:.0f} ms; uncached {first[path] * 1000:.0f} ms"
            )


if __name__ == "__main__":
    main()
