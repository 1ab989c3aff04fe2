"""Each side of a live board gets its own secret code: the board's code is public (spectators
watch by it), so claiming a side by the board's code alone let any spectator take it."""

from django.db import migrations, models

import games.models.live


def issue_codes(apps, schema_editor):
    # A callable default gives every existing row the same value in one ALTER; each board needs
    # its own pair of codes.
    LiveBoard = apps.get_model("games", "LiveBoard")
    for board in LiveBoard.objects.only("pk"):
        LiveBoard.objects.filter(pk=board.pk).update(
            south_pin=games.models.live.new_code(), north_pin=games.models.live.new_code()
        )


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0005_live_board_position"),
    ]

    operations = [
        migrations.AddField(
            model_name="liveboard",
            name="south_pin",
            field=models.CharField(
                default=games.models.live.new_code, max_length=6, verbose_name="South's code"
            ),
        ),
        migrations.AddField(
            model_name="liveboard",
            name="north_pin",
            field=models.CharField(
                default=games.models.live.new_code, max_length=6, verbose_name="North's code"
            ),
        ),
        migrations.RunPython(issue_codes, migrations.RunPython.noop),
    ]
