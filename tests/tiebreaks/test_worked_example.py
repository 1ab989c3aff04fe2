"""The worked example of tiebreaks.md section 5 ("Accra Oware Open 2026"), every table value."""

# ruff: noqa: E501  (the TRF lines are fixed-width data)

from fractions import Fraction as F

import pytest

from tournaments.outcomes import Scoring
from tournaments.tiebreaks import compute_standings, records_from_trf, standings_from_trf
from tournaments.tiebreaks.direct_encounter import direct_encounter
from tournaments.tiebreaks.section import Section
from tournaments.tiebreaks.unplayed import adjusted_scores, contributions
from tournaments.trf import parse

ACCRA_TRF = (
    "\r".join(
        [
            "012 Accra Oware Open 2026",
            "022 Accra",
            "032 GHA",
            "042 2026/03/14",
            "052 2026/03/15",
            "062 6",
            "072 6",
            "092 Individual Swiss, FIDE (Dutch) System 2026, South = White",
            "102 Jane Doe",
            "112 John Roe",
            "122 20 minutes + 5 seconds per move",
            "132                                                                                        26/03/14  26/03/14  26/03/15",
            "142 3",
            "152 W",
            "192 FIDE_DUTCH_2026",
            "202 DE,BH/C1,BH,SB",
            "222 1200+5",
            "### SSSS sTTT NNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNN RRRR FFF IIIIIIIIIII BBBB/BB/BB PPPP KKKK  OOOO c r  OOOO c r  OOOO c r",
            "001    1 m    Asante, Kwame                     2010 GHA             1990/04/12  1.5    4     4 w 1     3 b =     6 w 0",
            "001    2 w    Boateng, Abena                    1985 GHA             1995/11/03  2.0    3     5 b =  0000 - H  0000 - U",
            "001    3 m    Diallo, Moussa                    1920 SEN             1988/02/27  2.0    1     6 w +     1 w =     4 b =",
            "001    4 w    Mensah, Efua                      1870 GHA             2001/07/19  1.5    5     1 b 0  0000 - U     3 w =",
            "001    5 m    Okafor, Chidi                     1815 NGR             1979/09/08  0.5    6     2 w =     6 b 0  0000 - Z",
            "001    6 m    Tetteh, Yaw                       1760 GHA             2004/01/30  2.0    2     3 b -     5 w 1     1 b 1",
        ]
    )
    + "\r"
)

PLAYERS = (1, 2, 3, 4, 5, 6)


@pytest.fixture(scope="module")
def records():
    return records_from_trf(parse(ACCRA_TRF))


def values(records, code, edition="2026"):
    standings = compute_standings(records, [code], edition=edition)
    return {pid: standings.row(pid)[code] for pid in PLAYERS}


def section(records):
    return Section(records, Scoring())


def test_scores_follow_the_crosstable(records):
    assert values(records, "PTS") == {1: F(3, 2), 2: 2, 3: 2, 4: F(3, 2), 5: F(1, 2), 6: 2}


def test_only_the_withdrawn_last_round_counts_as_a_draw_for_opponents(records):
    s = section(records)
    adjusted = [F(v, s.scale.unit) for v in adjusted_scores(s)]
    assert adjusted == [F(3, 2), 2, 2, F(3, 2), 1, 2]


def opponent_scores(records, edition):
    s = section(records)
    return {
        pid: [(F(c.opponent_score, s.scale.unit), c.voluntary) for c in row]
        for pid, row in zip(PLAYERS, contributions(s, edition), strict=True)
    }


def test_buchholz_contributions_of_the_2024_rules_use_the_own_score_as_dummy(records):
    assert opponent_scores(records, "2024") == {
        1: [(F(3, 2), False), (2, False), (2, False)],
        2: [(1, False), (2, True), (2, False)],
        3: [(2, False), (F(3, 2), False), (F(3, 2), False)],
        4: [(F(3, 2), False), (F(3, 2), False), (2, False)],
        5: [(2, False), (2, False), (F(1, 2), True)],
        6: [(2, True), (1, False), (F(3, 2), False)],
    }


def test_the_2026_dummy_is_capped_for_byes_at_draw_points_times_rounds(records):
    scores = opponent_scores(records, "2026")
    assert scores[2] == [(1, False), (F(3, 2), True), (F(3, 2), False)]
    assert scores[4][1] == (F(3, 2), False)
    assert scores[5][2] == (F(1, 2), True)


def test_the_2026_dummy_is_capped_for_forfeits_at_the_opponents_adjusted_score(records):
    scores = opponent_scores(records, "2026")
    assert scores[3][0] == (2, False)
    assert scores[6][0] == (2, True)


@pytest.mark.parametrize(
    "code, expected",
    [
        ("BH", {1: F(11, 2), 2: 5, 3: 5, 4: 5, 5: F(9, 2), 6: F(9, 2)}),
        ("BH-C1", {1: 4, 2: 3, 3: F(7, 2), 4: F(7, 2), 5: 4, 6: F(5, 2)}),
        ("BH-M1", {1: 2, 2: 1, 3: F(3, 2), 4: F(3, 2), 5: 2, 6: 1}),
        ("SB", {1: F(5, 2), 2: F(7, 2), 3: F(7, 2), 4: F(5, 2), 5: 1, 6: F(5, 2)}),
        ("SB-C1", {1: 1, 2: F(5, 2), 3: F(11, 4), 4: F(5, 2), 5: 1, 6: F(3, 2)}),
        ("FB", {1: 5, 2: 5, 3: F(11, 2), 4: F(11, 2), 5: 4, 6: F(9, 2)}),
    ],
)
def test_buchholz_family_and_berger_under_the_2024_rules(records, code, expected):
    assert values(records, code, "2024") == expected


def test_average_of_opponents_buchholz_under_the_2024_rules(records):
    assert values(records, "AOB", "2024") == {
        1: F(29, 6),
        2: F(9, 2),
        3: F(21, 4),
        4: F(21, 4),
        5: F(19, 4),
        6: 5,
    }


@pytest.mark.parametrize(
    "code, expected_for_2",
    [("BH", 4), ("BH-C1", F(5, 2)), ("BH-M1", 1), ("SB", F(11, 4)), ("SB-C1", 2)],
)
def test_the_2026_rules_change_only_player_2(records, code, expected_for_2):
    old = values(records, code, "2024")
    new = values(records, code, "2026")
    assert new[2] == expected_for_2
    assert {p: v for p, v in new.items() if p != 2} == {p: v for p, v in old.items() if p != 2}


@pytest.mark.parametrize(
    "code, expected",
    [
        ("PS", {1: 4, 2: F(7, 2), 3: F(9, 2), 4: F(5, 2), 5: F(3, 2), 6: 3}),
        ("PS-C1", {1: 3, 2: 3, 3: F(7, 2), 4: F(5, 2), 5: 1, 6: 3}),
        ("WIN", {1: 1, 2: 1, 3: 1, 4: 1, 5: 0, 6: 2}),
        ("WON", {1: 1, 2: 0, 3: 0, 4: 0, 5: 0, 6: 2}),
        ("BPG", {1: 1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1}),
        ("BWG", {1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 1}),
        ("REP", {1: 3, 2: 2, 3: 3, 4: 3, 5: 2, 6: 2}),
    ],
)
def test_progressive_score_and_counters(records, code, expected):
    assert values(records, code) == expected


def test_direct_encounter_cannot_separate_players_whose_only_meeting_was_a_forfeit(records):
    s = section(records)
    group = [s.index[p] for p in (2, 3, 6)]
    assert direct_encounter(s, group) == [group]


def test_direct_encounter_puts_the_winner_of_a_game_between_two_tied_players_first(records):
    s = section(records)
    assert direct_encounter(s, [s.index[4], s.index[1]]) == [[s.index[1]], [s.index[4]]]


def test_counting_the_forfeit_still_separates_nobody_on_two_points(records):
    s = section(records)
    group = [s.index[p] for p in (2, 3, 6)]
    assert direct_encounter(s, group, include_forfeits=True) == [group]


@pytest.mark.parametrize(
    "edition, order",
    [("2026", [3, 6, 2, 1, 4, 5]), ("2024", [3, 2, 6, 1, 4, 5])],
)
def test_final_standings_with_de_bh_c1_bh_sb(edition, order):
    standings = standings_from_trf(parse(ACCRA_TRF), "PTS,DE,BH-C1,BH,SB", edition=edition)
    assert [row.id for row in standings.rows] == order
    assert [row.rank for row in standings.rows] == [1, 2, 3, 4, 5, 6]
    assert standings.tied_groups == ()
