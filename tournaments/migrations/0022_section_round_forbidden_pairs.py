from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0021_section_initial_side")]

    operations = [
        migrations.AddField(
            model_name="section",
            name="round_forbidden_pairs",
            field=models.JSONField(
                blank=True,
                default=list,
                verbose_name="players who do not meet in some rounds",
            ),
        ),
    ]
