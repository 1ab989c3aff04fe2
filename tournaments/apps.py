from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self):
        from django.db.models.signals import pre_save

        from tournaments import (
            checks,  # noqa: F401  (registers the deployment checks)
            freshness,
        )

        freshness.connect()
        # Every save of a tournaments row (forms, API, imports, admin) stores names composed.
        pre_save.connect(_normalise, dispatch_uid="tournaments-normalise-names")


def _normalise(sender, instance, **kwargs):
    if sender._meta.app_label == "tournaments":
        from tournaments.models.validators import normalise_names

        normalise_names(instance)
