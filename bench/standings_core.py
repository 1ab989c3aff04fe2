"""Time the standings core on a synthetic 1,000-player, 11-round Swiss section.

Run from the repository root:
    python bench/standings_core.py [--players N] [--rounds R] [--repeat K]
Prints the best of K runs of compute_standings with PTS,DE,PS,BH,SB, in milliseconds.
Goal: under 100 ms.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tournaments.tiebreaks import compute_standings  # noqa: E402
from tournaments.tiebreaks.sample import random_section  # noqa: E402

ORDER = "PTS,DE,PS,BH,SB"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    records = random_section(args.players, args.rounds)
    timings = []
    for _ in range(args.repeat):
        start = time.perf_counter()
        standings = compute_standings(records, ORDER)
        timings.append((time.perf_counter() - start) * 1000)
    print(
        f"standings {ORDER} for {args.players} players x {args.rounds} rounds: "
        f"best {min(timings):.1f} ms of {args.repeat} runs "
        f"(median {sorted(timings)[len(timings) // 2]:.1f} ms; "
        f"{len(standings.tied_groups)} groups still tied)"
    )


if __name__ == "__main__":
    main()
