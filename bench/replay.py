"""Replay speed: plies per second over the whole Oware reference corpus, on one core.

Usage: .venv/bin/python bench/replay.py [--repeat N] [--text]

Loads every game of the corpus (tests/data/oware, packed from the shared corpus), then replays all
of them N times (default 7) with `oware.replay` — every move checked, the ending, final
stores and winner computed — and prints the best and median plies per second. Loading and
decoding JSON is outside the timing. With --text the movetext records are parsed and replayed
instead of the pit numbers.
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from oware.errors import RecordError  # noqa: E402
from oware.notation import replay_record  # noqa: E402
from oware.replay import replay  # noqa: E402

CORPUS = REPO / "tests" / "data" / "oware"
FILES = ("abapa", "grand-slam-forbidden", "ouri", "illegal")


def load_games() -> list[dict]:
    games = []
    for name in FILES:
        path = CORPUS / f"{name}.jsonl.gz"
        with gzip.open(path, "rt") as fh:
            games.extend(json.loads(line) for line in fh if line.strip())
    return games


def replay_all(games: list[dict], text: bool) -> int:
    """Replay every game once; return the number of plies replayed."""
    plies = 0
    for game in games:
        try:
            if text and "record" in game:
                result = replay_record(game["record"], game["variant"], game["end"])
            else:
                result = replay(game["moves"], game["variant"], game["end"])
            plies += result.plies
        except RecordError as error:
            plies += error.ply
    return plies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--text", action="store_true")
    args = parser.parse_args()
    if not CORPUS.is_dir():
        sys.exit(f"corpus not found at {CORPUS}")
    games = load_games()
    rates = []
    cpu_rates = []
    plies = 0
    for _ in range(args.repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        plies = replay_all(games, args.text)
        rates.append(plies / (time.perf_counter() - start))
        cpu_rates.append(plies / (time.process_time() - start_cpu))
    kind = "records (text)" if args.text else "moves"
    print(f"{len(games)} games, {plies} plies per pass, replaying {kind}")
    print(
        f"best {max(rates):,.0f} plies/s, median {statistics.median(rates):,.0f} plies/s "
        f"over {args.repeat} passes (Python {sys.version.split()[0]})"
    )
    best, median = max(cpu_rates), statistics.median(cpu_rates)
    print(f"CPU time: best {best:,.0f} plies/s, median {median:,.0f} plies/s")


if __name__ == "__main__":
    main()
