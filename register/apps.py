from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RegisterConfig(AppConfig):
    name = "register"
    verbose_name = _("Player register")

    def ready(self):
        from django.db.models.signals import post_save

        from register.linking import link_on_save
        from tournaments.models import Player

        # Every way a player enters an event saves a Player: an identity number the register
        # knows links him at once (tournaments imports nothing of this app).
        post_save.connect(link_on_save, sender=Player, dispatch_uid="register-link-by-id")
