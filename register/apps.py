from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RegisterConfig(AppConfig):
    name = "register"
    verbose_name = _("Player register")

    def ready(self):
        from django.db.models.signals import post_migrate, post_save

        from register.linking import link_on_save
        from tournaments.models import Player

        # Every way a player enters an event saves a Player: an identity number the register
        # knows links him at once (tournaments imports nothing of this app).
        post_save.connect(link_on_save, sender=Player, dispatch_uid="register-link-by-id")
        # After the permissions, which auth makes on the same signal (an app listed before).
        post_migrate.connect(officers_group, sender=self, dispatch_uid="register-officers")


def officers_group(sender, using="default", **kwargs) -> None:
    from register.access import ensure_officers_group

    ensure_officers_group(using)
