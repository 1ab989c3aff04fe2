import random

import pytest

from oware.notation import write_record
from oware.replay import replay
from oware.selfplay import greedy_moves
from tournaments.models import Round
from tournaments.services.rounds import store_boards

# A game of 115 plies whose last position repeats the one after ply 103 (no capture between).
REPEATING = [
    4, 3, 2, 2, 3, 1, 4, 0, 0, 1, 4, 4, 2, 3, 4, 2, 0, 3, 2, 4, 1, 2, 5, 3, 0, 5, 3, 0, 5, 3,
    1, 5, 4, 2, 0, 4, 2, 4, 0, 2, 1, 5, 2, 3, 3, 3, 4, 0, 5, 1, 4, 3, 2, 4, 0, 2, 2, 3, 4, 5,
    2, 4, 4, 0, 3, 0, 5, 4, 4, 2, 1, 0, 5, 0, 2, 4, 3, 5, 0, 1, 4, 4, 0, 5, 5, 0, 0, 2, 1, 3,
    0, 1, 2, 2, 1, 3, 2, 5, 3, 4, 4, 0, 5, 5, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5,
]  # fmt: skip


@pytest.fixture
def players(section, make_player):
    names = ["Ama", "Kofi", "Yaw", "Afi", "Kwame", "Esi"]
    return [
        make_player(name, number, rating=2000 - 50 * number)
        for number, name in enumerate(names, start=1)
    ]


@pytest.fixture
def published_round(section, players):
    """Round 1, published: 1–2 on board 1, 3–4 on board 2, 5–6 on board 3."""
    round_ = Round.objects.create(section=section, number=1, status=Round.Status.PUBLISHED)
    store_boards(
        round_,
        [(players[0], players[1], ""), (players[2], players[3], ""), (players[4], players[5], "")],
    )
    return round_


@pytest.fixture
def game(published_round):
    return published_round.pairings.get(board=1)


def played_game(ending: str | None = None, variant: str = "abapa"):
    """A legal game (moves, Replay) that the rules end by `ending` ('capture', 'no_moves'…)."""
    for seed in range(500):
        moves, declared = greedy_moves(variant, rng=random.Random(seed))
        game = replay(moves, variant, declared)
        if ending is None or game.ending == ending:
            return moves, game
    raise AssertionError(f"no game ending by {ending} in 500 tries")


def record_of(moves, variant="abapa", ending=None) -> str:
    return write_record(replay(moves, variant, ending))
