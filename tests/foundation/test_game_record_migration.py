"""Moving result records into game records: from the schema with `Result.record` to the new one,
every record kept, readable or not; and moving `GameRecord` from the games app to the tournaments
app, every row and permission kept."""

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, Permission
from django.contrib.contenttypes.models import ContentType

from oware.notation import write_record
from oware.replay import replay
from tests.migrating import migrate, migrate_to_latest
from tournaments.models import GameRecord

BEFORE = [
    ("tournaments", "0015_team_composition"),
    ("games", None),
]
AFTER = [("tournaments", "0016_result_record_moved"), ("games", "0002_move_result_records")]

MOVES = [3, 1, 0, 5, 0, 4]  # D b A f A e: six legal plies of the opening
TYPED = "1. D {19:40} b {19:30} 2. A f 3. A e"
UNREADABLE = "1. D b 2. Z? this is not a record {nor this"


def pairings(apps, count):
    """`count` published pairings of a fresh 20-minute tournament, in the historical schema."""
    Tournament = apps.get_model("tournaments", "Tournament")
    Section = apps.get_model("tournaments", "Section")
    Player = apps.get_model("tournaments", "Player")
    Round = apps.get_model("tournaments", "Round")
    Pairing = apps.get_model("tournaments", "Pairing")
    event = Tournament.objects.create(name="Accra Open", slug="accra")
    section = Section.objects.create(tournament=event, name="Open", slug="open")
    round_ = Round.objects.create(section=section, number=1, status="published")
    made = []
    for board in range(1, count + 1):
        south = Player.objects.create(
            section=section, name=f"S{board}", sex="m", pairing_number=2 * board - 1
        )
        north = Player.objects.create(
            section=section, name=f"N{board}", sex="w", pairing_number=2 * board
        )
        made.append(Pairing.objects.create(round=round_, board=board, south=south, north=north))
    return made


@pytest.mark.django_db(transaction=True)
def test_every_record_text_is_kept_in_a_game_record():
    apps = migrate(BEFORE)
    Result = apps.get_model("tournaments", "Result")
    exported = write_record(replay(MOVES, "abapa", "agreed"), {"Event": "Accra Open"})
    texts = [exported, TYPED, UNREADABLE, ""]
    boards = pairings(apps, len(texts))
    for pairing, text in zip(boards, texts, strict=True):
        Result.objects.create(
            pairing=pairing,
            south_points=1,
            north_points=0,
            south_seeds=30,
            north_seeds=18,
            ending="agreed",
            record=text,
        )

    apps = migrate(AFTER)
    GameRecord = apps.get_model("games", "GameRecord")
    kept = {g.pairing.board: g for g in GameRecord.objects.select_related("pairing")}
    assert sorted(kept) == [1, 2, 3], "a result without a record gets no game record"
    assert [kept[board].text for board in (1, 2, 3)] == texts[:3]
    assert kept[1].moves == MOVES and kept[1].clocks == [None] * 6
    assert kept[2].moves == MOVES and kept[2].clocks == [1180, 1170, None, None, None, None]
    assert kept[1].readable and kept[2].readable
    assert not kept[3].readable and kept[3].moves == []
    assert {g.ending for g in kept.values()} == {"agreed"}
    assert {g.source for g in kept.values()} == {"typed"}
    assert {g.variant for g in kept.values()} == {"abapa"}
    Result = apps.get_model("tournaments", "Result")
    assert "record" not in {field.name for field in Result._meta.get_fields()}

    apps = migrate(BEFORE)  # and back: the texts return to the results
    Result = apps.get_model("tournaments", "Result")
    assert [r.record for r in Result.objects.order_by("pairing__board")] == texts
    Result.objects.all().delete()
    migrate_to_latest()


BEFORE_MOVE = [("tournaments", "0018_section_initial_colour"), ("games", "0003_live_boards")]
CLOCKS = [1180, 1170, None, None, None, None]


@pytest.mark.django_db(transaction=True)
def test_a_record_written_in_the_games_app_is_read_from_the_tournaments_app():
    """GameRecord moved to the tournaments app: its rows, and the permissions granted on it, stay
    the same rows; and the way back returns them to the games app."""
    apps = migrate(BEFORE_MOVE)
    (pairing,) = pairings(apps, 1)
    written = apps.get_model("games", "GameRecord").objects.create(
        pairing=pairing,
        variant="abapa",
        moves=MOVES,
        clocks=CLOCKS,
        ending="agreed",
        source="live",
        text=TYPED,
    )
    # Permissions live in apps these migrations leave alone: the current models read them.
    ContentType.objects.clear_cache()
    content_type = ContentType.objects.get(app_label="games", model="gamerecord")
    readers = Group.objects.create(name="record readers")
    readers.permissions.add(
        Permission.objects.get(content_type=content_type, codename="view_gamerecord")
    )

    migrate_to_latest()
    ContentType.objects.clear_cache()
    read = GameRecord.objects.select_related("pairing").get()
    assert (read.pk, read.pairing.board, read.moves, read.clocks) == (written.pk, 1, MOVES, CLOCKS)
    assert (read.ending, read.source, read.text) == ("agreed", "live", TYPED)
    assert replay(read.moves, read.variant, read.ending).stores == (29, 19)
    reader = get_user_model().objects.create_user("reader")
    reader.groups.add(readers)
    assert reader.has_perm("tournaments.view_gamerecord")
    assert ContentType.objects.get_for_model(GameRecord).pk == content_type.pk

    apps = migrate(BEFORE_MOVE)  # and back: the same row, in the games app again
    back = apps.get_model("games", "GameRecord").objects.get()
    assert (back.pk, back.moves, back.text) == (written.pk, MOVES, TYPED)
    migrate_to_latest()
    ContentType.objects.clear_cache()
