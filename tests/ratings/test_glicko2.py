"""Glicko-2 as Glickman specifies it, checked on the paper's own example ("Example of the
Glicko-2 system", 2013): a player 1500 / 200 / 0.06 beats 1400 / 30, loses to 1550 / 100 and
to 1700 / 300, with τ = 0.5."""

import math

import pytest

from ratings.glicko2 import (
    SCALE,
    Glicko2Player,
    Outcome,
    expectation,
    g,
    new_volatility,
    rate_period,
    update,
    variance_and_improvement,
)
from ratings.records import DRAW, LOSS, WIN, Event, Game

OPPONENTS = [(1400, 30, 1.0), (1550, 100, 0.0), (1700, 300, 0.0)]


def paper_games():
    return [Outcome((r - 1500) / SCALE, rd / SCALE, s) for r, rd, s in OPPONENTS]


def test_step_2_converts_to_the_glicko_2_scale():
    games = paper_games()
    assert [round(o.mu, 4) for o in games] == [-0.5756, 0.2878, 1.1513]
    assert [round(o.phi, 4) for o in games] == [0.1727, 0.5756, 1.7269]
    assert round(200 / SCALE, 4) == 1.1513


def test_steps_3_and_4_give_the_papers_v_and_delta():
    games = paper_games()
    assert [round(g(o.phi), 4) for o in games] == [0.9955, 0.9531, 0.7242]
    assert [round(expectation(0.0, o.mu, o.phi), 3) for o in games] == [0.639, 0.432, 0.303]
    v, improvement = variance_and_improvement(0.0, games)
    # The paper rounds g and E before summing (1.7785); unrounded, v is 1.77898.
    assert v == pytest.approx(1.7785, abs=1e-3)
    assert improvement == pytest.approx(-0.2717, abs=1e-3)
    assert v * improvement == pytest.approx(-0.4834, abs=1e-3)


def test_step_5_finds_the_papers_volatility():
    v, improvement = variance_and_improvement(0.0, paper_games())
    sigma = new_volatility(200 / SCALE, 0.06, v * improvement, v, 0.5)
    assert sigma == pytest.approx(0.05999, abs=1e-5)


def test_the_worked_example_to_the_papers_rounding():
    rating, deviation, volatility = update(1500, 200, 0.06, paper_games(), 0.5)
    assert round(rating, 2) == pytest.approx(1464.06, abs=0.01)
    assert round(deviation, 2) == 151.52
    assert volatility == pytest.approx(0.05999, abs=1e-5)
    # Exactly (no rounding of the intermediate values, as the paper does on paper):
    assert rating == pytest.approx(1464.0507, abs=1e-4)
    assert deviation == pytest.approx(151.5165, abs=1e-4)
    assert volatility == pytest.approx(0.059996, abs=1e-6)


def test_a_player_who_did_not_play_only_gains_deviation():
    rating, deviation, volatility = update(1500, 200, 0.06, [], 0.5)
    assert (rating, volatility) == (1500, 0.06)
    assert deviation == pytest.approx(math.sqrt(200**2 + (0.06 * SCALE) ** 2))
    assert deviation == pytest.approx(200.2714, abs=1e-4)


def test_a_new_player_starts_at_1500_350_006():
    new = Glicko2Player("n")
    assert (new.rating, new.deviation, new.volatility) == (1500, 350, 0.06)


def test_a_large_improvement_brackets_the_volatility_from_above():
    # Δ² > φ² + v: the iteration starts from B = ln(Δ² − φ² − v) and still converges.
    games = [Outcome((2300 - 1500) / SCALE, 30 / SCALE, 1.0)] * 5
    v, improvement = variance_and_improvement(0.0, games)
    assert (v * improvement) ** 2 > (50 / SCALE) ** 2 + v
    rating, deviation, volatility = update(1500, 50, 0.06, games, 0.5)
    assert rating > 1500 and volatility > 0.06


def test_tau_limits_the_change_of_volatility():
    games = [Outcome((2300 - 1500) / SCALE, 30 / SCALE, 1.0)] * 5
    small = update(1500, 50, 0.06, games, 0.3)[2]
    large = update(1500, 50, 0.06, games, 1.2)[2]
    assert 0.06 < small < large


def test_a_period_rates_every_player_from_the_values_before_it():
    players = [
        Glicko2Player("p", "", 1500, 200, 0.06),
        Glicko2Player("a", "", 1400, 30, 0.06),
        Glicko2Player("b", "", 1550, 100, 0.06),
        Glicko2Player("c", "", 1700, 300, 0.06),
        Glicko2Player("rest", "", 1500, 200, 0.06),
    ]
    pairs = [("p", "a", WIN), ("p", "b", LOSS), ("p", "c", LOSS)]
    games = tuple(
        game
        for a, b, s in pairs
        for game in (Game(a, b, s), Game(b, a, WIN - s))  # each side
    )
    after = {p.id: p for p in rate_period(players, [Event("e", games=games)])}
    assert after["p"].rating == pytest.approx(1464.0507, abs=1e-4)
    assert after["rest"].deviation == pytest.approx(200.2714, abs=1e-4)
    # The opponents are rated too, each from the others' values before the period.
    assert after["a"].rating < 1400 and after["c"].rating > 1700


def test_an_id_outside_the_list_is_refused():
    with pytest.raises(KeyError):
        rate_period([Glicko2Player("a")], [Event("e", games=(Game("a", "x", DRAW),))])


def test_tau_must_be_positive():
    with pytest.raises(ValueError):
        rate_period([Glicko2Player("a")], [], tau=0)
