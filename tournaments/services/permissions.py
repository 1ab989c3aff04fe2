from tournaments.models import Tournament
from tournaments.services.errors import ErrorCode, ServiceError


def require_arbiter(tournament: Tournament, user) -> None:
    """Raise ServiceError(code='forbidden') unless `user` may change `tournament`."""
    if user is None or not tournament.is_arbiter(user):
        raise ServiceError(ErrorCode.FORBIDDEN, name=tournament.name)
