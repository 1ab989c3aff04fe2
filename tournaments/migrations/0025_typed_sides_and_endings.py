"""Sides and endings read back typed: a side column is an `oware.sides.Side` stored by its
letter (S/N, B for a seat's bye), an ending column an `oware.endings.Ending` stored by its value.

The columns keep their type, length and contents: only the model state changes, nothing is run
on the database."""

from django.db import migrations

import oware.sides
import tournaments.models.results
import tournaments.models.sides

ALTERED = [
    migrations.AlterField(
        model_name="gamerecord",
        name="ending",
        field=tournaments.models.results.EndingField(blank=True, verbose_name="ending"),
    ),
    migrations.AlterField(
        model_name="result",
        name="decided_by",
        field=tournaments.models.sides.SideField(
            blank=True, verbose_name="flagged, resigning or absent side"
        ),
    ),
    migrations.AlterField(
        model_name="result",
        name="ending",
        field=tournaments.models.results.EndingField(verbose_name="ending"),
    ),
    migrations.AlterField(
        model_name="seat",
        name="side",
        field=tournaments.models.sides.SideField(bye=True),
    ),
    migrations.AlterField(
        model_name="section",
        name="initial_side",
        field=tournaments.models.sides.SideField(
            default=oware.sides.Side["SOUTH"], verbose_name="side of the first player in round 1"
        ),
    ),
]


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0024_section_kind_and_prize_categories"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(state_operations=ALTERED, database_operations=[]),
    ]
