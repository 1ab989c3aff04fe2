"""Shared ranks, tied groups, tie-break codes and exact points."""

from decimal import Decimal
from fractions import Fraction as F

import pytest

from tournaments.history import RoundRecord
from tournaments.outcomes import RoundOutcome
from tournaments.tiebreaks import PlayerRounds, compute_standings, parse_code
from tournaments.tiebreaks.ranking import shared_ranks

from .builders import HALF, game, pab, section_of

# 1 beats 2, 3 draws 4; then 1 draws 3, 2 draws 4: scores 1.5, 0.5, 1, 1.  3 and 4 tie on points
# except that 3 met the stronger opponents.
SMALL = section_of(
    {
        1: [game(2, 1, "w"), game(3, HALF, "b")],
        2: [game(1, 0, "b"), game(4, HALF, "w")],
        3: [game(4, HALF, "w"), game(1, HALF, "w")],
        4: [game(3, HALF, "b"), game(2, HALF, "b")],
    }
)


def test_players_equal_on_every_tie_break_share_the_rank_and_the_next_rank_is_skipped():
    standings = compute_standings(SMALL, ["PTS"])
    assert [(row.id, row.rank) for row in standings.rows] == [(1, 1), (3, 2), (4, 2), (2, 4)]
    assert standings.tied_groups == ((3, 4),)


def test_a_shared_place_is_shown_as_a_range():
    standings = compute_standings(SMALL, ["PTS"])
    assert standings.place(3) == "2-3"
    assert standings.place(1) == "1"


def test_a_later_tie_break_separates_only_the_players_still_tied():
    standings = compute_standings(SMALL, ["PTS", "BH"])
    assert [(row.id, row.rank) for row in standings.rows] == [(1, 1), (3, 2), (4, 3), (2, 4)]
    assert standings.tied_groups == ()


def test_values_are_reported_under_the_codes_as_requested():
    row = compute_standings(SMALL, "pts, bh/c1").rows[0]
    assert set(row.values) == {"PTS", "BH/C1"}
    assert row["bh/c1"] == row.values["BH/C1"]


def test_shared_ranks_count_the_players_ahead():
    assert shared_ranks([[0], [1, 2], [3]]) == {0: 1, 1: 2, 2: 2, 3: 4}


@pytest.mark.parametrize(
    "text, name, low, high",
    [
        ("BH", "BH", 0, 0),
        ("BH-C1", "BH", 1, 0),
        ("bh/c2", "BH", 2, 0),
        ("BH/M1", "BH", 1, 1),
        ("SB-C1", "SB", 1, 0),
        ("PS/C1", "PS", 1, 0),
        ("GE", "REP", 0, 0),
        ("DE", "DE", 0, 0),
    ],
)
def test_tie_break_codes_accept_both_separators(text, name, low, high):
    code = parse_code(text)
    assert (code.name, code.cut_low, code.cut_high) == (name, low, high)


@pytest.mark.parametrize("text", ["XYZ", "DE-C1", "PS-M1", "BH-Q1", ""])
def test_unknown_codes_and_modifiers_are_refused(text):
    with pytest.raises(ValueError):
        parse_code(text)


def test_a_code_listed_twice_is_refused():
    with pytest.raises(ValueError, match="twice"):
        compute_standings(SMALL, ["PTS", "BH", "BH"])


def test_points_may_be_given_as_decimal_float_string_or_fraction():
    records = [
        PlayerRounds(
            1, [RoundRecord.game(2, Decimal("0.5")), RoundRecord.bye(RoundOutcome.PAIRING_BYE, "1")]
        ),
        PlayerRounds(2, [RoundRecord.game(1, 0.5), RoundRecord.game(3, F(1))]),
        PlayerRounds(
            3, [RoundRecord.bye(RoundOutcome.HALF_POINT_BYE, HALF), RoundRecord.game(2, 0)]
        ),
    ]
    standings = compute_standings(records, ["PTS", "SB"])
    assert standings.row(1)["PTS"] == F(3, 2)
    assert isinstance(standings.row(1)["SB"], F)


def test_scoring_with_three_points_for_a_win_is_exact():
    from tournaments.outcomes import Scoring

    records = section_of(
        {1: [game(2, 3)], 2: [game(1, 0)], 3: [RoundRecord.bye(RoundOutcome.HALF_POINT_BYE, 1)]}
    )
    standings = compute_standings(records, ["PTS", "WIN"], scoring=Scoring(win=3, draw=1))
    assert [(row.id, row["PTS"], row["WIN"]) for row in standings.rows] == [
        (1, 3, 1),
        (3, 1, 0),
        (2, 0, 0),
    ]


def test_a_game_without_opponent_is_refused():
    with pytest.raises(ValueError):
        RoundRecord(RoundOutcome.GAME, 1)


def test_an_opponent_who_does_not_list_the_game_back_is_refused():
    with pytest.raises(ValueError, match="does not list"):
        compute_standings(section_of({1: [game(2, 1)], 2: [pab()]}), ["PTS"])


def test_records_shorter_than_the_section_count_missing_rounds_as_absences():
    records = section_of({1: [game(2, 1), pab()], 2: [game(1, 0)]})
    standings = compute_standings(records, ["PTS", "REP"])
    assert standings.row(2)["REP"] == 1
