from tournaments.models import Tournament
from tournaments.services.errors import ServiceError


def require_arbiter(tournament: Tournament, user) -> None:
    """Raise ServiceError(code='forbidden') unless `user` may change `tournament`."""
    if user is None or not tournament.is_arbiter(user):
        raise ServiceError(f"Only an arbiter of {tournament.name} may change it.", code="forbidden")
