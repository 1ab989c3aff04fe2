"""The calendar feeds of a 1,000-player section of 11 rounds, every round scheduled: the
tournament's feed and one player's, as the services write them and as a first (uncached) read
answers them over HTTP.

    .venv/bin/python bench/calendar_feeds.py [--players 1000] [--rounds 11] [--repeat 7]

Uses a throw-away SQLite database unless DATABASE_URL is set (then a test database is created
and dropped on that server).
"""

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "oware_tournaments.settings_test")


def best_of(repeat: int, action) -> float:
    timings = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        timings.append(time.perf_counter() - start)
    return min(timings)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()

    import django
    from django.test.utils import setup_test_environment

    django.setup()
    setup_test_environment()
    from datetime import datetime, timedelta
    from zoneinfo import ZoneInfo

    from django.contrib.auth import get_user_model
    from django.core.cache import cache
    from django.db import connection
    from django.test import Client

    from tournaments.models import Tournament
    from tournaments.services.calendar_feeds import player_feed, tournament_feed
    from tournaments.services.sample import build_sample_section
    from tournaments.services.timetable import set_timetable
    from tournaments.views.caching import remembered

    old_name = connection.creation.create_test_db(verbosity=0)
    try:
        arbiter = get_user_model().objects.create_user("bench")
        tournament = Tournament.objects.create(name="Bench", slug="bench", rounds=args.rounds)
        tournament.arbiters.add(arbiter)
        section = tournament.sections.create(name="Open", slug="open")
        build_sample_section(section, args.players, args.rounds)
        first = datetime(2026, 11, 28, 9, 0, tzinfo=ZoneInfo("Africa/Accra"))
        starts = {
            (section.pk, n): first + timedelta(hours=2 * (n - 1)) for n in range(1, args.rounds + 1)
        }
        set_timetable(tournament, by=arbiter, time_zone="Africa/Accra", starts=starts)
        tournament.refresh_from_db()
        player = section.players.get(pairing_number=args.players // 2)

        def url_of(planned):
            return "http://bench/"

        whole = best_of(args.repeat, lambda: tournament_feed(tournament, url_of))
        own = best_of(args.repeat, lambda: player_feed(tournament, player, url_of))
        client = Client()

        def first_read(path):
            cache.clear()
            remembered.clear()
            answer = client.get(path)
            assert answer.status_code == 200, answer.status_code

        tournament_path = "/t/bench/calendar.ics"
        player_path = f"/t/bench/open/player/{player.pairing_number}/calendar.ics"
        http_whole = best_of(args.repeat, lambda: first_read(tournament_path))
        http_own = best_of(args.repeat, lambda: first_read(player_path))
        client.get(tournament_path)
        cached = best_of(args.repeat, lambda: client.get(tournament_path))
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
    print(f"{args.players} players, {args.rounds} rounds scheduled, best of {args.repeat}")
    print(f"tournament feed (service)      {whole * 1000:8.2f} ms")
    print(f"player feed (service)          {own * 1000:8.2f} ms")
    print(f"tournament feed, first read    {http_whole * 1000:8.2f} ms")
    print(f"player feed, first read        {http_own * 1000:8.2f} ms")
    print(f"tournament feed, cached read   {cached * 1000:8.2f} ms")


if __name__ == "__main__":
    main()
