"""The move record text now lives in games.GameRecord (moved by games 0002); Result keeps a
read-only `record` property."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0015_team_composition"),
        ("games", "0002_move_result_records"),
    ]

    operations = [
        migrations.RemoveField(
            model_name="result",
            name="record",
        ),
    ]
