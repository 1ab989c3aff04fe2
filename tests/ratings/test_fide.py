"""Elo as FIDE rates (FIDE Rating Regulations effective 1 March 2024), over plain records."""

from decimal import Decimal

import pytest

from ratings.fide import (
    FidePlayer,
    initial_rating,
    is_junior,
    k_factor,
    k_for_games,
    performance_rating,
    rate_period,
    round_half_away,
)
from ratings.records import DRAW, LOSS, WIN, Event, Game, period_year


def player(rating, games=100, birth_year=1980, k=None, id="1"):
    return FidePlayer(id, "", rating, games, birth_year, k)


@pytest.mark.parametrize(
    ("who", "k"),
    [
        (player(1600, games=29), 40),  # new to the list: fewer than 30 games
        (player(1600, games=30), 20),
        (player(2500, games=0), 40),  # 40 comes first, even above 2400
        (player(2299, birth_year=2008), 40),  # a junior: the year of the 18th birthday
        (player(2299, birth_year=2007), 20),  # 19 this year
        (player(2300, birth_year=2010), 20),  # a junior at 2300 or more
        (player(2250, birth_year=2010, k=10), 40),  # a junior under 2300, even with a 10 kept
        (player(2400), 10),
        (player(2450, birth_year=2010), 10),
        (player(2399, k=10), 10),  # the 10 stays once 2400 was reached
        (player(2399, k=20), 20),
        (player(2399, birth_year=None), 20),
    ],
)
def test_k_factor(who, k):
    assert k_factor(who, 2026) == k


def test_a_player_without_a_period_year_is_no_junior():
    assert not is_junior(player(1500, birth_year=2010), None)


@pytest.mark.parametrize(
    ("k", "games", "reduced"),
    [
        (40, 17, 40),
        (40, 18, 38),
        (40, 35, 20),
        (20, 35, 20),
        (20, 36, 19),
        (10, 70, 10),
        (10, 71, 9),
    ],
)
def test_k_times_games_never_exceeds_700(k, games, reduced):
    assert k_for_games(k, games) == reduced


@pytest.mark.parametrize(
    ("value", "rounded"),
    [("4.5", 5), ("-4.5", -5), ("4.4999", 4), ("-3.5", -4), ("133.76", 134), ("-0.5", -1)],
)
def test_the_change_is_rounded_half_away_from_zero(value, rounded):
    assert round_half_away(Decimal(value)) == rounded


def test_performance_rating_is_the_average_plus_dp():
    # 2 of 4 against 1800..2100: Ra 1950, p = .50, dp 0.
    assert performance_rating([1800, 1900, 2000, 2100], Decimal(2)) == 1950
    # 3 of 4: p = .75, dp 193.
    assert performance_rating([1800, 1900, 2000, 2100], Decimal(3)) == 2143


def test_initial_rating_adds_two_drawn_opponents_rated_1800():
    # 3 of 5 against 1700..2100: Ra = 13100 / 7 = 1871.43, p = 4/7 = .57, dp 50 -> 1921.
    assert initial_rating([1700, 1800, 1900, 2000, 2100], Decimal(3)) == 1921


def test_initial_rating_needs_five_games():
    assert initial_rating([1700, 1800, 1900, 2000], Decimal(4)) is None


def test_initial_rating_is_at_most_2200():
    # 5 of 5 against 2400: Ra = 15600 / 7 = 2228.57, p = 6/7 = .86, dp 309 -> 2538 -> 2200.
    assert initial_rating([2400] * 5, Decimal(5)) == 2200


def test_a_first_rating_under_1400_is_not_published():
    # 0 of 6 against 1400: Ra = 12000 / 8 = 1500, p = 1/8 = .13, dp -322 -> 1178.
    assert initial_rating([1400] * 6, Decimal(0)) is None


def games(pairs):
    """Both sides of each (a, b, score of a)."""
    found = []
    for a, b, score in pairs:
        found += [Game(a, b, score), Game(b, a, WIN - score)]
    return tuple(found)


def test_a_period_sums_every_event_and_rounds_once():
    players = [player(1800, games=10, id="m"), player(1900, games=50, id="b")]
    first = Event("one", games=games([("m", "b", WIN)] * 8 + [("m", "b", DRAW)]))
    second = Event("two", games=games([("m", "b", DRAW)] * 3 + [("m", "b", LOSS)] * 6))
    many, partner = rate_period(players, [first, second], 2026)
    assert (many.k, many.games, many.score, many.expected) == (38, 18, 10, Decimal("6.48"))
    assert (many.change, many.rating_after) == (134, 1934)
    assert (partner.k, partner.change, partner.rating_after) == (20, -70, 1830)


def test_games_against_unrated_players_do_not_count_for_the_rated():
    players = [player(2000, id="r"), FidePlayer("u", "", None)]
    rated, unrated = rate_period(players, [Event("e", games=games([("u", "r", WIN)]))], 2026)
    assert (rated.games, rated.change, rated.rating_after) == (0, 0, 2000)
    assert (unrated.games, unrated.score, unrated.rating_after) == (1, 1, None)


def test_a_zero_in_the_first_event_is_disregarded():
    from datetime import date

    rated = [player(1700 + 100 * i, id=f"r{i}") for i in range(5)]
    newcomer = FidePlayer("u", "", None, games=0)
    first = Event("first", date(2026, 3, 6), games([("u", "r0", LOSS), ("u", "r1", LOSS)]))
    scores = (WIN, DRAW, DRAW, LOSS, LOSS)
    second = Event(
        "second", date(2026, 4, 14), games([("u", f"r{i}", s) for i, s in enumerate(scores)])
    )
    # The first event is the earlier one, whatever the order of the files.
    *_, result = rate_period([*rated, newcomer], [second, first], 2026)
    # 2 of 5 against 1700..2100: Ra = 13100 / 7 = 1871.43, p = 3/7 = .43, dp -50 -> 1821.
    assert (result.games, result.score, result.rating_after) == (5, 2, 1821)


def test_a_zero_start_counts_when_the_player_has_rated_games_before():
    rated = [player(1700 + 100 * i, id=f"r{i}") for i in range(5)]
    returning = FidePlayer("u", "", None, games=3)
    event = Event("only", games=games([("u", f"r{i}", LOSS) for i in range(5)]))
    *_, result = rate_period([*rated, returning], [event], 2026)
    # 0 of 5: Ra = 1871.43, p = 1/7 = .14, dp -309 -> 1562.
    assert (result.games, result.rating_after) == (5, 1562)


def test_an_id_outside_the_list_is_refused():
    with pytest.raises(KeyError):
        rate_period([player(2000, id="a")], [Event("e", games=(Game("a", "x", WIN),))], 2026)


def test_the_period_year_is_that_of_the_latest_end():
    from datetime import date

    events = [Event("a", date(2025, 12, 30)), Event("b", date(2026, 1, 2)), Event("c", None)]
    assert period_year(events) == 2026
    assert period_year([Event("c")]) is None
