"""Team standings (competition.md) checked against hand calculation."""

from fractions import Fraction as F

import pytest

from tournaments.tiebreaks.teams import TeamGame, team_standings, team_standings_by_section

HALF = F(1, 2)

# Two sections, two rounds, three teams (A, B, C) with one man (m*) and one woman (w*) each.
GAMES = [
    # men, round 1: mA beat mB (mB had 20 seeds), mC bye-less draw against ... mC drew nobody: PAB
    TeamGame("men", "A", "mA", 1, 1, seeds=30),
    TeamGame("men", "B", "mB", 1, 0, seeds=20, lost=True),
    TeamGame("men", "C", "mC", 1, 1),
    # men, round 2: mC beat mA (mA had 18), mB PAB
    TeamGame("men", "C", "mC", 2, 1, seeds=25),
    TeamGame("men", "A", "mA", 2, 0, seeds=18, lost=True),
    TeamGame("men", "B", "mB", 2, 1),
    # women, round 1: wA drew wC, wB PAB
    TeamGame("women", "A", "wA", 1, HALF, seeds=24),
    TeamGame("women", "C", "wC", 1, HALF, seeds=24),
    TeamGame("women", "B", "wB", 1, 1),
    # women, round 2: wB beat wC (wC had 10), wA half-point bye
    TeamGame("women", "B", "wB", 2, 1, seeds=27),
    TeamGame("women", "C", "wC", 2, 0, seeds=10, lost=True),
    TeamGame("women", "A", "wA", 2, HALF),
]

INDIVIDUAL = {
    "mA": {"BH": 3, "SB": 2},
    "mB": {"BH": 2, "SB": 1},
    "mC": {"BH": 4, "SB": 3},
    "wA": {"BH": F(5, 2), "SB": 1},
    "wB": {"BH": 1, "SB": 1},
    "wC": {"BH": 2, "SB": F(1, 2)},
}


def test_combined_team_points_add_every_section_round_by_round():
    table = team_standings(GAMES, INDIVIDUAL)
    assert {row.team: row.round_points for row in table.rows} == {
        "A": (F(3, 2), HALF),
        "B": (1, 2),
        "C": (F(3, 2), 1),
    }
    assert {row.team: row.values["TP"] for row in table.rows} == {"A": 2, "B": 3, "C": F(5, 2)}


def test_combined_table_order_and_tie_break_values():
    table = team_standings(GAMES, INDIVIDUAL)
    assert [(row.team, row.rank) for row in table.rows] == [("B", 1), ("C", 2), ("A", 3)]
    assert table.row("A").values == {"TP": 2, "LGS": 18, "PS": F(7, 2), "BH": F(11, 2), "SB": 3}
    assert table.row("B").values == {"TP": 3, "LGS": 20, "PS": 4, "BH": 3, "SB": 2}
    assert table.row("C").values == {"TP": F(5, 2), "LGS": 10, "PS": 4, "BH": 6, "SB": F(7, 2)}


def test_seeds_from_lost_games_break_a_tie_on_team_points_higher_first():
    # Men only: A 1 point (lost with 18 seeds), B 1 point (lost with 20), C 2 points.
    table = team_standings(GAMES, INDIVIDUAL, sections={"men"})
    assert [(row.team, row.values["TP"], row.values["LGS"]) for row in table.rows] == [
        ("C", 2, 0),
        ("B", 1, 20),
        ("A", 1, 18),
    ]


def test_each_section_has_its_own_team_table():
    tables = team_standings_by_section(GAMES, INDIVIDUAL)
    assert set(tables) == {"men", "women"}
    women = tables["women"]
    assert [(row.team, row.values["TP"]) for row in women.rows] == [("B", 2), ("A", 1), ("C", HALF)]


def test_teams_equal_on_every_tie_break_share_the_rank():
    games = [
        TeamGame("s", "X", "x", 1, HALF),
        TeamGame("s", "Y", "y", 1, HALF),
        TeamGame("s", "Z", "z", 1, 0),
    ]
    table = team_standings(games, order=["TP", "LGS", "PS"])
    assert [(row.team, row.rank) for row in table.rows] == [("X", 1), ("Y", 1), ("Z", 3)]
    assert table.tied_groups == (("X", "Y"),)


def test_the_order_of_team_tie_breaks_is_configurable():
    table = team_standings(GAMES, INDIVIDUAL, order=["SB", "TP"])
    assert [row.team for row in table.rows] == ["C", "A", "B"]


def test_individual_values_are_required_for_buchholz_and_berger():
    with pytest.raises(ValueError, match="individual"):
        team_standings(GAMES)
