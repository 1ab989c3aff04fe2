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


def move_record(pairing) -> str:
    """The move record of `pairing`'s game in the notation, '' when none was entered.

    The one place that knows where records are stored: everything that exports or serves a
    record reads it through here.
    """
    result = getattr(pairing, "result", None)
    return result.record if result is not None else ""


def replayed_game(pairing, variant: str):
    """`pairing`'s record replayed (games.oware.replay.Replay), or None without a valid record."""
    record = move_record(pairing)
    if not record:
        return None
    try:
        return replay_record(record, variant)
    except RecordError:
        return None


def game_positions(pairing, variant: str) -> list[dict] | None:
    """The position before the first move and after each one: ply, pits (South's a–f then
    North's), stores (South, North) and side to move; None when the game has no record."""
    game = replayed_game(pairing, variant)
    if game is None:
        return None
    positions = []
    for ply in range(game.plies + 1):
        position = game.position(ply)
        positions.append(
            {
                "ply": ply,
                "pits": list(position.pits),
                "stores": list(position.stores),
                "to_move": "SN"[position.to_move],
            }
        )
    return positions


def record_tags(pairing) -> dict[str, str]:
    """The standard tags of `pairing`'s game as exports write them (spec/notation.md)."""
    tournament = pairing.round.section.tournament
    return {
        "Event": f"{tournament.name} — {pairing.round.section.name}",
        "Site": tournament.venue,
        "Date": tournament.start_date.strftime("%Y.%m.%d") if tournament.start_date else "?",
        "Round": str(pairing.round.number),
        "South": pairing.south.name,
        "North": pairing.north.name if pairing.north else "?",
    }
