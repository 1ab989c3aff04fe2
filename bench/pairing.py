"""Benchmark of the Dutch pairing engine on generated mid-event rounds.

usage: python bench/pairing.py [--sizes 100,1000,5000] [--rounds 9] [--played 4] [--seed 1]
       [--repeat N]

For each size a tournament is generated (quick score-group history for the
first ``--played`` rounds, 30 % draws, a few absences and forfeits), then the
next round is paired by the engine.  Prints wall-clock and CPU seconds of the
pairing (CPU time is the steadier figure on a shared machine; ``--repeat`` keeps
the best of several pairings) and the process peak resident memory
(``resource.getrusage``) after it.
``--tracemalloc`` also reports Python's traced peak, at a large slowdown.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tournaments.pairing import pair_round  # noqa: E402
from tournaments.pairing.generator import Chances, generate  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100,1000,5000", help="comma-separated player counts")
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--played", type=int, default=4, help="rounds already played (mid-event)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=1, help="pairings per size; best kept")
    parser.add_argument(
        "--tracemalloc", action="store_true", help="also trace Python allocations (slow)"
    )
    args = parser.parse_args(argv)
    header = f"{'players':>8} {'round':>6} {'seconds':>9} {'CPU s':>9} {'peak MB':>9} {'boards':>7}"
    print(header + "   (peak MB: process RSS so far)")
    for size in (int(s) for s in args.sizes.split(",")):
        tournament = generate(
            size,
            args.rounds,
            seed=args.seed,
            played_rounds=args.played,
            chances=Chances(absence=0.02, forfeit=0.01),
            pairing="quick",
        )
        seconds = cpu = float("inf")
        for _ in range(args.repeat):
            start, start_cpu = time.perf_counter(), time.process_time()
            pairing = pair_round(tournament)
            seconds = min(seconds, time.perf_counter() - start)
            cpu = min(cpu, time.process_time() - start_cpu)
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        if args.tracemalloc:
            tracemalloc.start()
            pair_round(tournament)
            peak = tracemalloc.get_traced_memory()[1] / 2**20
            tracemalloc.stop()
        boards = len(pairing.boards)
        print(
            f"{size:>8} {pairing.round_number:>6} {seconds:>9.2f} {cpu:>9.3f} "
            f"{peak:>9.1f} {boards:>7}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
