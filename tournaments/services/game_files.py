"""Game files (Aualé's .ogn) in and out: one game imported into a pairing through the results
service, one game or a whole round exported.

An imported file goes through the same validator as a typed record: it is read by the engine's
.ogn reader, written back as a record in the product's notation (tags, moves, clock readings,
declared ending) and entered with `record_result`, which replays it and checks the clocks.
"""

import io
import zipfile

from django.utils.translation import gettext as _

from games.models import GameRecord, RecordSource
from games.oware.clock import clock_text
from games.oware.errors import RecordError
from games.oware.notation import write_record
from games.oware.ogn import read_ogn, write_ogn
from games.oware.replay import replay
from tournaments.models import Pairing, Result, Round
from tournaments.services.errors import ServiceError
from tournaments.services.results import ResultEntry, record_result

# Tags that name the game's place in the tournament; the rest of a file's tags are kept as read.
PLACE_TAGS = ("Event", "Site", "Date", "Round", "South", "North")


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
