"""The reference cases (tests/data/dutch.jsonl.gz): bbpPairings v6 pairings to reproduce exactly.

Every case runs (about half a minute in all); set ``PAIRING_CORPUS_MAX_PLAYERS``
to skip the cases with more players than that.
"""

from __future__ import annotations

import os

import pytest

from tests.reference_cases import dutch_cases
from tournaments import trf
from tournaments.pairing import pair_round

LIMIT = int(os.environ.get("PAIRING_CORPUS_MAX_PLAYERS", "0"))


def _cases():
    params = []
    for case in dutch_cases():
        marks = []
        if LIMIT and case["players"] > LIMIT:
            reason = f"{case['players']} players > PAIRING_CORPUS_MAX_PLAYERS={LIMIT}"
            marks.append(pytest.mark.skip(reason=reason))
        params.append(pytest.param(case, marks=marks, id=case["case"]))
    return params


def _expected(text: str) -> set[tuple[int, int]]:
    numbers = list(map(int, text.split()[1:]))
    return set(zip(numbers[::2], numbers[1::2], strict=True))


def test_every_reference_case_is_there():
    assert len(dutch_cases()) == 169


@pytest.mark.parametrize("case", _cases())
def test_it_reproduces_the_reference_pairing(case):
    tournament = trf.parse(case["trf"])
    assert set(pair_round(tournament).as_pairs()) == _expected(case["expected"])
