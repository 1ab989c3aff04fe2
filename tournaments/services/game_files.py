"""Game files (Aualé's .ogn) in and out: one game imported into a pairing through the results
service, one game or a whole round exported.

An imported file goes through the same validator as a typed record: it is read by the engine's
.ogn reader, written back as a record in the product's notation (tags, moves, clock readings,
declared ending) and entered with `record_result`, which replays it and checks the clocks.
"""

import io
import zipfile

from django.db import transaction
from django.utils.translation import gettext as _

from games.oware.clock import clock_text
from games.oware.errors import RecordError
from games.oware.notation import write_record
from games.oware.ogn import read_ogn, write_ogn
from games.oware.replay import replay
from tournaments.models import Pairing, Result, Round
from tournaments.models.records import GameRecord, RecordSource
from tournaments.services.errors import ServiceError
from tournaments.services.results import ResultEntry, record_result

# Tags that name the game's place in the tournament; the rest of a file's tags are kept as read.


def import_ogn(pairing: Pairing, text: str, *, by, reason: str = "") -> Result:
    """Enter the game of an .ogn file as the result of `pairing` (source `imported`).

    A South or North tag must name the pairing's player on that side. Raises ServiceError
    (field `record`) for a file the engine cannot read, a file of other players, or any refusal
    of `record_result`.
    """
    tournament = pairing.round.section.tournament
    try:
        read = read_ogn(text, tournament.variant)
    except RecordError as error:
        raise ServiceError(
            _("Game file, ply %(ply)d: %(problem)s.")
            % {"ply": error.ply, "problem": error.message},
            code=error.reason,
            field="record",
        ) from error
    for tag, player in (("South", pairing.south), ("North", pairing.north)):
        named = read.tags.get(tag, "?").strip()
        if named not in ("", "?") and player is not None and named != player.name:
            raise ServiceError(
                _("The file's %(side)s player is %(named)s, not %(player)s.")
                % {"side": tag, "named": named, "player": player.name},
                code="other_players",
                field="record",
            )
    record = write_record(read.game, read.tags, clocks=read.clocks)
    return record_result(
        pairing,
        ResultEntry(record=record),
        by=by,
        reason=reason,
        source=RecordSource.IMPORTED,
    )


def game_ogn(pairing: Pairing) -> str | None:
    """The .ogn file of the game of `pairing`, with its clock readings; None when it has no
    record. A record the engine could not read is returned as it was entered."""
    game_record = GameRecord.objects.filter(pairing=pairing).first()
    if game_record is None:
        return None
    if not game_record.readable:
        return game_record.text
    end = game_record.ending if game_record.ending in ("agreed", "time", "resign") else None
    game = replay(game_record.moves, game_record.variant, end)
    readings = [None] + [
        clock_text(reading) if reading is not None else None for reading in game_record.clocks
    ]
    return write_ogn(game, _place_tags(pairing), readings)


def round_ogn_zip(round_: Round) -> bytes:
    """A zip of the .ogn files of every recorded game of `round_`, `board-NN.ogn` each."""
    buffer = io.BytesIO()
    pairings = round_.pairings.select_related(
        "round__section__tournament", "south", "north"
    ).order_by("board")
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for pairing in pairings:
            text = game_ogn(pairing)
            if text is not None:
                archive.writestr(f"board-{pairing.board:02d}.ogn", text)
    return buffer.getvalue()


def _place_tags(pairing: Pairing) -> dict[str, str]:
    tournament = pairing.round.section.tournament
    date = tournament.start_date.strftime("%Y.%m.%d") if tournament.start_date else "?"
    return {
        "Event": f"{tournament.name} — {pairing.round.section.name}",
        "Site": tournament.venue or "?",
        "Date": date,
        "Round": f"{pairing.round.number}.{pairing.board}",
        "South": pairing.south.name,
        "North": pairing.north.name if pairing.north else "?",
    }


@transaction.atomic
def import_round_ogn(round_: Round, archive: bytes, *, by, reason: str = "") -> int:
    """Enter every game of a zip of .ogn files (as `round_ogn_zip` writes them) into `round_`.

    Each file finds its board by its `Round` tag (`round.board`) or else by the South and North
    players it names, and goes through `import_ogn`. All or nothing: the first file that cannot
    be placed or is refused raises ServiceError naming the file, and nothing is stored. Returns
    the number of games entered.
    """
    try:
        files = zipfile.ZipFile(io.BytesIO(archive))
        names = sorted(name for name in files.namelist() if name.lower().endswith(".ogn"))
    except zipfile.BadZipFile as error:
        raise ServiceError(
            _("The file is not a zip of .ogn game files."), code="bad_file", field="file"
        ) from error
    if not names:
        raise ServiceError(_("The zip holds no .ogn file."), code="bad_file", field="file")
    pairings = list(round_.pairings.select_related("round__section__tournament", "south", "north"))
    for name in names:
        try:
            text = files.read(name).decode("utf-8")
            pairing = _board_of(text, round_, pairings)
            import_ogn(pairing, text, by=by, reason=reason)
        except UnicodeDecodeError as error:
            raise _in_file(name, _("not UTF-8 text"), "bad_file") from error
        except ServiceError as error:
            raise _in_file(name, error.message, error.code) from error
    return len(names)


def _board_of(text: str, round_: Round, pairings: list[Pairing]) -> Pairing:
    try:
        tags = read_ogn(text, round_.section.tournament.variant).tags
    except RecordError as error:
        raise ServiceError(error.message, code=error.reason, field="file") from error
    number, _dot, board = tags.get("Round", "").partition(".")
    for pairing in pairings:
        if number.strip() == str(round_.number) and board.strip() == str(pairing.board):
            return pairing
    south, north = tags.get("South", "").strip(), tags.get("North", "").strip()
    for pairing in pairings:
        if pairing.north and (pairing.south.name, pairing.north.name) == (south, north):
            return pairing
    raise ServiceError(
        _("No board of round %(number)d has these players or this board number.")
        % {"number": round_.number},
        code="no_such_board",
        field="file",
    )


def _in_file(name: str, problem: str, code: str) -> ServiceError:
    return ServiceError(
        _("%(file)s: %(problem)s Nothing was imported.") % {"file": name, "problem": problem},
        code=code,
        field="file",
    )
