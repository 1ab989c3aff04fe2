from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RatingListsConfig(AppConfig):
    name = "ratinglists"
    verbose_name = _("Rating lists")

    def ready(self):
        from ratinglists import hooks
        from tournaments.services import rating_source

        # Registration, numbering, prizes and the TRF export read a player's rating from the
        # current list through this hook: tournaments imports nothing of this app.
        rating_source.register(hooks.CurrentListSource())
