from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self):
        from django.db.models.signals import post_migrate, pre_save

        from tournaments import (
            checks,  # noqa: F401  (registers the deployment checks)
            freshness,
        )

        freshness.connect()
        # Every save of a tournaments row (forms, API, imports, admin) stores names composed.
        pre_save.connect(_normalise, dispatch_uid="tournaments-normalise-names")
        # `migrate` (and so `manage.py release`) also makes the shared cache's table where the
        # database is the cache (oware_tournaments/settings.py): no deployment step to forget.
        post_migrate.connect(_cache_table, sender=self, dispatch_uid="tournaments-cache-table")


def _normalise(sender, instance, **kwargs):
    if sender._meta.app_label == "tournaments":
        from tournaments.models.validators import normalise_names

        normalise_names(instance)


def _cache_table(using="default", verbosity=1, **kwargs):
    from django.core.cache import caches
    from django.core.management import call_command
    from django.db import router

    call_command("createcachetable", database=using, verbosity=max(0, verbosity - 1))
    # A cache that keeps its counts in a table of their own (oware_tournaments/counting_cache.py).
    for alias in caches:
        cache = caches[alias]
        if hasattr(cache, "create_counter_table") and router.allow_migrate_model(
            using, cache.cache_model_class
        ):
            cache.create_counter_table(using)
