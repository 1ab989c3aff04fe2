from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Games")

    def ready(self):
        from games.models import LiveBoard
        from tournaments import freshness

        # A live board's moves show on the public round page and the game viewer.
        freshness.register(LiveBoard, lambda board: board.pairing.round.section.tournament_id)
