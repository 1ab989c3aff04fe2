from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0002_tiebreak_validators_and_late_entry_points"),
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
