"""The rules of a move and of the end of the game, on packed boards and on `Position`s.

Moves are mover-relative: 0–5 names the mover's pits from the mover's left.
The packed functions (`attempt`, `has_legal_move`, `settle`, …) are the single source of the rules;
`replay.py` inlines the common path of `attempt` for speed and defers to it for anything unusual.
"""

from __future__ import annotations

from .endings import Ending
from .errors import EMPTY_PIT, GRAND_SLAM, MUST_FEED, NO_SUCH_PIT, SINGLETON, RecordError
from .position import (
    FIELD,
    FIELD_MASK,
    NORTH,
    ROW,
    ROW_MASK,
    SEEDS,
    SOUTH,
    STORE_SHIFT,
    Position,
    store_of,
)
from .sides import Side
from .sowing import LAST_PIT, SOW_DELTA
from .variants import (
    GRAND_SLAM_FORBIDDEN,
    GRAND_SLAM_SOWS_ONLY,
    NO_MOVES_OWN_ROWS,
    Variant,
    get_variant,
)

# Endings a record may declare after its last move (see docs/competition.md); the others
# follow from the moves.
DECLARED_ENDINGS = tuple(ending for ending in Ending if ending.declared)

# Bits 1–5 of every field of a row: non-zero exactly when some pit of the row holds 2 or more.
SEVERAL_SEEDS = tuple(
    sum((FIELD_MASK - 1) << (FIELD * (side * ROW + i)) for i in range(ROW)) for side in (0, 1)
)


def capture(state: int, side: int, last: int) -> tuple[int, int]:
    """Remove the seeds `side` captures when its last seed fell in pit `last`.

    Starting at `last` and going clockwise while the pit is the opponent's and holds 2 or 3 seeds.
    Returns (board without the captured seeds, seeds captured); the store is not credited here.
    """
    first_opponent_pit = (1 - side) * ROW
    captured = 0
    while last >= first_opponent_pit and last < first_opponent_pit + ROW:
        seeds = (state >> (FIELD * last)) & FIELD_MASK
        if seeds != 2 and seeds != 3:
            break
        captured += seeds
        state -= seeds << (FIELD * last)
        last -= 1
    return state, captured


def attempt(state: int, side: int, move, variant: Variant):
    """Play mover-relative `move` for `side` on packed `state`.

    Returns (reason, new_state, captured, moves_again): `reason` is None for a legal move, else a
    reason code (checked in the order no_such_pit, empty_pit, singleton, must_feed, grand_slam)
    and the other values are meaningless. `captured` is already in the mover's store.
    Does not know whether the game is over; callers check that first.
    """
    if move.__class__ is not int or not 0 <= move < ROW:
        return NO_SUCH_PIT, state, 0, False
    pit = side * ROW + move
    seeds = (state >> (FIELD * pit)) & FIELD_MASK
    if seeds == 0:
        return EMPTY_PIT, state, 0, False
    # The singleton rule, like an empty pit, is about the pit itself, so it is checked before
    # the effect of the move (feeding, grand slam).
    if variant.singleton_rule and seeds == 1 and state & SEVERAL_SEEDS[side]:
        return SINGLETON, state, 0, False
    opponent_row = ROW_MASK[1 - side]
    # The first opponent pit is ROW - move pits away, so that many seeds reach it.
    if not state & opponent_row and seeds < ROW - move:
        return MUST_FEED, state, 0, False
    index = pit << FIELD | seeds
    sown = state + SOW_DELTA[index]
    after, captured = capture(sown, side, LAST_PIT[index])
    again = False
    if captured and not after & opponent_row:
        if variant.grand_slam == GRAND_SLAM_FORBIDDEN:
            return GRAND_SLAM, state, 0, False
        if variant.grand_slam == GRAND_SLAM_SOWS_ONLY:
            return None, sown, 0, False
        again = True
    return None, after + (captured << STORE_SHIFT[side]), captured, again


def has_legal_move(state: int, side: int, variant: Variant) -> bool:
    """Whether `side` has a legal move on packed `state`."""
    return any(attempt(state, side, move, variant)[0] is None for move in range(ROW))


def legal_moves_packed(state: int, side: int, variant: Variant) -> list[int]:
    """The mover-relative legal moves of `side` on packed `state`."""
    return [move for move in range(ROW) if attempt(state, side, move, variant)[0] is None]


def capture_ending(state: int) -> Ending | None:
    """CAPTURE if a store has passed 24, DRAW24 if both hold 24, else None."""
    south, north = store_of(state, SOUTH), store_of(state, NORTH)
    if south > SEEDS // 2 or north > SEEDS // 2:
        return Ending.CAPTURE
    if south == north == SEEDS // 2:
        return Ending.DRAW24
    return None


def row_total(state: int, side: int) -> int:
    """Seeds on `side`'s row of packed `state`."""
    row = (state & ROW_MASK[side]) >> (FIELD * ROW * side)
    return sum((row >> (FIELD * i)) & FIELD_MASK for i in range(ROW))


def settle(state: int, to_move: int, ending: Ending, variant: Variant) -> tuple[int, int]:
    """Final (South, North) stores once the game has ended with `ending`.

    NO_MOVES: per the variant, each player takes their own row, or the player who cannot be fed
    (the opponent of the player to move) takes every seed left. AGREED: each takes their own row.
    Any other ending leaves the stores as they are.
    """
    south, north = store_of(state, SOUTH), store_of(state, NORTH)
    on_south, on_north = row_total(state, SOUTH), row_total(state, NORTH)
    if ending == Ending.AGREED or (
        ending == Ending.NO_MOVES and variant.no_moves == NO_MOVES_OWN_ROWS
    ):
        return south + on_south, north + on_north
    if ending == Ending.NO_MOVES:
        if to_move == SOUTH:
            return south, north + on_south + on_north
        return south + on_south + on_north, north
    return south, north


def winner(
    stores: tuple[int, int], ending: Ending | None, to_move: int, resigner: int | None = None
) -> Side | None:
    """The winning side; None for a draw, and for an unfinished game (`ending` None).

    TIME: the flagged player (`to_move`) wins with 25 or more, draws with 24, else loses.
    RESIGN: the opponent of `resigner` wins (the player to move when no one is named).
    Otherwise the larger store wins.
    """
    if ending is None:
        return None
    mover = Side(to_move)
    if ending == Ending.RESIGN:
        return Side(mover if resigner is None else resigner).opponent
    if ending == Ending.TIME:
        return timed_out_score(stores, mover)[1]
    if stores[0] == stores[1]:
        return None
    return Side.SOUTH if stores[0] > stores[1] else Side.NORTH


# The conventional score of the winner by time or resignation.
WIN_SCORE = SEEDS // 2 + 1


def timed_out_score(stores: tuple[int, int], flagged: int) -> tuple[tuple[int, int], Side | None]:
    """Game score and winner when `flagged` (0 South, 1 North) loses on time with `stores`.

    The flagged player's store decides: 25 or more he wins with the stores as they are, 24 is a
    24 : 24 draw, less he loses with his store against 25.
    """
    own = stores[flagged]
    if own > SEEDS // 2:
        return (stores[0], stores[1]), Side(flagged)
    if own == SEEDS // 2:
        return (own, own), None
    return loss_score(own, flagged), Side(flagged).opponent


def loss_score(own: int, loser: int) -> tuple[int, int]:
    """(South, North) when `loser` keeps his store `own` and the winner is credited with 25."""
    return (own, WIN_SCORE) if loser == 0 else (WIN_SCORE, own)


def score_at_stop(ending: Ending, stores: tuple[int, int], loser: int) -> tuple[int, int]:
    """The game score of a game stopped by `ending` ('time' or 'resign') with `stores` in the
    stores at that moment, `loser` (0 South, 1 North) being the flagged or resigning player.

    The competition's table, kept here only: a flag fall follows `timed_out_score`, a resigning
    player keeps his store against 25.
    """
    if ending == Ending.TIME:
        return timed_out_score(stores, loser)[0]
    if ending == Ending.RESIGN:
        return loss_score(stores[loser], loser)
    raise ValueError(f"{ending!r} is not a stopped game")


# --- readable API on Position ---------------------------------------------------------------


def legal_moves(position: Position, variant: str | Variant = "abapa") -> list[int]:
    """The mover-relative pits (0–5) the player to move may play; [] when the game is over."""
    variant = get_variant(variant)
    state = position.packed()
    if capture_ending(state):
        return []
    return legal_moves_packed(state, position.to_move, variant)


def play(position: Position, move: int, variant: str | Variant = "abapa") -> Position:
    """The position after the player to move plays mover-relative pit `move`.

    Raises RecordError(1, reason) for an illegal move (the ply is counted from `position`).
    In `ouri` a grand slam leaves the same player to move.
    """
    variant = get_variant(variant)
    state = position.packed()
    if capture_ending(state) or not has_legal_move(state, position.to_move, variant):
        raise RecordError(1, "game_over", message_code="game_is_over")
    reason, after, _, again = attempt(state, position.to_move, move, variant)
    if reason:
        raise RecordError(1, reason)
    return Position.from_packed(after, position.to_move if again else 1 - position.to_move)
