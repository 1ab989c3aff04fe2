"""Random Swiss tournaments for tests and benchmarks, as :class:`tournaments.trf.Tournament`.

Rounds are simulated as neutral records (:mod:`tournaments.history`) and written as the
file's round blocks by :func:`tournaments.trf.history.round_cell`.

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
from dataclasses import dataclass, field
from decimal import Decimal

from oware.points import DRAW, LOSS, WIN
from oware.sides import Side
from tournaments import trf
from tournaments.history import RoundRecord
from tournaments.outcomes import RoundOutcome
from tournaments.trf.colours import colour_of
from tournaments.trf.history import round_cell, round_record

from .colours import ColourState, colour_state, side_of_higher
from .engine import pair_round
from .errors import PairingImpossible


def _result(rng: random.Random, south_rating: int, north_rating: int, draw_rate: float) -> Decimal:
    """South's points (1, ½ or 0), from an Elo-like expectation."""
    expected = 1 / (1 + 10 ** ((north_rating - south_rating) / 400))
    if rng.random() < draw_rate:
        return DRAW
    return WIN if rng.random() < expected else LOSS


@dataclass
class _QuickPast:
    """What the quick pairing needs of the rounds before the one being paired."""

    colours: dict[int, ColourState] = field(default_factory=dict)
    score: dict[int, Decimal] = field(default_factory=dict)
    met: dict[int, set[int]] = field(default_factory=dict)
    had_bye: set[int] = field(default_factory=set)


def _quick_past(tournament: trf.Tournament, round_number: int, present: list[int]) -> _QuickPast:
    """Colour histories, scores, past opponents and past byes of the present players."""
    by_number = tournament.players_by_number()
    past = _QuickPast()
    for number in present:
        p = by_number[number]
        records = []
        past.met[number] = set()
        for record in (round_record(cell) for cell in p.rounds[: round_number - 1]):
            if record.played:
                records.append(record)
                past.met[number].add(record.opponent)
            elif record.outcome in _COUNTED_AS_BYE:
                past.had_bye.add(number)
        past.colours[number] = colour_state(records)
        past.score[number] = p.points_after(round_number - 1)
    return past


_COUNTED_AS_BYE = frozenset(
    {RoundOutcome.PAIRING_BYE, RoundOutcome.FORFEIT_WIN, RoundOutcome.FULL_POINT_BYE}
)


def _quick_bye(order: list[int], had_bye: set[int]) -> int | None:
    """The lowest player without a past bye gets the bye of an odd field (the lowest of all
    when everybody had one); ``None`` for an even field."""
    if len(order) % 2 == 0:
        return None
    for number in reversed(order):
        if number not in had_bye:
            return number
    return order[-1]


def _quick_opponent(a: int, free: list[int], past: _QuickPast) -> int:
    """Index in ``free`` of ``a``'s opponent: the first of the next 40 who is no rematch and
    no clash of absolute colours, else the first who is no rematch, else the first."""
    ca = past.colours[a]
    for i, b in enumerate(free[:40]):
        if b in past.met[a]:
            continue
        cb = past.colours[b]
        if ca.absolute and cb.absolute and ca.preference == cb.preference:
            continue
        return i
    for i, b in enumerate(free):
        if b not in past.met[a]:
            return i
    return 0  # a rematch is acceptable in synthetic history of a tiny field


def _quick_pairs(
    tournament: trf.Tournament, round_number: int, present: list[int]
) -> tuple[list[tuple[int, int]], int | None]:
    """Greedy score-group pairing without rematches; sides by the Dutch colour rules."""
    past = _quick_past(tournament, round_number, present)
    order = sorted(present, key=lambda n: (-past.score[n], n))
    bye = _quick_bye(order, past.had_bye)
    if bye is not None:
        order.remove(bye)
    pairs = []
    free = list(order)
    while free:
        a = free.pop(0)
        b = free.pop(_quick_opponent(a, free, past))
        side = side_of_higher(past.colours[a], past.colours[b], a - 1, Side.SOUTH)
        pairs.append((a, b) if side is Side.SOUTH else (b, a))
    return pairs, bye


@dataclass(frozen=True)
class Chances:
    """How often, in each simulated round, a game is drawn, a player is absent, a game forfeited."""

    draw: float = 0.3
    absence: float = 0.0
    forfeit: float = 0.0


def generate(
    players: int,
    rounds: int,
    seed: int = 0,
    played_rounds: int | None = None,
    chances: Chances = Chances(),
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
    tournament = _entry_list(rng, players, rounds, seed)
    by_number = tournament.players_by_number()
    for round_number in range(1, played_rounds + 1):
        absent, cells = _announce_absences(rng, by_number, chances.absence)
        present = [n for n in sorted(by_number) if n not in absent]
        pairs, bye = _past_round_pairs(tournament, round_number, present, pairing)
        for n in absent:
            by_number[n].rounds.pop()
        cells.update(_board_cells(rng, by_number, pairs, chances))
        if bye is not None:
            cells[bye] = round_cell(RoundRecord.bye(RoundOutcome.PAIRING_BYE, WIN))
        for n, p in by_number.items():
            cell = cells.get(n) or round_cell(RoundRecord.bye(RoundOutcome.ZERO_POINT_BYE, LOSS))
            p.rounds.append(cell)
            p.points = (p.points or Decimal(0)) + cell.points()
    return tournament


def _entry_list(rng: random.Random, players: int, rounds: int, seed: int) -> trf.Tournament:
    """The tournament before round 1: random ratings in pairing-number order."""
    ratings = sorted((rng.randint(1000, 2600) for _ in range(players)), reverse=True)
    return trf.Tournament(
        name=f"Generated {players} players seed {seed}",
        rounds=rounds,
        initial_colour=colour_of(rng.choice((Side.SOUTH, Side.NORTH))),
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


def _announce_absences(
    rng: random.Random, by_number: dict[int, trf.Player], absence_rate: float
) -> tuple[set[int], dict[int, trf.RoundCell]]:
    """Draw the round's absent players and their bye cells.

    The cells are appended already, so that the engine sees announced absences; the
    caller removes them again once the round is paired.
    """
    absent = {n for n in by_number if rng.random() < absence_rate}
    cells: dict[int, trf.RoundCell] = {}
    for n in absent:
        if rng.random() < 1 / 3:
            cells[n] = round_cell(RoundRecord.bye(RoundOutcome.HALF_POINT_BYE, DRAW))
        else:
            cells[n] = round_cell(RoundRecord.bye(RoundOutcome.ZERO_POINT_BYE, LOSS))
        by_number[n].rounds.append(cells[n])
    return absent, cells


def _past_round_pairs(
    tournament: trf.Tournament, round_number: int, present: list[int], pairing: str
) -> tuple[list[tuple[int, int]], int | None]:
    """The (South, North) boards and the bye of a simulated round."""
    if pairing == "dutch":
        try:
            result = pair_round(tournament, round_number)
        except PairingImpossible:
            pass
        else:
            return [(b.south, b.north) for b in result.boards], result.bye
    return _quick_pairs(tournament, round_number, present)


def _board_cells(
    rng: random.Random,
    by_number: dict[int, trf.Player],
    pairs: list[tuple[int, int]],
    chances: Chances,
) -> dict[int, trf.RoundCell]:
    """Both players' round cells of every board: a forfeit or a result by rating."""
    cells: dict[int, trf.RoundCell] = {}
    for south, north in pairs:
        if rng.random() < chances.forfeit:
            winner, loser = (south, north) if rng.random() < 0.5 else (north, south)
            records = {
                winner: RoundRecord.forfeit_win(loser, WIN, _side(winner, south)),
                loser: RoundRecord.forfeit_loss(winner, LOSS, _side(loser, south)),
            }
        else:
            points = _result(rng, by_number[south].rating, by_number[north].rating, chances.draw)
            records = {
                south: RoundRecord.game(north, points, Side.SOUTH),
                north: RoundRecord.game(south, WIN - points, Side.NORTH),
            }
        cells.update((n, round_cell(record)) for n, record in records.items())
    return cells


def _side(player: int, south: int) -> Side:
    return Side.SOUTH if player == south else Side.NORTH
