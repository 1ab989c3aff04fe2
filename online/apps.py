from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class OnlineConfig(AppConfig):
    name = "online"
    verbose_name = _("Online events")

    def ready(self):
        from online.schedule import on_announcement
        from tournaments.announcements import listen

        listen(on_announcement)
