"""Standings of a 1,000-player, 11-round section: the tie-break computation alone, and the whole
service (database reads included).

    .venv/bin/python bench/standings.py [--players 1000] [--rounds 11] [--repeat 5]

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
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    import django
    from django.test.utils import setup_test_environment

    django.setup()
    setup_test_environment()
    from django.db import connection

    from tournaments.models import Tournament
    from tournaments.services.history import section_history
    from tournaments.services.sample import build_sample_section
    from tournaments.services.standings import section_standings
    from tournaments.tiebreaks import standings_from_history

    old_name = connection.creation.create_test_db(verbosity=0)
    try:
        tournament = Tournament.objects.create(name="Bench", slug="bench", rounds=args.rounds)
        section = tournament.sections.create(name="Open", slug="open")
        build_sample_section(section, args.players, args.rounds)
        history = section_history(section)
        codes = tournament.tiebreak_codes
        core = best_of(args.repeat, lambda: standings_from_history(history, codes))
        whole = best_of(args.repeat, lambda: list(section_standings(section).rows()))
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
    print(
        f"{args.players} players, {args.rounds} rounds, tie-breaks {','.join(codes)}, "
        f"{connection.vendor}"
    )
    print(f"tie-break computation: {core * 1000:.1f} ms (best of {args.repeat})")
    print(f"standings service with database reads: {whole * 1000:.1f} ms (best of {args.repeat})")


if __name__ == "__main__":
    main()
