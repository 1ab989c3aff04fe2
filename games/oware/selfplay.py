"""Legal games played by a simple policy: for demonstrations, tests and benchmarks."""

import random

from .position import Position
from .rules import legal_moves, play
from .variants import Variant, get_variant


def greedy_moves(
    variant: str | Variant = "abapa",
    *,
    rng: random.Random,
    greed: float = 0.7,
    max_plies: int = 300,
) -> tuple[list[int], str | None]:
    """Play a game and return its moves (mover-relative pits) and the declared ending.

    With probability `greed` the mover takes the move that captures most, otherwise a random
    legal one. A game still going after `max_plies` is ended by agreement, as players end a
    cycling game, so the declared ending is 'agreed'; otherwise it is None (the rules ended it).
    """
    variant = get_variant(variant)
    position = Position.start()
    moves: list[int] = []
    while len(moves) < max_plies:
        choices = legal_moves(position, variant)
        if not choices:
            return moves, None
        move = _pick(position, choices, variant, rng, greed)
        position = play(position, move, variant)
        moves.append(move)
    return moves, "agreed"


def _pick(
    position: Position, choices: list[int], variant: Variant, rng: random.Random, greed: float
) -> int:
    if rng.random() >= greed:
        return rng.choice(choices)
    mover = position.to_move

    def captured(move: int) -> int:
        return play(position, move, variant).stores[mover] - position.stores[mover]

    best = max(captured(move) for move in choices)
    return rng.choice([move for move in choices if captured(move) == best])
