"""Command line in the style of bbpPairings / JaVaFo.

``python -m tournaments.pairing --dutch IN.trf -p [OUT]``
    pair the round the file asks for; write the pairing to OUT (stdout if omitted).
``python -m tournaments.pairing --dutch IN.trf --check``
    re-pair every round of a finished tournament and report the first round
    whose pairing differs from the one in the file.

Exit codes (as bbpPairings): 0 ok (for ``--check``: every round agrees),
1 no valid pairing exists (``--check``: a round differs), 2 unexpected
error, 3 invalid input, 5 file access error.
"""

from __future__ import annotations

import argparse
import sys

from oware.sides import Side
from tournaments import trf
from tournaments.history import SectionHistory
from tournaments.outcomes import RoundOutcome
from tournaments.trf.history import history_from_trf

from .engine import format_pairing, pair_request, pair_round
from .errors import InvalidPairingInput, PairingImpossible
from .request import request_from_history

EXIT_OK = 0
EXIT_NO_PAIRING = 1
EXIT_UNEXPECTED = 2
EXIT_INVALID_INPUT = 3
EXIT_FILE_ACCESS = 5


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m tournaments.pairing", description="FIDE Dutch pairing engine"
    )
    parser.add_argument("--dutch", metavar="IN.trf", required=True, help="tournament file (TRF)")
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument(
        "-p", dest="pairing", nargs="?", const="-", metavar="OUT", help="pair the next round"
    )
    action.add_argument("-c", "--check", action="store_true", help="re-pair every played round")
    return parser


def _played_pairs(history: SectionHistory, round_number: int) -> set[tuple[int, int]]:
    """The (south, north) pairs and (bye, 0) of a played round as recorded in the file."""
    pairs = set()
    for player in history.players:
        record = player.record(round_number)
        if record is None:
            continue
        if record.outcome is RoundOutcome.PAIRING_BYE:
            pairs.add((player.number, 0))
        elif record.outcome.has_opponent and record.side is Side.SOUTH:
            pairs.add((player.number, record.opponent))
    return pairs


def _check(tournament: trf.Tournament) -> int:
    history = history_from_trf(tournament)
    # A last column of next-round markers (absences announced for the round to pair) is not a
    # played round: only the completed rounds are re-paired.
    for round_number in range(1, history.rounds_completed + 1):
        ours = set(pair_request(request_from_history(history, round_number)).as_pairs())
        theirs = _played_pairs(history, round_number)
        if ours != theirs:
            print(
                f"round {round_number} differs: file has {sorted(theirs - ours)}, "
                f"the Dutch pairing has {sorted(ours - theirs)}",
                file=sys.stderr,
            )
            return EXIT_NO_PAIRING
    print(f"all {history.rounds_completed} rounds agree with the Dutch pairing")
    return EXIT_OK


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        tournament = trf.parse_file(args.dutch)
    except OSError as exc:
        print(f"error: cannot read {args.dutch}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_FILE_ACCESS
    except trf.TrfError as exc:
        print(f"error: {args.dutch} is not a valid TRF file: {exc}", file=sys.stderr)
        return EXIT_INVALID_INPUT
    try:
        if args.check:
            return _check(tournament)
        text = format_pairing(pair_round(tournament))
    except PairingImpossible as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_NO_PAIRING
    except InvalidPairingInput as exc:
        print(f"error: invalid input: {exc}", file=sys.stderr)
        return EXIT_INVALID_INPUT
    except Exception as exc:  # a defect: say so plainly instead of a bare traceback
        print(f"error: internal error in the pairing engine: {exc!r}", file=sys.stderr)
        return EXIT_UNEXPECTED
    if args.pairing == "-":
        sys.stdout.write(text)
        return EXIT_OK
    try:
        with open(args.pairing, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
    except OSError as exc:
        print(f"error: cannot write {args.pairing}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_FILE_ACCESS
    return EXIT_OK
