"""Command line: rate one period from a list and TRF files, and write the list after it.

``python -m ratings fide --list BEFORE.csv EVENT.trf [EVENT.trf ...]``
``python -m ratings glicko2 --list BEFORE.csv [--tau 0.5] EVENT.trf [EVENT.trf ...]``

All the files form one rating period; the FIDE period's year (for juniors' K) is that of the
latest end date (``052``) among them. The result is CSV on standard output (docs/ratings.md).
Exit codes: 0 done, 2 bad input (the message names the file and the line).
"""

from __future__ import annotations

import argparse
import sys

from . import fide, glicko2
from .errors import RatingError
from .events import read_events
from .lists import read_fide_list, read_glicko2_list, write_fide_results, write_glicko2_list
from .records import period_year

EXIT_OK = 0
EXIT_BAD_INPUT = 2


def _tau(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a number, found {text!r}") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"must be above 0, found {text!r}")
    return value


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m ratings", description="Rate one rating period from TRF files."
    )
    systems = parser.add_subparsers(dest="system", required=True, metavar="SYSTEM")
    for name, help_text in (
        ("fide", "Elo as FIDE rates (FIDE Rating Regulations effective 1 March 2024)"),
        ("glicko2", "Glicko-2 (Glickman, Example of the Glicko-2 system, 2013)"),
    ):
        system = systems.add_parser(name, help=help_text, description=help_text)
        system.add_argument("--list", required=True, metavar="BEFORE.csv", dest="list_path")
        if name == "glicko2":
            system.add_argument("--tau", type=_tau, default=glicko2.DEFAULT_TAU)
        system.add_argument("events", nargs="+", metavar="EVENT.trf")
    return parser


def _fide(args) -> None:
    players = read_fide_list(args.list_path)
    events = read_events(args.events, {p.id for p in players}, args.list_path)
    year = period_year(events)
    if year is None and any(p.birth_year is not None for p in players):
        raise RatingError("no_year", args.events[0])
    write_fide_results(fide.rate_period(players, events, year), sys.stdout)


def _glicko2(args) -> None:
    players = read_glicko2_list(args.list_path)
    events = read_events(args.events, {p.id for p in players}, args.list_path)
    write_glicko2_list(glicko2.rate_period(players, events, args.tau), sys.stdout)


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        (_fide if args.system == "fide" else _glicko2)(args)
    except RatingError as exc:
        print(f"python -m ratings {args.system}: error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    return EXIT_OK
