"""Benchmark of the Dutch pairing engine on generated mid-event rounds.

usage: python bench/pairing.py [--sizes 100,1000,5000] [--rounds 9] [--played 4] [--seed 1]

For each size a tournament is generated (quick score-group history for the
first ``--played`` rounds, 30 % draws, a few absences and forfeits), then the
next round is paired by the engine.  Prints wall-clock seconds and the peak
memory traced by tracemalloc during the pairing (plus the process peak RSS).
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
from tournaments.pairing.generator import generate  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100,1000,5000", help="comma-separated player counts")
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--played", type=int, default=4, help="rounds already played (mid-event)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"{'players':>8} {'round':>6} {'seconds':>9} {'peak MB':>9} {'boards':>7}")
    for size in (int(s) for s in args.sizes.split(",")):
        tournament = generate(
            size, args.rounds, seed=args.seed, played_rounds=args.played,
            absence_rate=0.02, forfeit_rate=0.01, pairing="quick",
        )
        tracemalloc.start()
        start = time.perf_counter()
        pairing = pair_round(tournament)
        seconds = time.perf_counter() - start
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        print(f"{size:>8} {pairing.round_number:>6} {seconds:>9.2f} {peak / 2**20:>9.1f} {len(pairing.boards):>7}", flush=True)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"process peak RSS: {rss:.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
