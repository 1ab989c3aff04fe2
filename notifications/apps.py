from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class NotificationsConfig(AppConfig):
    name = "notifications"
    verbose_name = _("Notifications")

    def ready(self):
        from notifications import push
        from notifications.events import on_announcement
        from tournaments.announcements import listen

        listen(on_announcement)
        listen(push.on_announcement)
