from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PublishingConfig(AppConfig):
    name = "publishing"
    verbose_name = _("Publishing")

    def ready(self):
        from publishing.receiving import refuse_writes_to_mirrors
        from tournaments.services.permissions import register_write_guard

        register_write_guard(refuse_writes_to_mirrors)
