"""The reference games: the engine must reproduce every one exactly, from pit numbers and from
movetext."""
import gzip
import json

import pytest

from games.oware.errors import RecordError
from games.oware.notation import replay_record
from games.oware.replay import replay

from .conftest import CORPUS

FILES = ("abapa", "grand-slam-forbidden", "ouri", "illegal")


def load_cases():
    if not CORPUS.is_dir():
        return [pytest.param(None, marks=pytest.mark.skip(
            reason=f"reference corpus not found at {CORPUS}"))]
    cases = []
    for name in FILES:
        with gzip.open(CORPUS / f"{name}.jsonl.gz", "rt") as fh:
            cases.extend(pytest.param(json.loads(line), id=json.loads(line)["id"])
                         for line in fh if line.strip())
    return cases


CASES = load_cases()


def check_game(case, game):
    want = case["expected"]
    assert game.as_result() == {key: want[key] for key in game.as_result()}
    if "boards" in case:
        assert [game.position(ply).as_list() for ply in range(1, game.plies + 1)] == \
            case["boards"]


@pytest.mark.parametrize("case", CASES)
def test_the_engine_reproduces_the_reference_game_from_pit_numbers(case):
    if "expected_error" in case:
        with pytest.raises(RecordError) as caught:
            replay(case["moves"], case["variant"], case["end"])
        assert {"ply": caught.value.ply, "reason": caught.value.reason} == \
            case["expected_error"]
    else:
        check_game(case, replay(case["moves"], case["variant"], case["end"]))


@pytest.mark.parametrize("case", [c for c in CASES if c.values[0] is None
                                  or "record" in c.values[0]])
def test_the_engine_reproduces_the_reference_game_from_its_record(case):
    if case is None:
        pytest.skip("no corpus")
    check_game(case, replay_record(case["record"], case["variant"], case["end"]))
