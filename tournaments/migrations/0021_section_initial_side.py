"""A section's side of the first player in round 1 is stored as a side (S/N), not a TRF colour."""

from django.db import migrations, models

# TRF colours of the column before, and the side each stands for (South plays white's part).
SIDE_OF_COLOUR = {"w": "S", "b": "N"}


def colours_to_sides(apps, schema_editor):
    Section = apps.get_model("tournaments", "Section")
    for colour, side in SIDE_OF_COLOUR.items():
        Section.objects.filter(initial_side=colour).update(initial_side=side)


def sides_to_colours(apps, schema_editor):
    Section = apps.get_model("tournaments", "Section")
    for colour, side in SIDE_OF_COLOUR.items():
        Section.objects.filter(initial_side=side).update(initial_side=colour)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0020_trf_identity_and_pairing_settings"),
    ]

    operations = [
        migrations.RenameField("section", "initial_colour", "initial_side"),
        migrations.RunPython(colours_to_sides, sides_to_colours),
        migrations.AlterField(
            model_name="section",
            name="initial_side",
            field=models.CharField(
                choices=[("S", "South"), ("N", "North")],
                default="S",
                max_length=1,
                verbose_name="side of the first player in round 1",
            ),
        ),
    ]
