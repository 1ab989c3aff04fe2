import pytest

from oware.errors import RecordError
from oware.position import NORTH, SOUTH
from oware.replay import replay
from oware.rules import legal_moves, play
from oware.sides import Side

from .conftest import board


def reason_of(position, move, variant="abapa"):
    with pytest.raises(RecordError) as caught:
        play(position, move, variant)
    return caught.value.reason


# --- captures ---------------------------------------------------------------------------------


def test_it_captures_a_pit_left_with_two_or_three_and_the_chain_before_it():
    position = board([0, 0, 0, 0, 0, 2], [1, 2, 0, 0, 0, 5], 19, 19)
    after = play(position, 5)
    assert after.pits == (0,) * 11 + (5,)
    assert after.stores == (24, 19)
    assert after.to_move == NORTH


def test_the_capture_chain_stops_at_a_pit_that_does_not_hold_two_or_three():
    position = board([0, 0, 0, 0, 0, 2], [4, 2, 0, 0, 0, 5])
    after = play(position, 5)
    assert after.row(NORTH) == (5, 0, 0, 0, 0, 5)
    assert after.stores[SOUTH] == position.stores[SOUTH] + 3


def test_it_captures_nothing_when_the_last_seed_makes_four():
    position = board([0, 0, 0, 0, 0, 1], [3, 2, 0, 0, 0, 5])
    assert play(position, 5).stores == position.stores


def test_it_never_captures_on_the_movers_own_row():
    position = board([0, 1, 1, 0, 0, 0], [0, 0, 0, 0, 0, 5])
    assert play(position, 1).stores == position.stores


def test_north_captures_on_souths_row():
    position = board([1, 1, 4, 0, 0, 0], [0, 0, 0, 0, 0, 2], to_move=NORTH)
    after = play(position, 5)
    assert after.row(SOUTH) == (0, 0, 4, 0, 0, 0)
    assert after.stores[NORTH] == position.stores[NORTH] + 4


# --- illegal moves ------------------------------------------------------------------------------


def test_it_rejects_a_move_from_an_empty_pit():
    assert reason_of(board([0, 4, 0, 0, 0, 0], [4, 0, 0, 0, 0, 0]), 0) == "empty_pit"


@pytest.mark.parametrize("move", [6, -1, 11])
def test_it_rejects_a_pit_number_outside_the_movers_row(move):
    assert reason_of(board([4] * 6, [4] * 6), move) == "no_such_pit"


def test_it_rejects_a_move_that_leaves_an_empty_opponent_without_seeds():
    position = board([1, 0, 0, 0, 0, 3], [0] * 6)
    assert reason_of(position, 0) == "must_feed"
    assert legal_moves(position) == [5]


def test_the_singleton_rule_applies_only_in_ouri():
    position = board([1, 3, 0, 0, 0, 0], [4, 0, 0, 0, 0, 0])
    assert reason_of(position, 0, "ouri") == "singleton"
    assert play(position, 0, "abapa").pits[1] == 4
    assert play(position, 0, "grand-slam-forbidden").pits[1] == 4


def test_a_singleton_that_also_starves_the_opponent_is_reported_as_a_singleton():
    position = board([1, 0, 0, 0, 0, 3], [0] * 6)
    assert reason_of(position, 0, "ouri") == "singleton"
    assert reason_of(position, 0, "abapa") == "must_feed"


def test_in_ouri_a_single_seed_may_be_played_when_no_pit_holds_more():
    position = board([1, 1, 0, 0, 0, 0], [4, 0, 0, 0, 0, 0])
    assert legal_moves(position, "ouri") == [0, 1]


def test_in_ouri_a_single_seed_that_would_feed_is_still_refused_when_a_pit_holds_more():
    # The only feeding move is a singleton: the mover has no legal move and the game is over.
    position = board([2, 0, 0, 0, 0, 1], [0] * 6)
    assert legal_moves(position, "ouri") == []
    assert legal_moves(position, "abapa") == [5]


# --- grand slam ---------------------------------------------------------------------------------

GRAND_SLAM = board([1, 0, 0, 0, 0, 2], [1, 2, 0, 0, 0, 0], 18, 24)


def test_in_abapa_a_grand_slam_sows_and_captures_nothing():
    after = play(GRAND_SLAM, 5, "abapa")
    assert after.row(NORTH) == (2, 3, 0, 0, 0, 0)
    assert after.stores == (18, 24)
    assert after.to_move == NORTH


def test_a_grand_slam_is_illegal_in_grand_slam_forbidden():
    assert reason_of(GRAND_SLAM, 5, "grand-slam-forbidden") == "grand_slam"
    assert legal_moves(GRAND_SLAM, "grand-slam-forbidden") == [0]


def test_in_ouri_a_grand_slam_captures_everything_and_the_same_player_moves_again():
    after = play(GRAND_SLAM.__class__(GRAND_SLAM.pits, GRAND_SLAM.stores, SOUTH), 5, "ouri")
    assert after.row(NORTH) == (0,) * 6
    assert after.stores == (23, 24)
    assert after.to_move == SOUTH


def test_in_ouri_the_player_who_cannot_be_fed_takes_the_seeds_left():
    game = replay([5], "ouri", start=GRAND_SLAM)
    assert game.movers == "S"
    assert game.ending == "no_moves"
    assert game.stores == (23, 25)
    assert game.winner == Side.NORTH


FEEDING_GRAND_SLAM = board([0, 0, 0, 0, 0, 17], [0] * 6, 8, 23)


def test_a_feeding_grand_slam_sows_only_in_abapa():
    after = play(FEEDING_GRAND_SLAM, 5, "abapa")
    assert after.row(NORTH) == (2,) * 6 and after.stores == (8, 23)


def test_a_feeding_grand_slam_is_illegal_in_grand_slam_forbidden_which_ends_the_game():
    assert legal_moves(FEEDING_GRAND_SLAM, "grand-slam-forbidden") == []
    game = replay([], "grand-slam-forbidden", start=FEEDING_GRAND_SLAM)
    assert game.ending == "no_moves" and game.stores == (25, 23)


def test_a_feeding_grand_slam_in_ouri_captures_and_the_mover_must_then_feed():
    game = replay([5], "ouri", start=FEEDING_GRAND_SLAM)
    assert game.board == [1, 1, 1, 1, 1, 0] + [0] * 6 + [20, 23]
    assert game.ending == "no_moves"
    assert game.stores == (20, 28)


# --- end of the game ------------------------------------------------------------------------


def test_a_store_passing_24_ends_the_game_and_a_further_move_is_game_over():
    start = board([0, 0, 0, 0, 0, 2], [1, 2, 0, 0, 0, 5], 21, 17)
    game = replay([5], "abapa", start=start)
    assert (game.ending, game.stores, game.winner) == ("capture", (26, 17), Side.SOUTH)
    with pytest.raises(RecordError) as caught:
        replay([5, 5], "abapa", start=start)
    assert (caught.value.ply, caught.value.reason) == (2, "game_over")


def test_both_stores_reaching_24_is_a_draw():
    game = replay([5], "ouri", start=board([0, 0, 0, 0, 0, 1], [1, 0, 0, 0, 0, 0], 22, 24))
    assert (game.ending, game.stores, game.winner) == ("draw24", (24, 24), None)


def test_when_the_mover_cannot_feed_each_player_takes_their_own_row_in_abapa():
    start = board([1, 1, 0, 0, 0, 0], [0] * 6, 23, 23)
    game = replay([], "abapa", start=start)
    assert (game.ending, game.stores, game.winner) == ("no_moves", (25, 23), Side.SOUTH)
    with pytest.raises(RecordError) as caught:
        replay([0], "abapa", start=start)
    assert caught.value.reason == "game_over"


def test_when_the_mover_cannot_feed_in_ouri_the_unfed_player_takes_everything():
    game = replay([], "ouri", start=board([1, 1, 0, 0, 0, 0], [0] * 6, 23, 23))
    assert (game.ending, game.stores, game.winner) == ("no_moves", (23, 25), Side.NORTH)


def test_a_game_that_has_ended_has_no_legal_moves():
    assert legal_moves(board([0, 0, 0, 0, 0, 2], [1, 2, 0, 0, 0, 5], 26, 12)) == []
    assert reason_of(board([0, 0, 0, 0, 0, 2], [1, 2, 0, 0, 0, 5], 26, 12), 5) == "game_over"
