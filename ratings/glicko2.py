"""Glicko-2 as Mark Glickman specifies it in "Example of the Glicko-2 system" (2013).

``rate_period(players, events, tau)`` rates one rating period: every game of the events is
taken as played at once against the opponents' values before the period. The steps are the
paper's, numbered as there; docs/ratings.md works its example through.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .records import Event

SCALE = 173.7178
"""Step 2: the Glicko-2 scale is the Glicko scale divided by 173.7178, centred on 1500."""
CENTRE = 1500.0
DEFAULT_RATING = 1500.0
DEFAULT_DEVIATION = 350.0
DEFAULT_VOLATILITY = 0.06
"""Step 1: an unrated player starts at 1500, RD 350, volatility 0.06."""
DEFAULT_TAU = 0.5
"""Step 1: τ constrains the change of volatility; the paper suggests 0.3 to 1.2."""
TOLERANCE = 0.000001
"""Step 5: the convergence tolerance ε of the volatility iteration."""


@dataclass(frozen=True)
class Glicko2Player:
    """A player's rating, deviation (RD) and volatility on the Glicko scale."""

    id: str
    name: str = ""
    rating: float = DEFAULT_RATING
    deviation: float = DEFAULT_DEVIATION
    volatility: float = DEFAULT_VOLATILITY


@dataclass(frozen=True)
class Outcome:
    """One game on the Glicko-2 scale: the opponent's μ and φ, and the score."""

    mu: float
    phi: float
    score: float


def g(phi: float) -> float:
    """Step 3: g(φ) = 1 / sqrt(1 + 3φ²/π²)."""
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def expectation(mu: float, mu_j: float, phi_j: float) -> float:
    """Step 3: E(μ, μj, φj) = 1 / (1 + exp(−g(φj)(μ − μj)))."""
    return 1.0 / (1.0 + math.exp(-g(phi_j) * (mu - mu_j)))


def new_volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """Step 5: σ′ by the Illinois algorithm (regula falsi) on f, to the tolerance ε."""
    a = math.log(sigma * sigma)
    phi2 = phi * phi

    def f(x: float) -> float:
        ex = math.exp(x)
        gain = ex * (delta * delta - phi2 - v - ex) / (2.0 * (phi2 + v + ex) ** 2)
        return gain - (x - a) / (tau * tau)

    # 5.2: the starting values A and B bracket the root.
    big_a = a
    if delta * delta > phi2 + v:
        big_b = math.log(delta * delta - phi2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    # 5.4: narrow the bracket until its width is at most ε.
    while abs(big_b - big_a) > TOLERANCE:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a = f_a / 2.0
        big_b, f_b = big_c, f_c
    # 5.5
    return math.exp(big_a / 2.0)


def variance_and_improvement(mu: float, games: Sequence[Outcome]) -> tuple[float, float]:
    """Steps 3 and 4: the estimated variance v of the rating from the games alone, and the sum
    Σ g(φj)(sj − E) that gives the estimated improvement Δ = v × the sum."""
    inverse_v = 0.0
    improvement = 0.0
    for game in games:
        weight = g(game.phi)
        expected = expectation(mu, game.mu, game.phi)
        inverse_v += weight * weight * expected * (1.0 - expected)
        improvement += weight * (game.score - expected)
    return 1.0 / inverse_v, improvement


def update(
    rating: float, deviation: float, volatility: float, games: Iterable[Outcome], tau: float
) -> tuple[float, float, float]:
    """A player's (rating, RD, volatility) after a period with ``games`` (steps 2 to 8)."""
    mu = (rating - CENTRE) / SCALE
    phi = deviation / SCALE
    games = list(games)
    if not games:
        # Step 6 alone: a player who did not compete only gains deviation.
        return rating, SCALE * math.sqrt(phi * phi + volatility * volatility), volatility
    v, improvement = variance_and_improvement(mu, games)
    delta = v * improvement
    # Step 5: the new volatility; step 6: the pre-period deviation φ*.
    sigma = new_volatility(phi, volatility, delta, v, tau)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    # Step 7: the new deviation and rating.
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * improvement
    # Step 8: back to the Glicko scale.
    return SCALE * new_mu + CENTRE, SCALE * new_phi, sigma


def rate_period(
    players: Sequence[Glicko2Player], events: Sequence[Event], tau: float = DEFAULT_TAU
) -> list[Glicko2Player]:
    """Every player of ``players``, in their order, after the period made of ``events`` (each
    game from its player's side; ids not in ``players`` raise ``KeyError``)."""
    if not tau > 0:
        raise ValueError(f"tau must be above 0, found {tau}")
    before = {p.id: ((p.rating - CENTRE) / SCALE, p.deviation / SCALE) for p in players}
    games: dict[str, list[Outcome]] = defaultdict(list)
    for event in events:
        for game in event.games:
            if game.player not in before:
                raise KeyError(game.player)
            mu_j, phi_j = before[game.opponent]
            games[game.player].append(Outcome(mu_j, phi_j, float(game.score)))
    after = []
    for p in players:
        rating, deviation, volatility = update(
            p.rating, p.deviation, p.volatility, games.get(p.id, ()), tau
        )
        after.append(Glicko2Player(p.id, p.name, rating, deviation, volatility))
    return after
