"""Absolute and quality criteria of the Dutch system on small hand-made brackets."""

from __future__ import annotations

import pytest

from tournaments.pairing import PairingImpossible, pair_request

from .builders import fresh, player, request


def pairs_of(result):
    return {frozenset((b.south, b.north)) for b in result.boards}


def boards_of(result):
    return [(b.south, b.north) for b in result.boards]


def test_round_one_pairs_the_top_half_against_the_bottom_half_with_alternating_sides():
    result = pair_request(request(fresh(6)))
    assert boards_of(result) == [(1, 4), (5, 2), (3, 6)]
    assert result.bye is None


def test_the_initial_colour_decides_round_one_sides():
    result = pair_request(request(fresh(4), initial_colour="b"))
    assert boards_of(result) == [(3, 1), (2, 4)]


def test_an_odd_field_gives_the_bye_to_the_lowest_ranked_player_in_round_one():
    result = pair_request(request(fresh(5)))
    assert result.bye == 5
    assert pairs_of(result) == {frozenset((1, 3)), frozenset((2, 4))}


def test_it_never_pairs_players_who_have_already_met():
    # 1 and 2 won, 3 and 4 lost; the natural 1-2 is a rematch? No: 1 met 3, 2 met 4.
    players = [player(1, "3w1"), player(2, "4b1"), player(3, "1b0"), player(4, "2w0")]
    result = pair_request(request(players))
    assert frozenset((1, 3)) not in pairs_of(result)
    assert frozenset((2, 4)) not in pairs_of(result)
    assert pairs_of(result) == {frozenset((1, 2)), frozenset((3, 4))}


def test_a_forfeited_game_does_not_count_as_a_meeting():
    players = [player(1, "2w+"), player(2, "1b-")]
    result = pair_request(request(players))
    assert pairs_of(result) == {frozenset((1, 2))}


def test_it_never_pairs_a_forbidden_pair():
    result = pair_request(request(fresh(4), forbidden=[(1, 3)]))
    assert frozenset((1, 3)) not in pairs_of(result)
    assert pairs_of(result) == {frozenset((1, 4)), frozenset((2, 3))}


def test_a_forbidden_group_keeps_all_its_members_apart():
    result = pair_request(request(fresh(6), forbidden=[(1, 2, 3)]))
    for a, b in ((1, 2), (1, 3), (2, 3)):
        assert frozenset((a, b)) not in pairs_of(result)


def test_it_never_pairs_two_players_with_the_same_absolute_colour_preference():
    # 1 and 2 both played North twice: both must play South; 3 and 4 played South twice.
    players = [
        player(1, "5b1", "6b1"),
        player(2, "6b1", "5b1"),
        player(3, "7w0", "8w0"),
        player(4, "8w0", "7w0"),
        player(5, "1w0", "2w0"),
        player(6, "2w0", "1w0"),
        player(7, "3b1", "4b1"),
        player(8, "4b1", "3b1"),
    ]
    result = pair_request(request(players, total_rounds=5))
    assert frozenset((1, 2)) not in pairs_of(result)
    # Everybody with an absolute South preference gets South.
    souths = {b.south for b in result.boards}
    assert {1, 2} <= souths


def test_top_scorers_in_the_final_round_may_share_an_absolute_preference():
    # 1 and 2 lead with 2 points and both played North twice (absolute South preference).
    players = [
        player(1, "3b1", "5b1"),
        player(2, "4b1", "6b1"),
        player(3, "1w0", "4b1"),
        player(4, "2w0", "3w0"),
        player(5, "6w=", "1w0"),
        player(6, "5b=", "2w0"),
    ]
    final = pair_request(request(players, total_rounds=3))
    assert frozenset((1, 2)) in pairs_of(final)
    earlier = pair_request(request(players, total_rounds=5))
    assert frozenset((1, 2)) not in pairs_of(earlier)


def test_it_reports_when_no_valid_pairing_exists():
    players = [player(1, "2w1"), player(2, "1b0")]
    with pytest.raises(PairingImpossible, match="^no valid pairing exists: "):
        pair_request(request(players))


def test_a_player_who_already_had_the_bye_does_not_get_it_again():
    players = [player(1, "2w1"), player(2, "1b0"), player(3, "U")]
    result = pair_request(request(players))
    assert result.bye != 3
    assert result.bye == 2


def test_a_forfeit_win_blocks_the_bye():
    # All three present players have 1 point; 3 got it by forfeit and cannot take the bye.
    players = [
        player(1, "4w1"),
        player(2, "5w1"),
        player(3, "6w+"),
        player(4, "1b0", present=False),
        player(5, "2b0", present=False),
        player(6, "3b-", present=False),
    ]
    result = pair_request(request(players))
    assert result.bye == 2
    assert pairs_of(result) == {frozenset((1, 3))}


def test_a_half_point_bye_does_not_block_the_bye():
    players = [
        player(1, "4w1"),
        player(2, "5w1"),
        player(3, "H"),
        player(4, "1b0", present=False),
        player(5, "2b0", present=False),
    ]
    assert pair_request(request(players)).bye == 3


def test_absent_players_are_not_paired():
    players = fresh(5)
    players[1].present = False
    result = pair_request(request(players))
    numbers = {n for b in result.boards for n in (b.south, b.north)}
    assert 2 not in numbers and result.bye != 2
    assert len(result.boards) == 2


def test_the_bye_goes_to_the_lowest_score_that_still_allows_a_complete_pairing():
    # Reference fixture dutch_2025_C5: round 3 of 3, player 4 absent.
    players = [
        player(1, "4w1", "2b1"),
        player(2, "5b1", "1w0"),
        player(3, "6w1", "4b1"),
        player(4, "1b0", "3w0", present=False),
        player(5, "2w0", "6b1"),
        player(6, "3b0", "5w0"),
    ]
    result = pair_request(request(players, total_rounds=3))
    assert boards_of(result) == [(1, 5), (3, 2)]
    assert result.bye == 6


def test_the_bye_goes_to_the_player_who_missed_the_fewest_rounds():
    # Reference fixture dutch_2025_C9: 5 had a zero-point bye in round 1.
    players = [
        player(1, "3w1"),
        player(2, "4b1"),
        player(3, "1b0"),
        player(4, "2w0"),
        player(5, "Z"),
    ]
    result = pair_request(request(players, total_rounds=3))
    assert boards_of(result) == [(2, 1), (3, 5)]
    assert result.bye == 4


def test_a_lone_leader_floats_down_to_an_opponent_whose_colour_fits():
    players = [
        player(1, "4w1", "2b1"),
        player(2, "5b1", "1w0"),
        player(3, "6w1", "5b0"),
        player(4, "1b0", "6w1"),
        player(5, "2w0", "3w1"),
        player(6, "3b0", "4b0"),
    ]
    result = pair_request(request(players))
    # 1 (2 points, must play South) floats into {2, 3, 4, 5}; 2 and 4 were met.
    # 3 comes first in S2 order but also prefers South; 5 must play North (C12 decides).
    assert (1, 5) in boards_of(result)


def test_acceleration_pairs_on_pairing_scores():
    # Eight players, the top four carry one virtual point: round 1 pairs within each half.
    players = [player(n, acceleration=[1] if n <= 4 else [0]) for n in range(1, 9)]
    result = pair_request(request(players))
    assert pairs_of(result) == {
        frozenset((1, 3)),
        frozenset((2, 4)),
        frozenset((5, 7)),
        frozenset((6, 8)),
    }


def test_without_acceleration_the_same_field_pairs_top_half_against_bottom_half():
    result = pair_request(request(fresh(8)))
    assert pairs_of(result) == {
        frozenset((1, 5)),
        frozenset((2, 6)),
        frozenset((3, 7)),
        frozenset((4, 8)),
    }


def test_boards_are_listed_by_score_then_by_rank():
    players = [
        player(1, "3w0"),
        player(2, "4b="),
        player(3, "1b1"),
        player(4, "2w="),
    ]
    result = pair_request(request(players))
    first = result.boards[0]
    assert 3 in (first.south, first.north)


def test_every_board_explains_floats_and_colour_preferences():
    players = [player(1, "3w1"), player(2, "4b1"), player(3, "1b0"), player(4, "2w0")]
    result = pair_request(request(players))
    for board in result.boards:
        e = board.explanation
        assert e is not None
        assert e.south_preference_met in (True, False, None)
        assert "South" in e.text() and "North" in e.text()
