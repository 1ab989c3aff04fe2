from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0013_section_pairing_system"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="live_results_direct",
            field=models.BooleanField(
                default=False,
                verbose_name="store live-board results without the arbiter's confirmation",
            ),
        ),
    ]
