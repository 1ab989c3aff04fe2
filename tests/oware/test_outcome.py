import pytest

from oware.errors import RecordError
from oware.outcome import (
    ResultEntryError,
    result_from_record,
    result_from_scores,
)
from oware.replay import replay
from oware.rules import timed_out_score
from oware.sides import Side

from .conftest import play_out


def finished_game(variant, ending):
    """Moves of a random game of `variant` that ends with `ending`."""
    for seed in range(2000):
        moves = play_out(variant, seed)
        if replay(moves, variant).ending == ending:
            return moves
    raise AssertionError(f"no {ending} game found")


# --- from a record ----------------------------------------------------------------------------


def test_a_capture_win_scores_both_stores_as_they_are():
    moves = finished_game("abapa", "capture")
    game = replay(moves)
    result = result_from_record("abapa", moves=moves)
    assert result.ending == "capture"
    assert result.game_score == game.stores
    assert result.points == ((1.0, 0.0) if game.stores[0] > 24 else (0.0, 1.0))
    assert result.plies == len(moves)


def test_no_moves_scores_the_stores_after_each_takes_their_row():
    moves = finished_game("abapa", "no_moves")
    result = result_from_record("abapa", moves=moves)
    assert sum(result.game_score) == 48
    assert (
        result.winner
        == {True: Side.SOUTH, False: Side.NORTH}.get(result.game_score[0] > result.game_score[1])
        or result.winner is None
    )


def test_an_agreed_end_is_scored_like_no_moves():
    result = result_from_record("abapa", "1. C f agreed")
    assert (result.ending, result.game_score, result.points) == ("agreed", (27, 21), (1.0, 0.0))


def test_the_flagged_player_with_less_than_24_loses_with_his_store_against_25():
    result = result_from_record("abapa", "1. A c 2. C b+2", ending="time")
    assert (result.game_score, result.points, result.winner) == ((0, 25), (0.0, 1.0), Side.NORTH)


@pytest.mark.parametrize(
    "stores, flagged, score, winner",
    [
        ((10, 20), 0, (10, 25), Side.NORTH),
        ((24, 20), 0, (24, 24), None),
        ((26, 20), 0, (26, 20), Side.SOUTH),
        ((20, 24), 1, (24, 24), None),
    ],
)
def test_the_flagged_players_store_decides_a_time_result(stores, flagged, score, winner):
    assert timed_out_score(stores, flagged) == (score, winner)


def test_the_resigner_scores_his_store_against_25():
    result = result_from_record("abapa", "1. A c 2. C b+2 resign")
    assert (result.game_score, result.points, result.winner) == ((0, 25), (0.0, 1.0), Side.NORTH)


def test_an_unfinished_record_without_a_declared_ending_has_no_result():
    with pytest.raises(RecordError) as caught:
        result_from_record("abapa", "1. A c 2. C b")
    assert (caught.value.ply, caught.value.reason) == (5, "unfinished")


def test_an_entered_score_that_contradicts_the_record_is_rejected_with_the_ply():
    with pytest.raises(RecordError) as caught:
        result_from_record("abapa", "1. C f agreed", declared_score=(24, 24))
    assert (caught.value.ply, caught.value.reason) == (3, "declared_score")


def test_an_illegal_record_is_rejected_with_its_first_illegal_ply():
    with pytest.raises(RecordError) as caught:
        result_from_record("abapa", moves=[0, 0, 0])
    assert (caught.value.ply, caught.value.reason) == (3, "empty_pit")


# --- score only -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "ending, south, north, points",
    [
        ("capture", 25, 17, (1.0, 0.0)),
        ("capture", 3, 40, (0.0, 1.0)),
        ("draw24", 24, 24, (0.5, 0.5)),
        ("no_moves", 24, 24, (0.5, 0.5)),
        ("no_moves", 30, 18, (1.0, 0.0)),
        ("agreed", 20, 28, (0.0, 1.0)),
        ("time", 12, 25, (0.0, 1.0)),
        ("time", 24, 24, (0.5, 0.5)),
        ("time", 27, 15, (1.0, 0.0)),
        ("resign", 25, 9, (1.0, 0.0)),
        ("resign", 24, 25, (0.0, 1.0)),
    ],
)
def test_a_possible_score_only_result_is_accepted_with_its_points(ending, south, north, points):
    result = result_from_scores(ending, south, north, points=points)
    assert result.points == points and result.game_score == (south, north)


def test_forfeits_have_points_but_no_game_score():
    result = result_from_scores("forfeit", winner="N")
    assert (result.points, result.game_score, result.played) == ((0.0, 1.0), None, False)
    assert result_from_scores("forfeit", points=(1, 0)).winner == Side.SOUTH
    assert result_from_scores("double_forfeit").points == (0.0, 0.0)


@pytest.mark.parametrize(
    "entry, code, field",
    [
        (dict(ending="checkmate", south=1, north=1), "unknown_ending", "ending"),
        (dict(ending="capture", south=-1, north=25), "out_of_range", "south"),
        (dict(ending="capture", south=25, north=49), "out_of_range", "north"),
        (dict(ending="capture", south=25, north="x"), "bad_value", "north"),
        (dict(ending="capture", south=30, north=20), "too_many_seeds", "score"),
        (dict(ending="capture", south=24, north=20), "inconsistent_with_ending", "score"),
        (dict(ending="capture", south=25), "missing_score", "north"),
        (dict(ending="draw24", south=24, north=23), "inconsistent_with_ending", "score"),
        (dict(ending="no_moves", south=20, north=20), "inconsistent_with_ending", "score"),
        (dict(ending="agreed", south=30, north=10), "inconsistent_with_ending", "score"),
        (dict(ending="time", south=20, north=23), "inconsistent_with_ending", "score"),
        (dict(ending="time", south=10, north=30, flagged="S"), "inconsistent_with_ending", "score"),
        (dict(ending="resign", south=10, north=26), "inconsistent_with_ending", "score"),
        (dict(ending="capture", south=25, north=10, points=(0, 1)), "points_mismatch", "points"),
        (
            dict(ending="capture", south=25, north=10, winner="N"),
            "inconsistent_with_ending",
            "winner",
        ),
        (dict(ending="forfeit", south=0, north=0), "unexpected_score", "south"),
        (dict(ending="forfeit"), "missing_winner", "winner"),
        (dict(ending="forfeit", points=(0.5, 0.5)), "points_mismatch", "points"),
        (dict(ending="double_forfeit", points=(1, 0)), "points_mismatch", "points"),
        (dict(ending="time", south=24, north=24, flagged="X"), "bad_value", "flagged"),
    ],
)
def test_an_impossible_score_only_result_names_the_code_and_the_field(entry, code, field):
    ending = entry.pop("ending")
    with pytest.raises(ResultEntryError) as caught:
        result_from_scores(ending, **entry)
    assert (caught.value.code, caught.value.field) == (code, field)
    assert caught.value.as_dict()["code"] == code
