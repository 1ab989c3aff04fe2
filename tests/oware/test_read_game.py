"""`oware.read_game`: the text of a game — a record in the notation or an .ogn file — read once
into the replay, the tags, the clock readings and the result."""

import dataclasses
import re
from pathlib import Path

import pytest

import oware
from oware.game import MOVES, NOTATION, OGN
from oware.notation import replay_record
from oware.ogn import read_ogn, write_ogn
from tests.oware.test_package import bare

from .conftest import play_out

README = Path(__file__).resolve().parents[2] / "README.md"


def cycling_moves() -> list[int]:
    """The moves of a game that stops on a repeated position (random play)."""
    for seed in range(300):
        moves = play_out("abapa", seed)
        if oware.replay(moves).ending is None:
            return moves
    pytest.fail("no cycling game found")


def test_the_readme_snippet_runs_on_a_bare_interpreter():
    section = README.read_text().split("### The Oware engine, on its own", 1)[1]
    snippet = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    assert "read_game" in snippet
    run = bare(snippet + "\nprint(game.position.to_move, game.result, dict(game.tags))\n")
    assert run.stdout.split("\n")[-2] == "0 None {'Variant': 'abapa'}"


def test_a_record_is_read_with_its_tags_clocks_and_replay():
    text = '[Variant "abapa"]\n[South "Ama"]\n\n1. C {04:50} d {04:40} 2. E b {04:30}'
    game = oware.read_game(text)
    assert game.kind == NOTATION
    assert dict(game.tags) == {"Variant": "abapa", "South": "Ama"}
    assert game.clocks == (290, 280, None, 270)
    assert game.replay.moves == replay_record(text).moves == game.moves
    assert game.position == game.replay.position(4)
    assert game.result is None


def test_a_finished_game_has_its_result_computed_once():
    game = oware.read_game("1. C f agreed")
    assert game.result == oware.result_of_replay(game.replay)
    assert game.result.ending == "agreed" and game.outcome() is game.result


def test_an_unfinished_game_says_so_when_its_outcome_is_asked():
    with pytest.raises(oware.RecordError) as error:
        oware.read_game("1. C d").outcome()
    assert (error.value.ply, error.value.reason) == (3, "unfinished")


def test_the_read_game_cannot_be_changed():
    game = oware.read_game("1. C d")
    with pytest.raises(dataclasses.FrozenInstanceError):
        game.tags = {}
    with pytest.raises(TypeError):
        game.tags["South"] = "Ama"
    assert isinstance(game.clocks, tuple)


def test_the_variant_is_the_given_one_else_the_tag():
    assert oware.read_game('[Variant "Ouri"]\n1. A').variant.name == "ouri"
    assert oware.read_game('[Variant "Ouri"]\n1. A', "abapa").variant.name == "abapa"
    assert oware.read_game("1. A").variant.name == "abapa"


def test_a_declared_ending_and_the_resigner_are_applied():
    game = oware.read_game("1. C d", "abapa", end="resign", resigner=oware.Side.NORTH)
    assert (game.replay.ending, game.replay.resigner, game.result.winner) == (
        "resign",
        oware.Side.NORTH,
        oware.Side.SOUTH,
    )


def test_an_ogn_file_is_read_when_the_notation_cannot_read_it():
    text = write_ogn(oware.replay(cycling_moves(), "abapa", "agreed"), {"South": "Ama"})
    with pytest.raises(oware.RecordError):
        replay_record(text)  # the repeated position alone ends it: only the .ogn reader knows
    game = oware.read_game(text)
    assert game.kind == OGN
    assert game.replay.ending == "agreed" and game.tags["South"] == "Ama"
    assert game.replay.moves == read_ogn(text).game.moves


def test_the_form_may_be_named():
    text = "1. C d"
    assert oware.read_game(text, ogn=True).kind == OGN
    assert oware.read_game(text, ogn=False).kind == NOTATION


def test_a_text_neither_reads_is_refused_with_the_notations_reason():
    with pytest.raises(oware.RecordError) as error:
        oware.read_game("1. C C")
    assert (error.value.ply, error.value.reason) == (2, "no_such_pit")
    with pytest.raises(oware.RecordError) as error:
        oware.read_game("1. C zz")
    assert (error.value.ply, error.value.reason) == (2, "bad_token")


def test_an_ogn_read_reports_its_own_reason_when_asked_for_ogn_alone():
    with pytest.raises(oware.RecordError) as error:
        oware.read_game('[Variant "Oware Abapa"]\n[FEN "x"]\n\n1. A\n', ogn=True)
    assert error.value.message_code == "set_up_position"


def test_moves_are_read_with_their_clocks_padded_to_the_plies():
    game = oware.read_moves([2, 3, 4], "abapa", clocks=[290])
    assert game.kind == MOVES
    assert game.clocks == (290, None, None) and dict(game.tags) == {}
    assert game.replay.moves == [2, 3, 4]


def test_with_ending_ends_a_game_as_a_replay_with_the_ending_would():
    moves = cycling_moves()
    played = oware.replay(moves, "abapa")
    ended = oware.with_ending(played, "agreed")
    again = oware.replay(moves, "abapa", "agreed")
    assert (ended.ending, ended.stores, ended.winner) == (again.ending, again.stores, again.winner)
    with pytest.raises(oware.RecordError):
        oware.with_ending(again, "time")
