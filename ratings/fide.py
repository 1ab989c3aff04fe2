"""Elo as FIDE rates: the FIDE Rating Regulations effective 1 March 2024, over plain records.

``rate_period(players, events, year)`` rates one rating period. Every rule carries the number of
its paragraph; docs/ratings.md explains them with a worked example.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import ROUND_HALF_UP, Decimal

from .records import Event, Game
from .tables import HUNDREDTH, rating_difference, score_probability_hundredths

K_NEW = 40
"""8.3.3: a player new to the list, until events with at least 30 games are completed; and a
junior under 2300 until the end of the year of his 18th birthday."""
K_STANDARD = 20
K_TOP = 10
"""8.3.3: once the published rating has reached 2400, for good (the list's ``k`` keeps it)."""
NEW_PLAYER_GAMES = 30
JUNIOR_AGE = 18
JUNIOR_RATING = 2300
TOP_RATING = 2400
MAX_K_TIMES_GAMES = 700
"""8.3.3: K is lowered to the largest whole number with K × n ≤ 700."""
MAX_DIFFERENCE = 400
"""8.3.1: a rating difference of more than 400 points counts as 400."""
INITIAL_MIN_GAMES = 5
"""7.1.4: a first rating needs at least 5 games against rated opponents."""
INITIAL_MIN_RATING = 1400
"""7.1.4: a first rating must be at least 1400 (else the player stays unrated)."""
INITIAL_MAX_RATING = 2200
"""8.2.3: the maximum initial rating."""
HYPOTHETICAL_RATING = 1800
HYPOTHETICAL_OPPONENTS = 2
"""8.2.2: two hypothetical opponents rated 1800, both games drawn."""


@dataclass(frozen=True)
class FidePlayer:
    """A player of the list before the period.

    ``rating`` is ``None`` for an unrated player; ``games`` counts his rated games before the
    period; ``birth_year`` may be unknown; ``k`` is the K the list gives (only a 10 matters: it
    stays once the rating has reached 2400), ``None`` when the list leaves it to be derived.
    """

    id: str
    name: str = ""
    rating: int | None = None
    games: int = 0
    birth_year: int | None = None
    k: int | None = None


@dataclass(frozen=True)
class FideResult:
    """A player's period: for a rated player, K, rated games, score, expected score (sum of the
    PDs), the rounded change and the new rating. For an unrated player ``rating_before``, ``k``,
    ``expected`` and ``change`` are ``None``; ``games`` and ``score`` count his games against
    rated opponents, and ``rating_after`` is his first rating, or ``None`` while he has none."""

    id: str
    name: str
    rating_before: int | None
    k: int | None
    games: int
    score: Decimal
    expected: Decimal | None
    change: int | None
    rating_after: int | None


def round_half_away(value: Decimal) -> int:
    """The nearest whole number, .5 away from zero (8.3.4)."""
    return int(value.quantize(Decimal(1), rounding=ROUND_HALF_UP))


def is_junior(player: FidePlayer, year: int | None) -> bool:
    """Until the end of the year of the 18th birthday (8.3.3)."""
    if player.birth_year is None or year is None:
        return False
    return year - player.birth_year <= JUNIOR_AGE


def k_factor(player: FidePlayer, year: int | None) -> int:
    """K of a rated player for the period, before the 700 rule (8.3.3).

    40 while the player has fewer than 30 rated games, and for a junior rated under 2300; else
    10 once the rating has reached 2400 or the list keeps a 10 that stuck; else 20.
    """
    if player.rating is None:
        raise ValueError(f"player {player.id} is unrated: K applies to a rated player")
    if player.games < NEW_PLAYER_GAMES:
        return K_NEW
    if is_junior(player, year) and player.rating < JUNIOR_RATING:
        return K_NEW
    if player.k == K_TOP or player.rating >= TOP_RATING:
        return K_TOP
    return K_STANDARD


def k_for_games(k: int, games: int) -> int:
    """K lowered to the largest whole number with K × games ≤ 700 (8.3.3)."""
    if games and k * games > MAX_K_TIMES_GAMES:
        return MAX_K_TIMES_GAMES // games
    return k


def performance_rating(opponents: Sequence[int], score: Decimal) -> Decimal:
    """Ra + dp: the average rating of the opponents plus dp of table 8.1.1 at the fractional
    score p = score / games (8.1.1)."""
    if not opponents:
        raise ValueError("a performance needs at least one game")
    games = len(opponents)
    average = Decimal(sum(opponents)) / games
    return average + rating_difference(Decimal(score) / games)


def initial_rating(opponents: Sequence[int], score: Decimal) -> int | None:
    """Ru of a previously unrated player from his games against rated opponents, or ``None``
    while he cannot be published (7.1.4, 8.2).

    Two hypothetical opponents rated 1800, both drawn, join the games (8.2.2); Ru = Ra + dp is
    rounded to the nearest whole number and at most 2200 (8.2.3). It needs at least 5 real games
    (7.1.4) and must be at least 1400 (7.1.4).
    """
    if len(opponents) < INITIAL_MIN_GAMES:
        return None
    with_hypothetical = [*opponents, *[HYPOTHETICAL_RATING] * HYPOTHETICAL_OPPONENTS]
    drawn = Decimal(HYPOTHETICAL_OPPONENTS) / 2
    rating = round_half_away(performance_rating(with_hypothetical, Decimal(score) + drawn))
    rating = min(rating, INITIAL_MAX_RATING)
    return rating if rating >= INITIAL_MIN_RATING else None


def _games_by_player(
    events: Iterable[Event], ratings: dict[str, int | None]
) -> dict[str, list[tuple[int, Game]]]:
    """Each player's games with the index of their event; an id outside ``ratings`` raises
    ``KeyError``."""
    games: dict[str, list[tuple[int, Game]]] = defaultdict(list)
    for index, event in enumerate(events):
        for game in event.games:
            if game.player not in ratings:
                raise KeyError(game.player)
            if game.opponent not in ratings:
                raise KeyError(game.opponent)
            games[game.player].append((index, game))
    return games


def _first_event(events: Sequence[Event], indices: Iterable[int]) -> int:
    """The index of the earliest of the player's events: by end date (an event without one
    last), then in the order given."""
    return min(indices, key=lambda i: (events[i].end is None, events[i].end or date.min, i))


def _rate_rated(
    player: FidePlayer, games: list[tuple[int, Game]], ratings: dict, year: int | None
) -> FideResult:
    # 8.3.1: only games against rated opponents, at the opponent's rating of the list before
    # the period; table 8.1.2 read for each game (8.3.2 a) with a difference over 400 counted
    # as 400. The PDs are summed in whole hundredths: exact, as adding the decimals.
    count, score, hundredths = 0, Decimal(0), 0
    for _, game in games:
        opponent = ratings[game.opponent]
        if opponent is None:
            continue
        count += 1
        score += game.score
        hundredths += score_probability_hundredths(player.rating, opponent, MAX_DIFFERENCE)
    expected = Decimal(hundredths) / 100
    k = k_for_games(k_factor(player, year), count)
    # 8.3.2 b-d: the change is K × Σ(score − PD) over the period, rounded once (8.3.4).
    change = round_half_away(k * (score - expected))
    return FideResult(
        id=player.id,
        name=player.name,
        rating_before=player.rating,
        k=k,
        games=count,
        score=score,
        expected=expected.quantize(HUNDREDTH),
        change=change,
        rating_after=player.rating + change,
    )


def _rate_unrated(
    player: FidePlayer, games: list[tuple[int, Game]], ratings: dict, events: Sequence[Event]
) -> FideResult:
    # 7.1.4 / 8.2.2: only games against rated opponents count toward a first rating.
    rated = [(i, g) for i, g in games if ratings.get(g.opponent) is not None]
    if rated and player.games == 0:
        # 8.2.1: a zero score in the player's first event is disregarded. The list says the
        # player has no earlier rated games, so his first event is in this period.
        first = _first_event(events, (i for i, _ in rated))
        if sum(g.score for i, g in rated if i == first) == 0:
            rated = [(i, g) for i, g in rated if i != first]
    score = sum((g.score for _, g in rated), Decimal(0))
    opponents = [ratings[g.opponent] for _, g in rated]
    return FideResult(
        id=player.id,
        name=player.name,
        rating_before=None,
        k=None,
        games=len(rated),
        score=score,
        expected=None,
        change=None,
        rating_after=initial_rating(opponents, score),
    )


def rate_period(
    players: Sequence[FidePlayer], events: Sequence[Event], year: int | None
) -> list[FideResult]:
    """Rate one period: every player of ``players`` in their order, from the games of
    ``events`` (each game from its player's side; ids not in ``players`` raise ``KeyError``).
    ``year`` is the period's, for the juniors' K."""
    ratings = {p.id: p.rating for p in players}
    by_player = _games_by_player(events, ratings)
    results = []
    for player in players:
        games = by_player.get(player.id, [])
        if player.rating is None:
            results.append(_rate_unrated(player, games, ratings, events))
        else:
            results.append(_rate_rated(player, games, ratings, year))
    return results
