"""A game's record belongs to its pairing: `GameRecord` moves from the games app to this one.

Every row stays where it is: the model enters this app's state on the table the games app made
(`games_gamerecord`), then the table takes this app's name, and the model's content type is
relabelled, so that permissions granted on it and the admin's history follow the model. The games
app's migration 0004 then drops the model from its own state only.
"""

import django.db.models.deletion
from django.db import migrations, models

MODEL = "gamerecord"


def _relabel(apps, schema_editor, old: str, new: str) -> None:
    """Give the model's content type the app label `new`, unless one with it already exists."""
    content_types = apps.get_model("contenttypes", "ContentType").objects.db_manager(
        schema_editor.connection.alias
    )
    if not content_types.filter(app_label=new, model=MODEL).exists():
        content_types.filter(app_label=old, model=MODEL).update(app_label=new)


def to_tournaments(apps, schema_editor):
    _relabel(apps, schema_editor, "games", "tournaments")


def back_to_games(apps, schema_editor):
    _relabel(apps, schema_editor, "tournaments", "games")


ENDINGS = [
    ("capture", "Capture past 24"),
    ("draw24", "Both stores at 24"),
    ("no_moves", "No legal move"),
    ("agreed", "Agreed end of a cycle"),
    ("time", "Time forfeit"),
    ("resign", "Resignation"),
    ("forfeit", "Forfeit (no-show)"),
    ("double_forfeit", "Double forfeit"),
]
SOURCES = [
    ("typed", "Typed by the arbiter"),
    ("imported", "Imported from a game file"),
    ("live", "Played on a live board"),
]
VARIANTS = [
    ("abapa", "Abapa (competition rules)"),
    ("grand-slam-forbidden", "Grand slam forbidden"),
    ("ouri", "Ouri (Cabo Verde)"),
]

GAME_RECORD = migrations.CreateModel(
    name="GameRecord",
    fields=[
        (
            "id",
            models.BigAutoField(
                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
            ),
        ),
        ("variant", models.CharField(choices=VARIANTS, max_length=24, verbose_name="rule variant")),
        ("moves", models.JSONField(blank=True, default=list, verbose_name="moves")),
        ("clocks", models.JSONField(blank=True, default=list, verbose_name="clock readings")),
        (
            "ending",
            models.CharField(blank=True, choices=ENDINGS, max_length=16, verbose_name="ending"),
        ),
        (
            "source",
            models.CharField(
                choices=SOURCES, default="typed", max_length=10, verbose_name="source"
            ),
        ),
        ("text", models.TextField(blank=True, verbose_name="record as entered")),
        (
            "readable",
            models.BooleanField(default=True, verbose_name="readable by the rules engine"),
        ),
        ("created_at", models.DateTimeField(auto_now_add=True, verbose_name="created at")),
        ("updated_at", models.DateTimeField(auto_now=True, verbose_name="updated at")),
        (
            "pairing",
            models.OneToOneField(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="game_record",
                to="tournaments.pairing",
                verbose_name="pairing",
            ),
        ),
    ],
    options={
        "verbose_name": "game record",
        "verbose_name_plural": "game records",
        # The table the games app made; renamed to this app's default name just below.
        "db_table": "games_gamerecord",
        "constraints": [
            models.CheckConstraint(
                condition=models.Q(("source__in", ["typed", "imported", "live"])),
                name="game_record_source_known",
            ),
            models.CheckConstraint(
                condition=models.Q(
                    ("ending", ""),
                    ("ending__in", [value for value, _label in ENDINGS]),
                    _connector="OR",
                ),
                name="game_record_ending_known",
            ),
        ],
    },
)


class Migration(migrations.Migration):
    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("games", "0003_live_boards"),
        ("tournaments", "0018_section_initial_colour"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(state_operations=[GAME_RECORD]),
        migrations.AlterModelTable(name="gamerecord", table=None),
        migrations.RunPython(to_tournaments, back_to_games),
    ]
