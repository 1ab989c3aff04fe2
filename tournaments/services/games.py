"""A stored game as the game viewer shows it: the record replayed, one position at a time."""

from dataclasses import dataclass

from games.oware.board_view import board_view
from games.oware.errors import RecordError
from games.oware.notation import parse_leniently, replay_record, write_movetext
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


def game_plies(result: Result | None, variant: str) -> dict | None:
    """Everything the game viewer's script steps through, as JSON-ready data, or None without a
    readable record.

    {"plies": [ply 0 (the start), ply 1, …], "movetext": the record in letters with move numbers,
    "ending", "stores": final [South, North]}. Each ply: "ply" (number), "pits" (12 seed counts,
    South's A–F then North's a–f), "stores" [South, North], "toMove" 'S'/'N', and for a move:
    "move" (its letter, e.g. 'C' or 'd'), "number" (the move number), "side" 'S'/'N', "last"
    (pit index 0–11 played), "capture" (seeds taken, 0 if none), "clock" ('mm:ss' left on the
    mover's clock, None when the record has no clock), "repeats" (the earlier ply whose position
    this one repeats with no capture in between, or None).
    """
    if result is None or not result.record:
        return None
    try:
        replayed = replay_record(result.record, variant)
        parsed, _problem = parse_leniently(result.record)
    except RecordError:
        return None
    repeats = {found.ply: found.first_ply for found in replayed.repetitions}
    plies = []
    number = 0
    for ply, position in enumerate(replayed.positions):
        entry = {
            "ply": ply,
            "pits": list(position.pits),
            "stores": list(position.stores),
            "toMove": "S" if position.to_move == 0 else "N",
        }
        if ply:
            side, move = replayed.sides[ply - 1], replayed.moves[ply - 1]
            if side == 0 and (ply == 1 or replayed.sides[ply - 2] != 0):
                number += 1
            clock = parsed.clocks[ply - 1] if ply - 1 < len(parsed.clocks) else None
            entry |= {
                "move": ("ABCDEF" if side == 0 else "abcdef")[move],
                "number": max(number, 1),
                "side": "S" if side == 0 else "N",
                "last": move + ROW * side,
                "capture": replayed.captures[ply - 1],
                "clock": None if clock is None else f"{clock // 60:02d}:{clock % 60:02d}",
                "repeats": repeats.get(ply),
            }
        plies.append(entry)
    return {
        "plies": plies,
        "movetext": write_movetext(replayed, clocks=parsed.clocks),
        "ending": replayed.ending,
        "stores": list(replayed.stores),
    }
