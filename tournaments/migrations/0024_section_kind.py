"""A section is Open, Men or Women; an open section named for men or women (and holding no
player of the other sex) becomes a section of men or of women."""

import re

from django.db import migrations, models

# Frozen here: the names the product read as a section's kind when this migration was written.
KIND_NAMES = {
    "m": {"men", "man", "male", "hommes", "homme", "masculin", "homens", "masculino"},
    "w": {"women", "woman", "female", "femmes", "femme", "féminin", "mulheres", "feminino"},
}


def kinds_from_names(apps, schema_editor):
    Section = apps.get_model("tournaments", "Section")
    Player = apps.get_model("tournaments", "Player")
    for section in Section.objects.filter(sex=""):
        words = set(re.findall(r"\w+", section.name.casefold()))
        for kind, names in KIND_NAMES.items():
            if words & names:
                others = Player.objects.filter(section=section).exclude(sex__in=[kind, ""])
                if not others.exists():
                    Section.objects.filter(pk=section.pk).update(sex=kind)
                break


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0021_section_initial_side"),
    ]

    operations = [
        migrations.AlterField(
            model_name="section",
            name="sex",
            field=models.CharField(
                blank=True,
                choices=[("", "Open"), ("m", "Men"), ("w", "Women")],
                default="",
                help_text=(
                    "Open to everyone, or to men or women only; a new section named Men or "
                    "Women (Hommes, Femmes, Homens, Mulheres) is one of men or of women."
                ),
                max_length=1,
                verbose_name="kind of section",
            ),
        ),
        migrations.RunPython(kinds_from_names, migrations.RunPython.noop),
    ]
