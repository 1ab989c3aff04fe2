"""The live board's side and ending columns read back typed (`oware.sides.Side`,
`oware.endings.Ending`), stored as before: only the model state changes, nothing is run on the
database."""

from django.db import migrations

import tournaments.models.results
import tournaments.models.sides

ALTERED = [
    migrations.AlterField(
        model_name="liveboard",
        name="decided_by",
        field=tournaments.models.sides.SideField(blank=True),
    ),
    migrations.AlterField(
        model_name="liveboard",
        name="ending",
        field=tournaments.models.results.EndingField(blank=True, verbose_name="ending"),
    ),
    migrations.AlterField(
        model_name="liveboard",
        name="offer",
        field=tournaments.models.sides.SideField(blank=True),
    ),
]


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0007_live_board_server_clock"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(state_operations=ALTERED, database_operations=[]),
    ]
