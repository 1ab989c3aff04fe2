"""The reference games: the engine must reproduce every one exactly, from pit numbers and from
movetext."""

import pytest

from oware.errors import RecordError
from oware.notation import replay_record
from oware.replay import replay
from tests.reference_cases import OWARE_FILES, oware_games


def load_cases():
    return [pytest.param(game, id=game["id"]) for name in OWARE_FILES for game in oware_games(name)]


def test_every_reference_game_is_there():
    assert len(CASES) == 800 + 400 + 400 + 146


CASES = load_cases()


def check_game(case, game):
    want = case["expected"]
    assert game.as_result() == {key: want[key] for key in game.as_result()}
    if "boards" in case:
        assert [game.position(ply).as_list() for ply in range(1, game.plies + 1)] == case["boards"]


@pytest.mark.parametrize("case", CASES)
def test_the_engine_reproduces_the_reference_game_from_pit_numbers(case):
    if "expected_error" in case:
        with pytest.raises(RecordError) as caught:
            replay(case["moves"], case["variant"], case["end"])
        assert {"ply": caught.value.ply, "reason": caught.value.reason} == case["expected_error"]
    else:
        check_game(case, replay(case["moves"], case["variant"], case["end"]))


@pytest.mark.parametrize(
    "case", [c for c in CASES if c.values[0] is None or "record" in c.values[0]]
)
def test_the_engine_reproduces_the_reference_game_from_its_record(case):
    if case is None:
        pytest.skip("no corpus")
    check_game(case, replay_record(case["record"], case["variant"], case["end"]))
