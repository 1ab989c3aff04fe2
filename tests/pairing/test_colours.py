"""Colour (side) preferences, Article 1.7, and side allocation, Article 5."""

from __future__ import annotations

from oware.sides import Side
from tournaments.pairing import pair_request
from tournaments.pairing.colours import colour_state, side_of_higher

from .builders import player, request, round_record


def state(*tokens):
    return colour_state([round_record(t) for t in tokens])


def test_a_player_without_games_has_no_preference():
    assert state().preference is None
    assert state("U", "3w+").preference is None


def test_one_game_gives_a_mild_preference_for_the_other_side():
    s = state("2w1")
    assert (s.preference, s.strength) == (Side.NORTH, "strong")
    s = state("2w1", "3b1")
    assert (s.preference, s.strength) == (Side.SOUTH, "mild")


def test_a_colour_difference_of_one_gives_a_strong_preference():
    s = state("2b1", "3w1", "4b0")
    assert (s.preference, s.strength) == (Side.SOUTH, "strong")


def test_the_same_side_twice_in_a_row_gives_an_absolute_preference():
    s = state("2w1", "3b1", "4b0")
    assert (s.preference, s.strength) == (Side.SOUTH, "absolute")


def test_a_colour_difference_of_two_gives_an_absolute_preference():
    s = state("2w1", "3b1", "4w0", "5b=", "6w=", "7w1")
    assert s.imbalance == 2 and s.absolute and s.preference == Side.NORTH


def test_unplayed_rounds_are_skipped_when_reading_the_side_history():
    # North, forfeit, North: still two North games in a row.
    s = state("2b1", "3w+", "4b1")
    assert (s.preference, s.strength) == (Side.SOUTH, "absolute")


def test_both_preferences_are_granted_when_they_differ():
    assert side_of_higher(state("2w1"), state("3b1"), 0, Side.SOUTH) == Side.NORTH


def test_the_stronger_preference_wins():
    higher = state("2w1", "3b1")  # mild: South
    lower = state("4b1", "5b1")  # absolute: South
    assert side_of_higher(higher, lower, 0, Side.SOUTH) == Side.NORTH


def test_the_stronger_preference_wins_over_a_milder_one():
    higher = state("2w1", "3b1")  # W B -> mild South
    lower = state("4b1", "5w1", "6b1")  # B W B -> strong South (difference -1)
    assert side_of_higher(higher, lower, 0, Side.SOUTH) == Side.NORTH


def test_equal_preferences_alternate_from_the_last_round_with_different_sides():
    higher = state("2b1", "3w1", "4w0", "5b0")  # B W W B: mild South
    lower = state("6w1", "7b1", "8w0", "9b0")  # W B W B: mild South
    # Walking back: B/B, W/W, then W (higher) against B (lower): each takes the other's side.
    assert side_of_higher(higher, lower, 0, Side.SOUTH) == Side.NORTH


def test_same_histories_give_the_higher_ranked_player_their_preference():
    higher = state("2w1", "3b1")
    lower = state("4w1", "5b1")
    assert side_of_higher(higher, lower, 3, Side.SOUTH) == Side.SOUTH


def test_without_any_preference_the_rank_parity_and_initial_colour_decide():
    assert side_of_higher(state(), state(), 0, Side.SOUTH) == Side.SOUTH
    assert side_of_higher(state(), state(), 1, Side.SOUTH) == Side.NORTH
    assert side_of_higher(state(), state(), 0, Side.NORTH) == Side.NORTH


def test_after_a_drawn_first_round_sides_alternate():
    players = [player(1, "3w="), player(2, "4b="), player(3, "1b="), player(4, "2w=")]
    result = pair_request(request(players))
    for board in result.boards:
        assert board.explanation.south_preference_met is not False
        assert board.explanation.north_preference_met is not False
