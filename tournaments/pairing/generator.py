"""Random Swiss tournaments for tests and benchmarks, as :class:`tournaments.trf.Tournament`.

``generate(players, rounds, seed, played_rounds=...)`` simulates the first
``played_rounds`` rounds: ratings are drawn at random, results follow the
rating difference with a share of draws, and optionally some players are
absent (zero- or half-point byes) and some games are forfeited.

Past rounds are paired either by this engine (``pairing="dutch"``: a
faithful history, slower for big fields) or by a quick score-group pairing
(``pairing="quick"``: rematch-free and colour-sane, not Dutch-exact) that
gives large fields a realistic mid-event shape in little time.
"""

from __future__ import annotations

import random
from decimal import Decimal

from tournaments import trf

from .colours import colour_state, side_of_higher
from .engine import pair_round
from .errors import PairingImpossible
from .records import BLACK, WHITE, Outcome, RoundRecord

HALF = Decimal("0.5")


def _result(rng: random.Random, white_rating: int, black_rating: int, draw_rate: float) -> str:
    """``1``, ``=`` or ``0`` for South, from an Elo-like expectation."""
    expected = 1 / (1 + 10 ** ((black_rating - white_rating) / 400))
    if rng.random() < draw_rate:
        return "="
    return "1" if rng.random() < expected else "0"


def _quick_pairs(
    tournament: trf.Tournament, round_number: int, present: list[int]
) -> tuple[list[tuple[int, int]], int | None]:
    """Greedy score-group pairing without rematches; sides by the Dutch colour rules."""
    by_number = tournament.players_by_number()
    history = {}
    score = {}
    met: dict[int, set[int]] = {}
    had_bye = set()
    for number in present:
        p = by_number[number]
        records = []
        met[number] = set()
        for cell in p.rounds[: round_number - 1]:
            if cell.is_played:
                records.append(RoundRecord(Outcome.GAME, cell.points(), cell.opponent, cell.side))
                met[number].add(cell.opponent)
            elif cell.is_pairing_bye or cell.result in ("+", "F"):
                had_bye.add(number)
        history[number] = colour_state(records)
        score[number] = p.points_after(round_number - 1)
    order = sorted(present, key=lambda n: (-score[n], n))
    bye = None
    if len(order) % 2 == 1:
        for number in reversed(order):
            if number not in had_bye:
                bye = number
                break
        if bye is None:
            bye = order[-1]
        order.remove(bye)
    pairs = []
    free = list(order)
    while free:
        a = free.pop(0)
        ca = history[a]
        choice = None
        for i, b in enumerate(free[:40]):
            if b in met[a]:
                continue
            cb = history[b]
            if ca.absolute and cb.absolute and ca.preference == cb.preference:
                continue
            choice = i
            break
        if choice is None:
            for i, b in enumerate(free):
                if b not in met[a]:
                    choice = i
                    break
        if choice is None:
            choice = 0  # a rematch is acceptable in synthetic history of a tiny field
        b = free.pop(choice)
        side = side_of_higher(ca, history[b], a - 1, WHITE)
        pairs.append((a, b) if side == WHITE else (b, a))
    return pairs, bye


def generate(
    players: int,
    rounds: int,
    seed: int = 0,
    played_rounds: int | None = None,
    draw_rate: float = 0.3,
    absence_rate: float = 0.0,
    forfeit_rate: float = 0.0,
    pairing: str = "dutch",
) -> trf.Tournament:
    """A tournament of ``players`` players and ``rounds`` rounds, ``played_rounds`` already played.

    ``played_rounds`` defaults to half of the rounds.  Absent players get a
    zero-point bye (or, one time in three, a half-point bye); a forfeited
    game is written ``+``/``-``.  The same seed always gives the same file.
    """
    if pairing not in ("dutch", "quick"):
        raise ValueError("pairing must be 'dutch' or 'quick'")
    rng = random.Random(seed)
    played_rounds = rounds // 2 if played_rounds is None else played_rounds
    ratings = sorted((rng.randint(1000, 2600) for _ in range(players)), reverse=True)
    tournament = trf.Tournament(
        name=f"Generated {players} players seed {seed}",
        rounds=rounds,
        initial_colour=rng.choice((WHITE, BLACK)),
        players=[
            trf.Player(
                pairing_number=i + 1,
                name=f"Player {i + 1:04d}",
                rating=ratings[i],
                points=Decimal(0),
            )
            for i in range(players)
        ],
    )
    by_number = tournament.players_by_number()
    for round_number in range(1, played_rounds + 1):
        absent = {n for n in by_number if rng.random() < absence_rate}
        cells: dict[int, trf.RoundCell] = {}
        for n in absent:
            cells[n] = trf.RoundCell(None, "-", "H" if rng.random() < 1 / 3 else "Z")
            by_number[n].rounds.append(cells[n])  # visible to the engine as an announced absence
        present = [n for n in sorted(by_number) if n not in absent]
        if pairing == "dutch":
            try:
                result = pair_round(tournament, round_number)
                pairs = [(b.south, b.north) for b in result.boards]
                bye = result.bye
            except PairingImpossible:
                pairs, bye = _quick_pairs(tournament, round_number, present)
        else:
            pairs, bye = _quick_pairs(tournament, round_number, present)
        for n in absent:
            by_number[n].rounds.pop()
        for south, north in pairs:
            if rng.random() < forfeit_rate:
                winner_south = rng.random() < 0.5
                cells[south] = trf.RoundCell(north, "w", "+" if winner_south else "-")
                cells[north] = trf.RoundCell(south, "b", "-" if winner_south else "+")
                continue
            res = _result(rng, by_number[south].rating, by_number[north].rating, draw_rate)
            other = {"1": "0", "0": "1", "=": "="}[res]
            cells[south] = trf.RoundCell(north, "w", res)
            cells[north] = trf.RoundCell(south, "b", other)
        if bye is not None:
            cells[bye] = trf.RoundCell(None, "-", "U")
        for n, p in by_number.items():
            cell = cells.get(n, trf.RoundCell(None, "-", "Z"))
            p.rounds.append(cell)
            p.points = (p.points or Decimal(0)) + cell.points()
    return tournament
