"""Move every result's move record text into a GameRecord, nothing lost.

The text is kept verbatim; the moves and clock readings are read from it by the engine. A text
the engine cannot read keeps its place in `text` with `readable` False and no moves.
"""

from django.db import migrations

from oware.errors import RecordError
from oware.notation import parse_leniently
from oware.replay import replay


def _moves_and_clocks(text, variant):
    record, problem = parse_leniently(text)
    if problem is not None:
        return None
    try:
        replay(record.moves, variant, record.ending, sides=record.sides, captures=record.captures)
    except (RecordError, KeyError, ValueError):
        return None
    return record.moves, record.clocks


def move_records(apps, schema_editor):
    Result = apps.get_model("tournaments", "Result")
    GameRecord = apps.get_model("games", "GameRecord")
    results = Result.objects.exclude(record="").select_related("pairing__round__section__tournament")
    for result in results.iterator():
        variant = result.pairing.round.section.tournament.variant
        read = _moves_and_clocks(result.record, variant)
        GameRecord.objects.create(
            pairing_id=result.pairing_id,
            variant=variant,
            moves=read[0] if read else [],
            clocks=read[1] if read else [],
            ending=result.ending,
            source="typed",
            text=result.record,
            readable=read is not None,
        )


def move_records_back(apps, schema_editor):
    Result = apps.get_model("tournaments", "Result")
    GameRecord = apps.get_model("games", "GameRecord")
    for game_record in GameRecord.objects.exclude(text="").iterator():
        Result.objects.filter(pairing_id=game_record.pairing_id).update(record=game_record.text)
    GameRecord.objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0001_game_records"),
    ]

    operations = [
        migrations.RunPython(move_records, move_records_back),
    ]
