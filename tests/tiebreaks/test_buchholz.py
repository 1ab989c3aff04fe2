"""Buchholz and Sonneborn-Berger on hand-made sections, with the 2026 unplayed-round rules."""

from fractions import Fraction as F

from tournaments.tiebreaks import compute_standings

from .builders import HALF, forfeit_loss, forfeit_win, game, half_bye, pab, section_of, zero_bye


def value(records, code, player, edition="2026"):
    return compute_standings(records, [code], edition=edition).row(player)[code]


# Round 1: 1 wins by forfeit against 2, 3 beats 4.  Round 2: 1 draws 3, 4 beats 2.
# Scores: 1 -> 1.5, 2 -> 0, 3 -> 1.5, 4 -> 1.
FORFEIT = section_of(
    {
        1: [forfeit_win(2), game(3, HALF)],
        2: [forfeit_loss(1), game(4, 0)],
        3: [game(4, 1), game(1, HALF)],
        4: [game(3, 0), game(2, 1)],
    }
)


def test_buchholz_counts_a_forfeit_win_against_a_dummy_with_the_players_own_score_in_2024():
    assert value(FORFEIT, "BH", 1, "2024") == F(3)


def test_buchholz_caps_the_forfeit_dummy_at_the_absent_opponents_score_in_2026():
    assert value(FORFEIT, "BH", 1, "2026") == F(3, 2)


def test_buchholz_of_a_forfeit_loser_uses_the_dummy_for_the_forfeited_round():
    assert value(FORFEIT, "BH", 2, "2024") == 1
    assert value(FORFEIT, "BH", 2, "2026") == 1


def test_opponents_see_a_forfeit_loss_at_face_value():
    # 4 met 3 (1.5) and 2 (0): 2's forfeit loss is not turned into a draw.
    assert value(FORFEIT, "BH", 4) == F(3, 2)


# Round 1: 1 beats 2, 3 draws 4.  Round 2: 1 draws 3, 2 beats 4.
# Round 3: 3 beats 2, 1 gets the pairing-allocated bye, 4 has withdrawn (zero-point bye).
WITHDRAWAL = section_of(
    {
        1: [game(2, 1), game(3, HALF), pab()],
        2: [game(1, 0), game(4, 1), game(3, 0)],
        3: [game(4, HALF), game(1, HALF), game(2, 1)],
        4: [game(3, HALF), game(2, 0), zero_bye()],
    }
)


def test_a_withdrawn_players_remaining_rounds_count_as_draws_for_opponents():
    # adj(4) = 0.5 + 0 + 0.5 (draw) = 1.0, so BH(3) = 1.0 + 2.5 + 1.0
    assert value(WITHDRAWAL, "BH", 3) == F(9, 2)
    assert value(WITHDRAWAL, "BH", 2) == F(11, 2)


def test_the_withdrawn_player_keeps_their_real_score_in_the_points_column():
    assert value(WITHDRAWAL, "PTS", 4) == HALF


def test_a_pairing_bye_dummy_is_capped_at_draw_points_times_rounds_in_2026():
    # 1: adj(2) 1 + adj(3) 2 + dummy min(2.5, 1.5)
    assert value(WITHDRAWAL, "BH", 1, "2026") == F(9, 2)
    assert value(WITHDRAWAL, "BH", 1, "2024") == F(11, 2)


def test_a_requested_bye_followed_by_a_game_stays_at_face_value_for_opponents():
    records = section_of(
        {
            1: [game(2, 1), game(4, 0)],
            2: [game(1, 0), game(3, HALF)],
            3: [pab(), game(2, HALF)],
            4: [zero_bye(), game(1, 1)],
        }
    )
    # adj(4) = 0 + 1 (the round-1 absence is 16.2.3, not a draw): BH(1) = 0.5 + 1
    assert value(records, "BH", 1) == F(3, 2)


# Round 1: 1 takes a half-point bye, 3 beats 2, 4 gets the PAB.
# Round 2: 1 beats 2, 3 beats 4.  Round 3: 1 beats 3, 4 beats 2.
# Scores: 1 -> 2.5, 2 -> 0, 3 -> 2, 4 -> 2.  1's bye dummy (2026) = min(2.5, 1.5) = 1.5.
VOLUNTARY = section_of(
    {
        1: [half_bye(), game(2, 1), game(3, 1)],
        2: [game(3, 0), game(1, 0), game(4, 0)],
        3: [game(2, 1), game(4, 1), game(1, 0)],
        4: [pab(), game(3, 0), game(2, 1)],
    }
)


def test_buchholz_cut_1_removes_the_voluntary_unplayed_round_rather_than_the_lowest_opponent():
    assert value(VOLUNTARY, "BH", 1) == F(7, 2)
    assert value(VOLUNTARY, "BH-C1", 1) == 2


def test_buchholz_cut_1_without_voluntary_unplayed_rounds_removes_the_lowest_opponent():
    # 3 met 2 (0), 4 (2), 1 (2.5): drop the 0.
    assert value(VOLUNTARY, "BH-C1", 3) == F(9, 2)


def test_buchholz_cut_2_removes_two_values_and_median_1_the_lowest_and_highest():
    assert value(VOLUNTARY, "BH-C2", 3) == F(5, 2)
    assert value(VOLUNTARY, "BH-M1", 3) == 2
    assert value(VOLUNTARY, "BH/C1", 3) == F(9, 2)


def test_sonneborn_berger_multiplies_each_opponents_score_by_the_points_scored_against_them():
    # 1: 1.5 x 0.5 (dummy) + 0 x 1 + 2 x 1
    assert value(VOLUNTARY, "SB", 1) == F(11, 4)
    # 3: 0 x 1 + 2 x 1 + 2.5 x 0
    assert value(VOLUNTARY, "SB", 3) == 2


def test_sonneborn_berger_cut_1_cuts_the_higher_of_the_lowest_opponent_and_the_lowest_vur():
    # least significant: vs 2 (score 0) -> 0; lowest VUR contribution 0.75 -> cut 0.75
    assert value(VOLUNTARY, "SB-C1", 1) == 2


def test_sonneborn_berger_cut_1_drops_the_lowest_scoring_opponent_not_the_smallest_product():
    # 1 beat 2 (final score 1): 1 x 1; lost to 3 (final score 2): 2 x 0.
    records = section_of(
        {
            1: [game(2, 1), game(3, 0)],
            2: [game(1, 0), pab()],
            3: [pab(), game(1, 1)],
        }
    )
    assert value(records, "SB", 1) == 1
    assert value(records, "SB-C1", 1) == 0


def test_fore_buchholz_scores_the_final_round_games_as_draws():
    # Final round drawn: 1 -> 2.0, 3 -> 2.5, 2 -> 0.5, 4 -> 1.5.
    # FB(3) = adj(2) 0.5 + adj(4) 1.5 + adj(1) 2.0
    assert value(VOLUNTARY, "FB", 3) == 4


def test_average_of_opponents_buchholz_uses_only_games_played():
    standings = compute_standings(VOLUNTARY, ["BH", "AOB"])
    bh = {row.id: row["BH"] for row in standings.rows}
    assert standings.row(1)["AOB"] == (bh[2] + bh[3]) / 2
