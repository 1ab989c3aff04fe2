from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Games")

    def ready(self):
        from django.db.models.signals import post_delete

        from games.live import reopen_after_clear
        from games.models import LiveBoard
        from tournaments import freshness
        from tournaments.models import Result

        # A live board's moves show on the public round page and the game viewer; a remote
        # game's (many at once, in an online event) raise the revision after their commit.
        freshness.register(
            LiveBoard,
            lambda board: board.pairing.round.section.tournament_id,
            after_commit=lambda board: board.remote,
        )
        # A cleared result leaves its finished live game waiting for the arbiter again.
        post_delete.connect(reopen_after_clear, sender=Result, dispatch_uid="live-board-reopen")
