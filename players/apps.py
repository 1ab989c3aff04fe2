from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PlayersConfig(AppConfig):
    name = "players"
    verbose_name = _("Player accounts")

    def ready(self):
        from django.contrib.auth.signals import user_logged_in

        from players.mail import on_announcement
        from players.signin import remember_player
        from tournaments.announcements import listen

        listen(on_announcement)
        user_logged_in.connect(remember_player, dispatch_uid="players.remember_player")
