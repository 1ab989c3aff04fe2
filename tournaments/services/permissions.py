"""Who may change a tournament, and whether it may be changed here at all.

Every write of the services passes through `require_arbiter`. An app standing on this one may
register a guard (`register_write_guard`) that refuses writes to some tournaments: the publishing
app refuses every write to a mirror of a venue's tournament, whatever the path (pages, API,
imports, live boards), in this one place.
"""

from collections.abc import Callable

from tournaments.models import Tournament
from tournaments.services.errors import ErrorCode, ServiceError

# Each raises ServiceError when the tournament may not be changed on this server.
_write_guards: list[Callable[[Tournament], None]] = []


def register_write_guard(guard: Callable[[Tournament], None]) -> None:
    """Call `guard(tournament)` before every write; registering one guard twice keeps one."""
    if guard not in _write_guards:
        _write_guards.append(guard)


def require_writable(tournament: Tournament) -> None:
    """Raise the guards' ServiceError when `tournament` may not be changed on this server."""
    for guard in _write_guards:
        guard(tournament)


def require_arbiter(tournament: Tournament, user) -> None:
    """Raise ServiceError(code='forbidden') unless `user` may change `tournament`, and the
    registered guards' refusal when nobody may change it here (a mirror)."""
    if user is None or not tournament.is_arbiter(user):
        raise ServiceError(ErrorCode.FORBIDDEN, name=tournament.name)
    require_writable(tournament)
