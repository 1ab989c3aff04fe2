"""`GameRecord` now belongs to the tournaments app (its migration 0019 took the table and its
rows); the games app forgets the model without touching the database."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0003_live_boards"),
        ("tournaments", "0019_game_record_belongs_to_pairing"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="GameRecord")]
        ),
    ]
