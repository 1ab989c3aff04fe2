"""The tie-break registry: one declaration per code, read by the standings, pages and forms."""

from fractions import Fraction

import pytest

from tournaments.tiebreaks import compute_standings, parse_code
from tournaments.tiebreaks.registry import (
    BY_CODE,
    TIEBREAKS,
    Unit,
    describe,
    format_value,
    tiebreak,
)

from .builders import game, section_of


def test_every_code_is_declared_once_with_a_name_and_an_explanation():
    codes = [t.code for t in TIEBREAKS]
    assert len(codes) == len(set(codes))
    assert len({t.key for t in TIEBREAKS}) == len(codes)
    for declared in TIEBREAKS:
        assert declared.name and declared.explanation.endswith(".")
        assert declared.team_only or declared.code == "DE" or declared.compute is not None


def test_codes_are_found_whatever_their_modifier_or_old_name():
    assert tiebreak("bh/c1") is BY_CODE["BH"]
    assert tiebreak("GE") is BY_CODE["REP"]
    assert describe("SB-M1") == ("Sonneborn-Berger", "M1")
    with pytest.raises(KeyError):
        tiebreak("XYZ")


def test_the_modifiers_a_code_takes_come_from_its_declaration():
    assert parse_code("PS-C1").cut_low == 1
    assert parse_code("BH-M1").cut_high == 1
    for refused in ("PS-M1", "WIN-C1", "DE-C1"):
        with pytest.raises(ValueError, match="takes no"):
            parse_code(refused)


def test_values_are_shown_with_the_decimals_of_their_unit():
    assert BY_CODE["SB"].unit is Unit.PRODUCTS and BY_CODE["SB"].decimals == 2
    assert BY_CODE["WIN"].decimals == 0
    assert format_value("SB", Fraction(49, 4)) == "12.25"
    assert format_value("BH", Fraction(9, 2)) == "4.5"
    assert format_value("PTS", Fraction(4)) == "4"
    assert format_value("WIN", 3) == "3"
    assert format_value("PTS", None) == ""


def test_the_standings_compute_each_code_through_the_registry():
    # Round 1: 1 beats 2, 3-4 drawn; round 2: 1-3 drawn (1 as North), 2 beats 4.
    half = Fraction(1, 2)
    players = section_of(
        {
            1: [game(2, 1, "w"), game(3, half, "b")],
            2: [game(1, 0, "b"), game(4, 1, "w")],
            3: [game(4, half, "w"), game(1, half, "w")],
            4: [game(3, half, "b"), game(2, 0, "b")],
        }
    )
    table = compute_standings(players, "PTS,BH,SB,WIN,BPG")
    assert table.rows[0].id == 1
    assert table.row(1).values == {
        "PTS": Fraction(3, 2),
        "BH": 2,
        "SB": Fraction(3, 2),
        "WIN": 1,
        "BPG": 1,
    }
    assert table.row(4).values["BPG"] == 2
