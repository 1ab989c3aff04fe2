"""A live board keeps the position its moves reached. A board saved before has {} there, and the
live-board service derives its position from the moves the first time it reads it."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0004_game_record_moved_to_tournaments"),
    ]

    operations = [
        migrations.AddField(
            model_name="liveboard",
            name="position",
            field=models.JSONField(blank=True, default=dict),
        ),
    ]
