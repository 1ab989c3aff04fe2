"""Live boards in a published document: the games being played at the venue, move by move.

A move on a live board raises the tournament's revision (games/apps.py), so the worker sends it
like any other change; the board travels as one more kind of the document, `live_board`, beside
the backup's kinds (the backup itself leaves live boards out: they belong to the hall). A row
names its game by section, round and board, not by row number, and carries what spectators see:
the moves, clock readings, position, state and ending. The players' secret codes and devices
stay at the venue: the public copy is read-only, so nobody claims a side there.
"""

from django.core.exceptions import ValidationError
from django.db import IntegrityError, models, transaction

from games.models import LiveBoard
from games.models.live import new_code
from tournaments.models import Pairing, Tournament

KIND = "live_board"
# What spectators see of a board, copied as it is.
SHOWN = ("moves", "clocks", "position", "state", "offer", "ending", "decided_by", "record")


def live_rows(tournament: Tournament) -> list[dict]:
    """The document rows of `tournament`'s live boards that have moves, numbered 1..n in board
    order."""
    boards = (
        LiveBoard.objects.filter(pairing__round__section__tournament=tournament)
        .exclude(moves=[])
        .select_related("pairing__round__section")
        .order_by("pairing__round__section__order", "pairing__round__number", "pairing__board")
    )
    return [
        {
            "id": number,
            "section": board.pairing.round.section.slug,
            "round": board.pairing.round.number,
            "board": board.pairing.board,
            "code": board.code,
            "started_at": board.started_at.isoformat() if board.started_at else None,
            **{field: _shown(board, field) for field in SHOWN},
        }
        for number, board in enumerate(boards, start=1)
    ]


def _shown(board: LiveBoard, name: str):
    """A board's field as the document carries it: a side by its letter, an ending by its
    value, as the database keeps them."""
    field = LiveBoard._meta.get_field(name)
    value = getattr(board, name)
    return field.get_prep_value(value) if isinstance(field, models.CharField) else value


def restore_live(tournament: Tournament, rows: list[dict]) -> None:
    """Create the copy's live boards from the document's rows. A row whose game is not in the
    copy, or that a live board could not hold (a state it does not know), is passed over; a
    code another tournament here already holds is replaced by a new one (the address on the
    public site then differs from the hall's)."""
    pairings = {
        (p.round.section.slug, p.round.number, p.board): p
        for p in Pairing.objects.filter(round__section__tournament=tournament).select_related(
            "round__section"
        )
    }
    for row in rows:
        pairing = pairings.get((row.get("section"), row.get("round"), row.get("board")))
        if pairing is None:
            continue
        fields = {field: row[field] for field in SHOWN if field in row}
        board = LiveBoard(pairing=pairing, code=str(row.get("code", "")), **fields)
        board.started_at = row.get("started_at")
        try:
            board.full_clean(validate_unique=False)
        except ValidationError:
            continue
        try:
            with transaction.atomic():
                board.save()
        except IntegrityError:
            board.code = new_code()
            board.save()
