"""A section is Open, Men or Women; an open section named for men or women (and holding no
player of the other sex) becomes a section of men or of women. A section's prize categories."""

import re

import django.db.models.deletion
from django.db import migrations, models

import tournaments.models.validators

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
        ("tournaments", "0023_undo"),
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
        migrations.CreateModel(
            name='PrizeCategory',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('name', models.CharField(max_length=80, validators=[tournaments.models.validators.validate_single_line], verbose_name='name')),
                ('kind', models.CharField(choices=[('women', 'Women'), ('rating', 'Rating group'), ('juniors', 'Juniors (born in or after a year)'), ('team_best', "Each team's best board")], max_length=10, verbose_name='kind')),
                ('min_rating', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='lowest rating')),
                ('max_rating', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='highest rating')),
                ('born_from', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='born in or after (year)')),
                ('prizes', models.PositiveSmallIntegerField(default=3, verbose_name='number of prizes')),
                ('order', models.PositiveSmallIntegerField(default=0, verbose_name='display order')),
                ('section', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='prize_categories', to='tournaments.section')),
            ],
            options={
                'ordering': ['section', 'order', 'pk'],
                'constraints': [models.UniqueConstraint(fields=('section', 'name'), name='prize_category_name_unique'), models.CheckConstraint(condition=models.Q(('prizes__gte', 1), ('prizes__lte', 50)), name='prize_category_prizes_1_50')],
            },
        ),
    ]
