"""Synthetic Swiss sections for tests and benchmarks (not a pairing system).

Each round sorts players by score with a random jitter, pairs neighbours,
gives the last player a pairing-allocated bye when the count is odd, and
draws results from the rating difference.  A few players take requested
byes and a few games are forfeited, so that every unplayed-round rule is
exercised.  Results are reproducible from ``seed``.
"""

from __future__ import annotations

import random
from decimal import Decimal

from oware.points import DRAW, LOSS, WIN
from oware.sides import Side
from tournaments.history import RoundRecord
from tournaments.outcomes import RoundOutcome

from .records import PlayerRounds


def random_section(players: int = 1000, rounds: int = 11, seed: int = 2026) -> list[PlayerRounds]:
    """Records of ``players`` players (ids 1..players) over ``rounds`` rounds."""
    rng = random.Random(seed)
    ratings = {pid: rng.randint(1000, 2400) for pid in range(1, players + 1)}
    score = {pid: Decimal(0) for pid in ratings}
    history: dict[int, list[RoundRecord]] = {pid: [] for pid in ratings}
    for _ in range(rounds):
        absent = {pid for pid in ratings if rng.random() < 0.02}
        for pid in absent:
            kind = (
                RoundOutcome.HALF_POINT_BYE if rng.random() < 0.5 else RoundOutcome.ZERO_POINT_BYE
            )
            _record(
                history,
                score,
                pid,
                RoundRecord.bye(kind, DRAW if kind is RoundOutcome.HALF_POINT_BYE else 0),
            )
        present = sorted(
            (pid for pid in ratings if pid not in absent),
            key=lambda pid: (-score[pid], -ratings[pid] + rng.randint(-150, 150)),
        )
        if len(present) % 2:
            _record(history, score, present.pop(), RoundRecord.bye(RoundOutcome.PAIRING_BYE, 1))
        for a, b in zip(present[::2], present[1::2], strict=True):
            _play(rng, history, score, ratings, a, b)
    return [PlayerRounds(pid, history[pid]) for pid in ratings]


def _play(rng, history, score, ratings, south, north) -> None:
    if rng.random() < 0.02:
        winner, loser = (south, north) if rng.random() < 0.5 else (north, south)
        _record(history, score, winner, RoundRecord.forfeit_win(loser, 1))
        _record(history, score, loser, RoundRecord.forfeit_loss(winner, 0))
        return
    expected = 1 / (1 + 10 ** ((ratings[north] - ratings[south]) / 400))
    roll = rng.random()
    if roll < expected - 0.1:
        south_points = WIN
    elif roll < expected + 0.1:
        south_points = DRAW
    else:
        south_points = LOSS
    _record(history, score, south, RoundRecord.game(north, south_points, Side.SOUTH))
    _record(history, score, north, RoundRecord.game(south, 1 - south_points, Side.NORTH))


def _record(history, score, pid, result: RoundRecord) -> None:
    history[pid].append(result)
    score[pid] += result.points
