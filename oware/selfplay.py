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
    cycling game: it goes on until its position repeats one it had before (the competition's
    condition for an agreement), and the declared ending is 'agreed'; otherwise it is None (the
    rules ended it). A game that neither ends nor repeats within `4 * max_plies` is cut back to
    the last ply whose position had occurred before.
    """
    variant = get_variant(variant)
    position = Position.start()
    moves: list[int] = []
    seen = {position}
    repeated_at = 0  # the last ply whose position had occurred before
    while len(moves) < 4 * max_plies:
        choices = legal_moves(position, variant)
        if not choices:
            return moves, None
        move = _pick(position, choices, variant, rng, greed)
        position = play(position, move, variant)
        moves.append(move)
        if position in seen:
            repeated_at = len(moves)
            if len(moves) >= max_plies:
                return moves, "agreed"
        seen.add(position)
    return moves[:repeated_at], "agreed" if repeated_at else None


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
