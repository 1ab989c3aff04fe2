"""The shared reference corpus: bbpPairings v6 pairings that the engine must reproduce exactly.

Every case runs (about half a minute in all); set ``PAIRING_CORPUS_MAX_PLAYERS``
to skip the cases with more players than that.
"""

from __future__ import annotations

import csv
import os
from pathlib import Path

import pytest

from tournaments import trf
from tournaments.pairing import pair_round

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
CORPUS = SHARED / "corpus" / "dutch"
LIMIT = int(os.environ.get("PAIRING_CORPUS_MAX_PLAYERS", "0"))


def _cases():
    if not (CORPUS / "cases.csv").exists():
        return [pytest.param(None, marks=pytest.mark.skip(reason=f"corpus not found at {CORPUS}"))]
    with open(CORPUS / "cases.csv", newline="") as handle:
        rows = list(csv.DictReader(handle))
    params = []
    for row in rows:
        marks = []
        if LIMIT and int(row["players"]) > LIMIT:
            marks.append(
                pytest.mark.skip(
                    reason=f"{row['players']} players > PAIRING_CORPUS_MAX_PLAYERS={LIMIT}"
                )
            )
        params.append(pytest.param(row["case"], marks=marks, id=row["case"]))
    return params


def _expected(case: str) -> set[tuple[int, int]]:
    lines = (CORPUS / f"{case}.expected").read_text().split()
    numbers = list(map(int, lines[1:]))
    return set(zip(numbers[::2], numbers[1::2], strict=True))


@pytest.mark.parametrize("case", _cases())
def test_it_reproduces_the_reference_pairing(case):
    tournament = trf.parse_file(CORPUS / f"{case}.trf")
    assert set(pair_round(tournament).as_pairs()) == _expected(case)
