from django.utils.translation import gettext as _

from tournaments.models import Tournament
from tournaments.services.errors import ServiceError


def require_arbiter(tournament: Tournament, user) -> None:
    """Raise ServiceError(code='forbidden') unless `user` may change `tournament`."""
    if user is None or not tournament.is_arbiter(user):
        raise ServiceError(
            _("Only an arbiter of %(name)s may change it.") % {"name": tournament.name},
            code="forbidden",
        )
