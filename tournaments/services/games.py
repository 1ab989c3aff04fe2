"""A stored game as the game viewer shows it: the record replayed, one position at a time, the
moves with their clock readings and warning marks, and the repetitions of an agreed end."""

from dataclasses import dataclass

from oware.board_view import board_view
from oware.clock import clock_text, warning_marks
from oware.endings import Ending
from oware.errors import RecordError
from oware.game import read_game
from oware.notation import write_movetext
from oware.position import ROW
from oware.replay import replay
from oware.sides import Side
from tournaments.models import Result
from tournaments.models.records import GameRecord


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
        replayed = read_game(result.record, variant).replay
    except RecordError:
        return None
    ply = replayed.plies if ply is None else max(0, min(ply, replayed.plies))
    last_pit = None
    if ply:
        # Moves are counted from the mover's left; North's pits follow South's six.
        last_pit = replayed.moves[ply - 1] + ROW * replayed.sides[ply - 1]
    return GameView(board_view(replayed.position(ply), last_pit=last_pit), ply, replayed.plies)


def played_moves(replayed, clocks, warning_minutes: int | None) -> list[dict]:
    """Each move of `replayed`, the one description the arbiter's move list and the public
    viewer share: "ply", "move" (its letter, `C` or `d`), "number" (the move number), "side"
    'S'/'N', "numbered" (South's move: a move list writes its number before it), "last" (pit
    index 0–11 played), "capture" (seeds taken), "clock" (`mm:ss` on the
    mover's clock after it, None when unknown) and "under_warning" (the mover's clock was under
    the arbiter-call time `warning_minutes` when he played it)."""
    clocks = (list(clocks) + [None] * replayed.plies)[: replayed.plies]
    marks = (
        warning_marks(clocks, replayed.sides, warning_minutes * 60)
        if warning_minutes is not None
        else [False] * replayed.plies
    )
    moves, number = [], 0
    for index, (move, side) in enumerate(zip(replayed.moves, replayed.sides, strict=True)):
        # A move number counts South's move and North's answer; a record may start with North.
        if side == Side.SOUTH and (index == 0 or replayed.sides[index - 1] != side):
            number += 1
        reading = clocks[index]
        moves.append(
            {
                "ply": index + 1,
                "move": ("ABCDEF" if side == Side.SOUTH else "abcdef")[move],
                "number": max(number, 1),
                "side": Side(side).letter,
                "numbered": side == Side.SOUTH,
                "last": move + ROW * side,
                "capture": replayed.captures[index],
                "clock": clock_text(reading) if reading is not None else None,
                "under_warning": marks[index],
            }
        )
    return moves


def move_list(game_record: GameRecord | None, warning_minutes: int) -> list[dict]:
    """Each ply of `game_record` as `{"ply", "notation", "clock", "under_warning"}` (see
    `played_moves`), the notation with its capture (`e+3`). Empty when there is no readable
    record."""
    if game_record is None or not game_record.readable or not game_record.moves:
        return []
    try:
        replayed = replay(game_record.moves, game_record.variant)
    except RecordError:
        return []
    return [
        {
            "ply": move["ply"],
            "notation": move["move"] + (f"+{move['capture']}" if move["capture"] else ""),
            "clock": move["clock"],
            "under_warning": move["under_warning"],
        }
        for move in played_moves(replayed, game_record.clocks, warning_minutes)
    ]


@dataclass
class RepetitionReport:
    """The repeated positions of a record ended by agreement: each as `(ply, first_ply)`, the
    ply that repeats the position first seen after `first_ply` (no capture in between)."""

    repetitions: list[tuple[int, int]]

    @property
    def found(self) -> bool:
        return bool(self.repetitions)


def agreed_end_repetitions(
    record: str, variant: str, ending: Ending | None = None
) -> RepetitionReport | None:
    """What the engine finds repeated in `record` when it ends by agreement (`agreed` written in
    the text or given as `ending`), to show the arbiter before saving; None when it is no agreed
    end, has no record, or is not a valid record (the results service reports that)."""
    if not record.strip():
        return None  # typed scores: no positions to show
    try:
        # Declared beside the text, or else written in it (the replay then ends agreed).
        replayed = read_game(
            record, variant, end=Ending.AGREED if ending == Ending.AGREED else None
        ).replay
    except RecordError:
        return None
    if replayed.ending != Ending.AGREED:
        return None
    return RepetitionReport([(r.ply, r.first_ply) for r in replayed.repetitions])


def game_plies(
    result: Result | None, variant: str, warning_minutes: int | None = None
) -> dict | None:
    """Everything the game viewer's script steps through, as JSON-ready data, or None without a
    readable record.

    {"plies": [ply 0 (the start), ply 1, …], "movetext": the record in letters with move numbers,
    "ending", "stores": final [South, North]}. Each ply: "ply" (number), "pits" (12 seed counts,
    South's A–F then North's a–f), "stores" [South, North], "toMove" 'S'/'N', and for a move:
    "move" (its letter, e.g. 'C' or 'd'), "number" (the move number), "side" 'S'/'N', "last"
    (pit index 0–11 played), "capture" (seeds taken, 0 if none), "clock" ('mm:ss' left on the
    mover's clock, None when the record has no clock), "repeats" (the earlier ply whose position
    this one repeats with no capture in between, or None), "underWarning" (the mover's clock
    was under `warning_minutes`, the arbiter-call time, when he played it).
    """
    if result is None or not result.record:
        return None
    try:
        read = read_game(result.record, variant)
    except RecordError:
        return None
    replayed = read.replay
    repeats = {found.ply: found.first_ply for found in replayed.repetitions}
    moves = played_moves(replayed, read.clocks, warning_minutes)
    plies = []
    for ply, position in enumerate(replayed.positions):
        entry = {
            "ply": ply,
            "pits": list(position.pits),
            "stores": list(position.stores),
            "toMove": Side(position.to_move).letter,
        }
        if ply:
            move = moves[ply - 1]
            entry |= {key: value for key, value in move.items() if key != "under_warning"}
            entry |= {"underWarning": move["under_warning"], "repeats": repeats.get(ply)}
        plies.append(entry)
    return {
        "plies": plies,
        "movetext": write_movetext(replayed, clocks=read.clocks),
        "ending": replayed.ending,
        "stores": list(replayed.stores),
    }


def move_record(pairing) -> str:
    """The move record of `pairing`'s game in the notation, '' when none was entered.

    The one place that knows where records are stored: everything that exports or serves a
    record reads it through here.
    """
    result = getattr(pairing, "result", None)
    return result.record if result is not None else ""


def replayed_game(pairing, variant: str):
    """`pairing`'s record replayed (oware.replay.Replay), or None without a valid record."""
    record = move_record(pairing)
    if not record:
        return None
    try:
        return read_game(record, variant).replay
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
                "to_move": Side(position.to_move).letter,
            }
        )
    return positions
