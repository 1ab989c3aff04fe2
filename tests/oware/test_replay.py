import pytest

from oware.errors import RecordError
from oware.position import Position
from oware.replay import Repetition, repeated_position, replay
from oware.sides import Side

from .conftest import board


def error_of(moves, variant="abapa", **options):
    with pytest.raises(RecordError) as caught:
        replay(moves, variant, **options)
    return caught.value.ply, caught.value.reason


def test_an_empty_record_is_an_unfinished_game_at_the_opening():
    game = replay([])
    assert (game.plies, game.ending, game.winner, game.stores) == (0, None, None, (0, 0))
    assert game.positions == [Position.start()]


def test_it_returns_every_position_and_who_moved():
    game = replay([2, 5])
    assert game.movers == "SN"
    assert [p.as_list() for p in game.positions[1:]] == [
        [4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4, 4, 0, 0],
        [5, 5, 1, 6, 5, 5, 5, 4, 4, 4, 4, 0, 0, 0],
    ]
    assert game.position(2).to_move == 0


def test_errors_name_the_first_illegal_ply():
    assert error_of([0, 0, 0, 9]) == (3, "empty_pit")


def test_a_move_that_is_not_a_pit_number_is_a_bad_token():
    assert error_of([0, "b"]) == (2, "bad_token")
    assert error_of([0, None]) == (2, "bad_token")


def test_it_reports_a_position_repeated_since_the_last_capture():
    start = board([0, 1, 0, 0, 1, 0], [0, 0, 0, 1, 0, 0], 22, 23)
    game = replay([1, 3, 4, 4, 5, 0, 2, 5, 0, 1, 3, 2], start=start)
    assert game.repetitions == [Repetition(ply=12, first_ply=0)]
    assert game.ending is None


def test_the_position_now_has_occurred_before_only_on_a_cycle():
    start = board([0, 1, 0, 0, 1, 0], [0, 0, 0, 1, 0, 0], 22, 23)
    cycle = [1, 3, 4, 4, 5, 0, 2, 5, 0, 1, 3, 2]
    assert repeated_position(replay(cycle, start=start)) == Repetition(ply=12, first_ply=0)
    # One ply short of the cycle the position stands where it had not stood before.
    assert repeated_position(replay(cycle[:11], start=start)) is None
    # Once round, every further ply repeats the position of the first time round.
    assert repeated_position(replay(cycle + [1], start=start)) == Repetition(13, 1)
    assert repeated_position(replay([])) is None


def test_a_position_before_a_capture_does_not_count_as_repeated_after_it():
    game = replay([2, 5, 3, 0])
    assert game.repetitions == []


def test_an_agreed_end_gives_each_player_the_seeds_on_their_row():
    start = board([0, 1, 0, 0, 1, 0], [0, 0, 0, 1, 0, 0], 22, 23)
    game = replay([1, 3, 4, 4, 5, 0, 2, 5, 0, 1, 3, 2], end="agreed", start=start)
    assert (game.ending, game.stores, game.winner) == ("agreed", (24, 24), None)
    assert game.board == [0, 1, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 22, 23]


def test_a_declared_ending_after_the_game_is_over_is_rejected():
    start = board([1, 1, 0, 0, 0, 0], [0] * 6, 23, 23)
    assert error_of([], end="agreed", start=start) == (1, "game_over")


def test_time_and_resign_keep_the_stores_and_decide_the_winner():
    assert replay([2], end="resign").winner == Side.SOUTH
    assert replay([], end="time").winner == Side.NORTH
    assert replay([], end="time").stores == (0, 0)


def test_an_unknown_declared_ending_is_a_programming_error():
    with pytest.raises(ValueError):
        replay([], end="checkmate")


def test_the_replay_command_result_has_the_corpus_fields():
    result = replay([2, 5]).as_result()
    assert set(result) == {"ending", "stores", "winner", "plies", "movers", "board"}
