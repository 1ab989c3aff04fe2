"""Large sample sections written straight to the database, for benchmarks and scale tests.

Rounds are paired at random (not by the Dutch system) and results drawn at random: what is
measured here is reading and ranking, which do not care how the pairs were made.
"""

import random

from django.db import transaction

from oware.endings import Ending
from oware.points import DRAW, LOSS, WIN
from tournaments.freshness import touch
from tournaments.models import Player, Result, Round, Section
from tournaments.services.rounds import store_boards

OUTCOMES = [  # (ending, South points, North points, South seeds, North seeds)
    (Ending.CAPTURE, WIN, LOSS, 25, 13),
    (Ending.CAPTURE, LOSS, WIN, 9, 27),
    (Ending.DRAW24, DRAW, DRAW, 24, 24),
    (Ending.NO_MOVES, WIN, LOSS, 26, 22),
]


@transaction.atomic
def build_sample_section(section: Section, players: int, rounds: int, seed: int = 1) -> None:
    """Fill `section` with `players` players and `rounds` completed rounds of random games."""
    rng = random.Random(seed)
    people = Player.objects.bulk_create(
        Player(
            section=section,
            name=f"Player {n:05d}",
            sex="m",
            rating=2400 - n % 1000,
            pairing_number=n,
        )
        for n in range(1, players + 1)
    )
    for number in range(1, rounds + 1):
        round_ = Round.objects.create(section=section, number=number, status=Round.Status.COMPLETED)
        order = people[:]
        rng.shuffle(order)
        boards = [
            (order[i], order[i + 1] if i + 1 < len(order) else None, "")
            for i in range(0, len(order), 2)
        ]
        store_boards(round_, boards)
        results = []
        for pairing in round_.pairings.filter(north__isnull=False):
            ending, south_points, north_points, south_seeds, north_seeds = rng.choice(OUTCOMES)
            results.append(
                Result(
                    pairing=pairing,
                    ending=ending,
                    south_points=south_points,
                    north_points=north_points,
                    south_seeds=south_seeds,
                    north_seeds=north_seeds,
                )
            )
        Result.objects.bulk_create(results)
    touch(section.tournament_id)  # bulk writes send no signals
