"""Replaying a game: from a list of moves to every position, the ending and the winner.

`replay()` is the hot loop of the validator. It keeps the board packed in one int (see
`position.py`), inlines the common case of a move (a legal sowing that captures nothing) and hands
every unusual case (captures, illegal moves, the end of the game) to the plain functions of
`rules.py`, so the rules live in one place. Positions are kept packed and unpacked on demand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

from .endings import Ending
from .errors import BAD_TOKEN, CAPTURE_COUNT, GAME_OVER, NO_SUCH_PIT, RecordError
from .position import (
    FIELD,
    FIELD_MASK,
    ROW,
    ROW_MASK,
    SOUTH,
    STORE_SHIFT,
    Position,
    pack,
    unpack,
)
from .rules import (
    DECLARED_ENDINGS,
    SEVERAL_SEEDS,
    attempt,
    capture_ending,
    has_legal_move,
    score_at_stop,
    settle,
    winner,
)
from .sides import Side
from .sowing import LAST_PIT, SOW_DELTA
from .variants import Variant, get_variant

START = pack([4] * 12)


@dataclass(frozen=True)
class Repetition:
    """The position after `ply` (pits, stores, side to move) already occurred after `first_ply`
    with no capture in between (ply 0 is the start)."""

    ply: int
    first_ply: int


@dataclass
class Replay:
    """A legal game record replayed.

    states: packed board (pits and stores) at the start and after every ply (index = ply).
    sides: who moved each ply (0 South, 1 North).
    to_move: the player to move after the last ply.
    ending: the Ending (capture, draw24, no_moves, agreed, time, resign) or None (unfinished).
    stores: final (South, North) stores, after the end-of-game settlement.
    winner: the winning Side; None for a draw or an unfinished game (ending None).
    captures: seeds captured by each ply.
    moves: the mover-relative pit (0–5) played each ply.
    resigner: for 'resign', the side that resigned (either player may, at any time).
    """

    variant: Variant
    states: list[int]
    sides: list[int]
    to_move: int
    ending: Ending | None
    stores: tuple[int, int]
    winner: Side | None
    captures: list[int] = field(repr=False)
    moves: list[int] = field(repr=False)
    resigner: int | None = None

    @property
    def plies(self) -> int:
        return len(self.sides)

    @property
    def game_score(self) -> tuple[int, int]:
        """The (South, North) game score the competition keeps: the final stores, except for
        a game stopped by a flag fall or a resignation, scored by `rules.score_at_stop`
        (the loser's store against 25). The score records write and results store."""
        if self.ending == Ending.TIME:
            return score_at_stop(Ending.TIME, self.stores, self.to_move)
        if self.ending == Ending.RESIGN:
            return score_at_stop(Ending.RESIGN, self.stores, self.resigner)
        return self.stores

    @property
    def movers(self) -> str:
        """'S'/'N' per ply, e.g. 'SNSN…' (in ouri a letter can repeat)."""
        return "".join(Side(side).letter for side in self.sides)

    @property
    def board(self) -> list[int]:
        """The 14 integers after the last ply, before settlement."""
        return unpack(self.states[-1])

    def side_to_move_after(self, ply: int) -> int:
        return self.sides[ply] if ply < len(self.sides) else self.to_move

    def position(self, ply: int) -> Position:
        """The position after `ply` plies (0 = the start)."""
        return Position.from_packed(self.states[ply], self.side_to_move_after(ply))

    @property
    def positions(self) -> list[Position]:
        """The start position and the position after every ply."""
        return [self.position(ply) for ply in range(len(self.states))]

    @cached_property
    def repetitions(self) -> list[Repetition]:
        """Every position that repeats an earlier one since the last capture."""
        found = []
        seen: dict[int, int] = {}
        for ply, state in enumerate(self.states):
            if ply and self.captures[ply - 1]:
                seen.clear()
            key = state | self.side_to_move_after(ply) << (STORE_SHIFT[1] + FIELD)
            if key in seen:
                found.append(Repetition(ply, seen[key]))
            else:
                seen[key] = ply
        return found

    def as_result(self) -> dict:
        """The `result` object of the replay command: the winner written 'S', 'N', 'draw', or
        None for an unfinished game."""
        return {
            "ending": self.ending,
            "stores": list(self.stores),
            "winner": winner_text(self.ending, self.winner),
            "plies": self.plies,
            "movers": self.movers,
            "board": self.board,
        }


def repeated_position(game: Replay) -> Repetition | None:
    """The earlier occurrence of the position the game stands in now (pits, stores and player
    to move, after its last ply), or None when that position has not occurred before.

    The competition lets players end a game by agreement only on such a position (a cycle):
    the live board refuses an offer and the results service refuses a record ending `agreed`
    without one (docs/competition.md).
    """
    for found in reversed(game.repetitions):
        if found.ply == game.plies:
            return found
    return None


def winner_text(ending: Ending | None, winner: Side | None) -> str | None:
    """How records and the replay command write a winner: 'S', 'N', 'draw', None unfinished."""
    if winner is not None:
        return winner.letter
    return None if ending is None else "draw"


def _illegal(ply: int, state: int, side: int, move, variant: Variant, over: bool) -> RecordError:
    """The error for a move the fast path refused or could not decide."""
    if over or not has_legal_move(state, side, variant):
        return RecordError(ply, GAME_OVER, message_code=GAME_OVER)
    if move.__class__ is not int:
        return RecordError(ply, BAD_TOKEN, message_code="not_a_pit", move=move)
    reason = attempt(state, side, move, variant)[0]
    return RecordError(ply, reason, message_code=reason)


# A measured hot loop (bench/replay.py, docs/performance.md): the ply loop stays in one function
# so that its locals stay fast.
def replay(
    moves: Sequence[int],
    variant: str | Variant = "abapa",
    end: Ending | str | None = None,
    *,
    sides: Sequence[int | None] | None = None,
    captures: Sequence[int | None] | None = None,
    start: Position | None = None,
    resigner: int | None = None,
) -> Replay:
    """Replay mover-relative `moves` (0–5 from the mover's left) under `variant`.

    end: None, or a declared ending after the last move: 'agreed' (each player takes their own
        row), 'time' (the player to move lost on time) or 'resign' (the player to move resigned).
    sides: optionally the side (0/1) each ply claims to be played by (from a record's letters);
        a move by the wrong side names a pit the mover does not have (`no_such_pit`).
    captures: optionally the seeds each ply claims to capture (`+N`); a wrong count is
        `capture_count`.
    start: the position to play from (default: the opening position, South to move).
    resigner: for 'resign', the side (0/1) that resigned; default the player to move.
    Returns a Replay; raises RecordError naming the first invalid ply.
    """
    variant = get_variant(variant)
    if not isinstance(moves, (list, tuple)):
        moves = list(moves)
    if end is not None and end not in DECLARED_ENDINGS:
        raise ValueError(f"unknown declared ending {end!r}")
    end = None if end is None else Ending(end)
    delta_of = SOW_DELTA
    last_of = LAST_PIT
    row_mask = ROW_MASK
    several = SEVERAL_SEEDS if variant.singleton_rule else (0, 0)
    checking = sides is not None or captures is not None
    state = START if start is None else start.packed()
    side = SOUTH if start is None else start.to_move
    over = capture_ending(state)  # the ending once a store passes 24 or both hold 24
    states = [state]
    movers: list[int] = []
    taken: list[int] = []
    ply = 0
    for move in moves:
        ply += 1
        if over or move.__class__ is not int or not 0 <= move < ROW:
            raise _illegal(ply, state, side, move, variant, bool(over))
        if checking:
            _check_side(ply, side, sides)
        pit = side * ROW + move
        seeds = (state >> (FIELD * pit)) & FIELD_MASK
        opponent = row_mask[1 - side]
        if (
            not seeds
            or (seeds + move < ROW and not state & opponent)
            or (seeds == 1 and state & several[side])
        ):
            raise _illegal(ply, state, side, move, variant, False)
        index = pit << FIELD | seeds
        sown = state + delta_of[index]
        last = last_of[index]
        if (last >= ROW) != side:
            # The last seed fell on the opponent's row: the full rules decide the capture.
            landed = (sown >> (FIELD * last)) & FIELD_MASK
            if landed == 2 or landed == 3:
                reason, sown, got, again = attempt(state, side, move, variant)
                if reason:
                    raise _illegal(ply, state, side, move, variant, False)
                if checking:
                    _check_capture(ply, got, captures)
                states.append(sown)
                movers.append(side)
                taken.append(got)
                state = sown
                if got:
                    over = capture_ending(state)
                if not again:
                    side = 1 - side
                continue
        if checking:
            _check_capture(ply, 0, captures)
        states.append(sown)
        movers.append(side)
        taken.append(0)
        state = sown
        side = 1 - side
    return _finish(variant, states, movers, taken, list(moves), side, over, end, resigner)


def _check_side(ply: int, side: int, sides) -> None:
    claimed = sides[ply - 1] if sides is not None and ply <= len(sides) else None
    if claimed is not None and claimed != side:
        raise RecordError(ply, NO_SUCH_PIT, message_code="wrong_side", side=Side(side).title)


def _check_capture(ply: int, got: int, captures) -> None:
    claimed = captures[ply - 1] if captures is not None and ply <= len(captures) else None
    if claimed is not None and claimed != got:
        raise RecordError(ply, CAPTURE_COUNT, message_code=CAPTURE_COUNT, got=got, claimed=claimed)


def _finish(variant, states, movers, taken, moves, side, over, end, resigner) -> Replay:
    """Decide the ending once every move is played."""
    state = states[-1]
    ply_after = len(movers) + 1
    if over:
        if end is not None:
            raise RecordError(
                ply_after, GAME_OVER, message_code="ended_before", ending=over, end=end
            )
        ending = over
    elif not has_legal_move(state, side, variant):
        if end is not None:
            raise RecordError(ply_after, GAME_OVER, message_code="no_move_before", end=end)
        ending = Ending.NO_MOVES
    else:
        ending = end
    stores = (
        settle(state, side, ending, variant)
        if ending
        else ((state >> STORE_SHIFT[0]) & FIELD_MASK, (state >> STORE_SHIFT[1]) & FIELD_MASK)
    )
    resigner = (side if resigner is None else int(resigner)) if ending == Ending.RESIGN else None
    return Replay(
        variant,
        states,
        movers,
        side,
        ending,
        stores,
        winner(stores, ending, side, resigner),
        taken,
        moves,
        resigner,
    )


def with_ending(game: Replay, end: str, resigner: int | None = None) -> Replay:
    """`game`, unfinished, ended by the declared ending `end` after its last move without
    playing its moves again (as `replay(game.moves, game.variant, end, resigner=…)` would end
    it). Raises RecordError when the game is already over."""
    if game.ending is not None:
        raise RecordError(
            game.plies + 1, GAME_OVER, message_code="ended_before", ending=game.ending, end=end
        )
    if end not in DECLARED_ENDINGS:
        raise ValueError(f"unknown declared ending {end!r}")
    return _finish(
        game.variant,
        game.states,
        game.sides,
        game.captures,
        game.moves,
        game.to_move,
        None,
        end,
        resigner,
    )
