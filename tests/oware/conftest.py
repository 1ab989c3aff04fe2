"""Shared helpers for the Oware tests."""

from __future__ import annotations

import random

from oware.position import NORTH, SOUTH, Position
from oware.replay import replay
from oware.rules import attempt, capture_ending, legal_moves_packed
from oware.variants import get_variant


def board(south_row, north_row, south_store=None, north_store=None, to_move=SOUTH) -> Position:
    """A position from South's row (A–F) and North's row (a–f). Stores left out share the seeds
    missing from 48 (South takes the odd one)."""
    missing = 48 - sum(south_row) - sum(north_row)
    if north_store is None:
        north_store = missing // 2 if south_store is None else missing - south_store
    if south_store is None:
        south_store = missing - north_store
    return Position(tuple(south_row) + tuple(north_row), (south_store, north_store), to_move)


def play_out(variant, seed: int, max_plies: int = 2000) -> list[int]:
    """The moves of a game of random legal moves from the opening (stops at the end of the game,
    at a repeated position or after max_plies)."""
    rng = random.Random(seed)
    moves: list[int] = []
    game = replay(moves, variant)
    state, side = game.states[-1], game.to_move
    seen = set()
    while len(moves) < max_plies and (state, side) not in seen:
        seen.add((state, side))
        if capture_ending(state):
            break
        legal = legal_moves_packed(state, side, get_variant(variant))
        if not legal:
            break
        move = rng.choice(legal)
        _, state, _, again = attempt(state, side, move, get_variant(variant))
        side = side if again else 1 - side
        moves.append(move)
    return moves


__all__ = ["board", "play_out", "NORTH", "SOUTH"]
