"""``python -m tournaments.standings FILE.trf [--tiebreaks CODES] [--edition 2026|2024]``."""

from __future__ import annotations

import argparse
import json
import sys

from tournaments.tiebreaks import DEFAULT_ORDER, standings_from_trf, standings_to_json
from tournaments.trf import TrfError, parse_file


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tournaments.standings", description=__doc__)
    parser.add_argument("trf", help="TRF file of a Swiss section")
    parser.add_argument(
        "--tiebreaks", default=",".join(DEFAULT_ORDER), help="comma-separated codes"
    )
    parser.add_argument(
        "--edition", default="2026", choices=("2026", "2024"), help="FIDE C.07 edition"
    )
    args = parser.parse_args(argv)
    try:
        standings = standings_from_trf(parse_file(args.trf), args.tiebreaks, edition=args.edition)
    except (OSError, TrfError, ValueError) as exc:
        print(f"{args.trf}: {exc}", file=sys.stderr)
        return 2
    # Only the players list: the shape the reference corpus and its checker use.
    json.dump({"players": standings_to_json(standings)["players"]}, sys.stdout, indent=1)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
