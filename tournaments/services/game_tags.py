"""The tags of a game's record: the ones the product writes, and the check of the ones a record
brings (docs/notation.md, "Tags").

Every record the product writes (exports, .ogn files, a live board's game) takes its tags from
`game_tags`, so a record written here and read back finds its own game.
"""

from collections.abc import Mapping

from oware.notation import write_record
from oware.variants import get_variant
from tournaments.models import Pairing
from tournaments.services.errors import ErrorCode, ServiceError

# Tag values that say "not known" (docs/notation.md): they match any pairing.
UNKNOWN_TAG_VALUES = {"", "?", "-"}


def game_tags(pairing: Pairing) -> dict[str, str]:
    """The tags of `pairing`'s game: Event (tournament — section), Site, Date, Round
    (`round.board`, which an import of a round's files reads back), South and North."""
    tournament = pairing.round.section.tournament
    return {
        "Event": f"{tournament.name} — {pairing.round.section.name}",
        "Site": tournament.venue or "?",
        "Date": tournament.start_date.strftime("%Y.%m.%d") if tournament.start_date else "?",
        "Round": f"{pairing.round.number}.{pairing.board}",
        "South": pairing.south.name,
        "North": pairing.north.name if pairing.north else "?",
    }


def record_text(pairing: Pairing, game, clocks) -> str:
    """`game` (a `oware.replay.Replay`) written in the notation with `pairing`'s tags and
    the clock readings `clocks` (seconds or None, one per ply)."""
    return write_record(game, game_tags(pairing), clocks=clocks)


def check_record_tags(pairing: Pairing, tags: Mapping[str, str], variant: str) -> None:
    """Refuse a record whose `Round`, `South`, `North` or `Variant` tag contradicts the pairing.

    `tags` are the record's tags as it was read (`oware.read_game(…).tags`). A tag left out or
    written `?` is not checked. Names compare without regard to case or surrounding spaces; the
    round tag may carry a sub-number (`3.2` is round 3). Raises
    ServiceError(ErrorCode.TAG_MISMATCH, field='record') naming the tag at fault.
    """
    tags = {name: value.strip() for name, value in tags.items()}
    expected = {
        "Round": str(pairing.round.number),
        "South": pairing.south.name,
        "North": pairing.north.name if pairing.north else "",
    }
    for name, wanted in expected.items():
        found = tags.get(name, "")
        if found in UNKNOWN_TAG_VALUES:
            continue
        given = found.split(".")[0] if name == "Round" else found
        if given.casefold() != wanted.strip().casefold():
            raise _tag_mismatch(name, found, wanted)
    found = tags.get("Variant", "")
    if found not in UNKNOWN_TAG_VALUES:
        wanted = get_variant(variant)
        try:
            matches = get_variant(found) == wanted
        except KeyError:
            matches = False
        if not matches:
            raise _tag_mismatch("Variant", found, wanted.title)


def _tag_mismatch(tag: str, found: str, wanted: str) -> ServiceError:
    return ServiceError(ErrorCode.TAG_MISMATCH, field="record", tag=tag, found=found, wanted=wanted)
