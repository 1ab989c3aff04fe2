"""Many remote games of one tournament moving at once: how long a move takes as the tournament's
revision is raised after each move's commit (as the product does), inside its transaction (as it
did), and not at all.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
        .venv/bin/python bench/remote_moves_together.py [--boards 60] [--threads 8] [--plies 40]

Every move of a remote game saves its board, and the board's save raises its tournament's
revision (tournaments/freshness.py): an UPDATE of the one tournament row. Inside the move's
transaction, the moves of an online event's games took turns on that row's lock until each
commit; after the commit (`freshness.touch_after_commit`), each holds it for its own UPDATE only.
This bench plays `--plies` plies of a reference game (tests/data/oware) on each of `--boards`
remote boards of one round, from `--threads` threads each moving its own boards through the
service (`games.remote.play_move`, as the API view calls it), each way twice, and prints each
pass's wall time per move (median, p95, p99) and moves a second. Threads of one process share
the interpreter's lock, so this shows the database's side of the contention, not a deployment's
whole latency.
"""

import argparse
import os
import statistics
import sys
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "oware_tournaments.settings_test")

from bench.live_board import fresh_round, reference_moves, test_database  # noqa: E402


def open_round(boards: int, run: int):
    """A published round of `boards` remote boards in a new tournament with an arbiter."""
    from django.contrib.auth import get_user_model

    from games import remote

    round_ = fresh_round(run, boards)
    round_.section.tournament.arbiters.add(get_user_model().objects.create_user(f"arbiter-{run}"))
    return remote.open_remote_boards(round_, clock_seconds=3600, no_show_seconds=3600)


def play(boards, moves: list[int], sides: list[int], times: list[float]) -> None:
    """Play `moves` on each of `boards`, ply by ply across them, keeping each move's wall time."""
    from django.db import connection

    from games import remote
    from oware.sides import Side

    try:
        for ply, (pit, side) in enumerate(zip(moves, sides, strict=False), start=1):
            letter = remote.pit_letter(Side(side), pit)
            for i, board in enumerate(boards):
                start = time.perf_counter()
                boards[i] = remote.play_move(board, None, ply, letter, side=Side(side))
                times.append(time.perf_counter() - start)
    finally:
        connection.close()


def one_pass(boards: int, threads: int, moves, sides, run: int) -> tuple[list[float], float]:
    opened = open_round(boards, run)
    shares = [opened[i::threads] for i in range(threads)]
    times: list[float] = []
    workers = [threading.Thread(target=play, args=(share, moves, sides, times)) for share in shares]
    start = time.perf_counter()
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return times, time.perf_counter() - start


def report(label: str, times: list[float], elapsed: float) -> None:
    cuts = statistics.quantiles(times, n=100)
    print(
        f"{label}: {len(times)} moves, median {statistics.median(times) * 1000:.1f} ms, "
        f"p95 {cuts[94] * 1000:.1f} ms, p99 {cuts[98] * 1000:.1f} ms, "
        f"{len(times) / elapsed:.0f} moves a second"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=60)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--plies", type=int, default=40)
    parser.add_argument("--game", default="auale-00001")
    args = parser.parse_args()

    from oware.replay import replay

    moves = reference_moves(args.game)[: args.plies]
    sides = replay(moves, "abapa").sides
    with test_database() as connection:
        import tournaments.freshness as freshness

        print(
            f"{args.boards} boards, {args.threads} threads, {len(moves)} plies each, "
            f"{connection.vendor}"
        )
        touch, after_commit = freshness.touch, freshness.touch_after_commit
        ways = {
            "revision raised after the commit": {},
            "revision raised in the transaction": {"touch_after_commit": touch},
            "revision left alone": {"touch": lambda tournament_id: None},
        }
        # Each way twice, in an order and its reverse: a pass run first pays for a cold
        # database.
        order = [*ways, *reversed(ways)]
        for run, way in enumerate(order, start=1):
            for name, replacement in ways[way].items():
                setattr(freshness, name, replacement)
            try:
                passed = one_pass(args.boards, args.threads, moves, sides, run)
            finally:
                freshness.touch, freshness.touch_after_commit = touch, after_commit
            report(way, *passed)


if __name__ == "__main__":
    main()
