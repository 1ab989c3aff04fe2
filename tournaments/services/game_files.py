"""Game files (Aualé's .ogn) in and out: one game or a round's zip of them imported through the
results service; one game, or any list of games as a zip, exported.

An imported file goes through the same validator as a typed record: it is read once by the
engine (`oware.read_game`, as an .ogn file), written back as a record in the product's notation
(tags, moves, clock readings, declared ending) and entered with `record_result`, which takes the
game as read and checks it and its clocks.
"""

import io
import zipfile
from dataclasses import replace

from django.db import transaction
from django.utils.translation import gettext as _

from oware.clock import clock_text
from oware.endings import Ending
from oware.errors import RecordError
from oware.game import ReadGame, read_game
from oware.notation import write_record
from oware.ogn import write_ogn
from oware.replay import replay
from oware.rules import DECLARED_ENDINGS
from oware.sides import Side
from tournaments.models import Pairing, Result, Round
from tournaments.models.records import RecordSource
from tournaments.services.errors import ErrorCode, ServiceError
from tournaments.services.game_tags import game_tags
from tournaments.services.import_checks import Deadline, open_zip
from tournaments.services.results import ResultEntry, record_result

# A fixed date in every zip entry keeps an archive identical while its games are (for ETags).
ZIP_DATE = (2000, 1, 1, 0, 0, 0)


def import_ogn(pairing: Pairing, text: str, *, by, reason: str = "") -> Result:
    """Enter the game of an .ogn file as the result of `pairing` (source `imported`).

    A South or North tag must name the pairing's player on that side. Raises ServiceError
    (field `record`) for a file the engine cannot read, a file of other players, or any refusal
    of `record_result`.
    """
    try:
        read = read_game(text, pairing.round.section.tournament.variant, ogn=True)
    except RecordError as error:
        raise ServiceError(
            ErrorCode.RULES,
            case="game_file",
            core_code=error.reason,
            field="record",
            ply=error.ply,
            problem=error,
        ) from error
    return _import_read(pairing, read, by=by, reason=reason)


def _import_read(pairing: Pairing, read: ReadGame, *, by, reason: str) -> Result:
    """Enter the game of a file already read (see `import_ogn`)."""
    for side, player in ((Side.SOUTH, pairing.south), (Side.NORTH, pairing.north)):
        named = read.tags.get(side.title, "?").strip()  # the file's South and North tags
        if named not in ("", "?") and player is not None and named != player.name:
            raise ServiceError(
                ErrorCode.OTHER_PLAYERS, field="record", side=side, named=named, player=player.name
            )
    record = write_record(read.replay, dict(read.tags), clocks=read.clocks)
    # The file is played by the tournament's rules, whatever its Variant tag says: the record
    # written names them, and so do the tags the results service checks.
    tags = {**read.tags, "Variant": read.variant.title}
    entry = ResultEntry(record=record, source=RecordSource.IMPORTED, game=replace(read, tags=tags))
    return record_result(pairing, entry, by=by, reason=reason)


OGN_MEDIA_TYPE = "application/x-oware-ogn"
"""The media type of one .ogn game file, wherever the product serves one (a text format:
served with `charset=utf-8`)."""


def game_ogn(pairing: Pairing) -> str | None:
    """The .ogn file of the game of `pairing`, with its clock readings; None when it has no
    record. A record the engine could not read is returned as it was entered."""
    game_record = getattr(pairing, "game_record", None)
    if game_record is None:
        return None
    if not game_record.readable:
        return game_record.text
    end = game_record.ending if game_record.ending in DECLARED_ENDINGS else None
    result = getattr(pairing, "result", None)
    resigner = result.decided_by if result is not None and end == Ending.RESIGN else None
    game = replay(game_record.moves, game_record.variant, end, resigner=resigner)
    readings = [None] + [
        clock_text(reading) if reading is not None else None for reading in game_record.clocks
    ]
    return write_ogn(game, game_tags(pairing), readings)


def games_zip(pairings, file_name) -> bytes:
    """A zip of the .ogn file of each of `pairings` that has a record, named `file_name(pairing)`.

    Select `round__section__tournament`, `south`, `north`, `game_record` and `result` on
    `pairings` to build it without a query per game.
    """
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for pairing in pairings:
            text = game_ogn(pairing)
            if text is not None:
                info = zipfile.ZipInfo(file_name(pairing), date_time=ZIP_DATE)
                info.compress_type = zipfile.ZIP_DEFLATED
                archive.writestr(info, text)
    return buffer.getvalue()


def round_ogn_zip(round_: Round) -> bytes:
    """A zip of the .ogn files of every recorded game of `round_`, `board-NN.ogn` each."""
    pairings = round_.pairings.select_related(
        "round__section__tournament", "south", "north", "game_record", "result"
    ).order_by("board")
    return games_zip(pairings, lambda pairing: f"board-{pairing.board:02d}.ogn")


@transaction.atomic
def import_round_ogn(round_: Round, archive: bytes, *, by, reason: str = "") -> int:
    """Enter every game of a zip of .ogn files (as `round_ogn_zip` writes them) into `round_`.

    Each file finds its board by its `Round` tag (`round.board`) or else by the South and North
    players it names, and goes through `import_ogn`. All or nothing: the first file that cannot
    be placed or is refused raises ServiceError naming the file, and nothing is stored. Returns
    the number of games entered.
    """
    files = open_zip(archive)  # bounded in size, entries and unpacked size before unpacking
    names = sorted(name for name in files.namelist() if name.lower().endswith(".ogn"))
    if not names:
        raise ServiceError(ErrorCode.BAD_FILE, case="empty_ogn_zip", field="file")
    pairings = list(round_.pairings.select_related("round__section__tournament", "south", "north"))
    deadline = Deadline()
    for name in names:
        deadline.check()
        try:
            text = files.read(name).decode("utf-8")
            read = _read_file(text, round_.section.tournament.variant)
            _import_read(_board_of(read.tags, round_, pairings), read, by=by, reason=reason)
        except UnicodeDecodeError as error:
            raise _in_file(name, _("not UTF-8 text"), "bad_file") from error
        except ServiceError as error:
            raise _in_file(name, error, error.code) from error
    return len(names)


def _read_file(text: str, variant: str) -> ReadGame:
    """One file of a zip, read once (as an .ogn file)."""
    try:
        return read_game(text, variant, ogn=True)
    except RecordError as error:
        raise ServiceError(
            ErrorCode.RULES,
            case="file",
            core_code=error.reason,
            field="file",
            problem=error,
        ) from error


def _board_of(tags, round_: Round, pairings: list[Pairing]) -> Pairing:
    """The board of `round_` a file's `tags` name (`Round` board number, else the players)."""
    number, _dot, board = tags.get("Round", "").partition(".")
    for pairing in pairings:
        if number.strip() == str(round_.number) and board.strip() == str(pairing.board):
            return pairing
    south, north = tags.get("South", "").strip(), tags.get("North", "").strip()
    for pairing in pairings:
        if pairing.north and (pairing.south.name, pairing.north.name) == (south, north):
            return pairing
    raise ServiceError(ErrorCode.NO_SUCH_BOARD, field="file", number=round_.number)


def _in_file(name: str, problem, code: str) -> ServiceError:
    return ServiceError(ErrorCode.IN_FILE, core_code=code, field="file", file=name, problem=problem)
