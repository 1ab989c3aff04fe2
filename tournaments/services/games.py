"""A stored game as the game viewer shows it: the record replayed, one position at a time."""

from dataclasses import dataclass

from games.oware.board_view import board_view
from games.oware.errors import RecordError
from games.oware.notation import replay_record
from games.oware.position import ROW
from tournaments.models import Result


@dataclass
class GameView:
    board: dict  # the context of templates/games/board.html
    ply: int
    last_ply: int

    @property
    def previous_ply(self) -> int:
        return max(self.ply - 1, 0)

    @property
    def next_ply(self) -> int:
        return min(self.ply + 1, self.last_ply)


def game_view(result: Result | None, variant: str, ply: int | None) -> GameView | None:
    """The position after `ply` (default and beyond the end: the final one), or None when the
    game has no record. Records were validated when entered, so a replay error means the
    variant changed since; the game is then shown without a board rather than failing."""
    if result is None or not result.record:
        return None
    try:
        replayed = replay_record(result.record, variant)
    except RecordError:
        return None
    ply = replayed.plies if ply is None else max(0, min(ply, replayed.plies))
    last_pit = None
    if ply:
        # Moves are counted from the mover's left; North's pits follow South's six.
        last_pit = replayed.moves[ply - 1] + ROW * replayed.sides[ply - 1]
    return GameView(board_view(replayed.position(ply), last_pit=last_pit), ply, replayed.plies)
