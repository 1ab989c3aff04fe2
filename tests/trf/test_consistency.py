"""Import checks: opponents agree, colours are opposite, points add up."""

import pytest

from tests.reference_cases import trf_texts
from tournaments.trf import consistency_problems, parse

CORPUS_FILES = [pytest.param(text, id=name) for name, text in trf_texts()]

BASE = " " * 81


def line(tpn, points, *blocks):
    return f"001 {tpn:>4}" + " " * 72 + f"{points:>4}     " + "".join(blocks)


def test_a_consistent_round_has_no_problems():
    t = parse(line(1, "1.0", "     2 w 1") + "\n" + line(2, "0.0", "     1 b 0"))
    assert consistency_problems(t) == []


def test_an_opponent_who_does_not_list_the_player_back_is_reported():
    t = parse(line(1, "1.0", "     2 w 1") + "\n" + line(2, "1.0", "  0000 - U"))
    assert any("does not list 1" in p for p in consistency_problems(t))


def test_results_that_do_not_mirror_each_other_are_reported():
    t = parse(line(1, "1.0", "     2 w 1") + "\n" + line(2, "0.5", "     1 b ="))
    assert any("disagree" in p for p in consistency_problems(t))


def test_a_double_forfeit_is_consistent():
    t = parse(line(1, "0.0", "     2 w -") + "\n" + line(2, "0.0", "     1 b -"))
    assert consistency_problems(t) == []


def test_same_colour_for_both_players_is_reported():
    t = parse(line(1, "1.0", "     2 w 1") + "\n" + line(2, "0.0", "     1 w 0"))
    assert any("opposite colours" in p for p in consistency_problems(t))


def test_points_that_do_not_add_up_are_reported():
    t = parse(line(1, "0.5", "     2 w 1") + "\n" + line(2, "0.0", "     1 b 0"))
    assert consistency_problems(t) == ["player 1: points 0.5 but the rounds add up to 1"]


def test_an_announced_absence_is_not_counted_in_the_points_before_the_round():
    t = parse(line(1, "1.0", "     2 w 1", "  0000 - H") + "\n" + line(2, "0.0", "     1 b 0"))
    assert consistency_problems(t) == []


@pytest.mark.parametrize("text", CORPUS_FILES)
def test_corpus_files_are_consistent(text):
    assert consistency_problems(parse(text)) == []
