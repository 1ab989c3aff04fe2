"""The version every write through the API names, read in one place.

A client sends the version it read, as `expected_version` in the body or as the `If-Match`
header (the number, quoted or not): a game's result `version` to enter or correct a result, the
tournament's `revision` for every other write (tournaments/services/versions.py). Without it the
answer is 428; when it moved since, 409. Restoring a whole tournament from a backup creates it
and names no version.
"""

from tournaments.models import Tournament
from tournaments.services.errors import ErrorCode, ServiceError
from tournaments.services.permissions import require_arbiter
from tournaments.services.versions import at_revision

IF_MATCH_HELP = {
    "result": "The game's `version` as last read (instead of `expected_version`).",
    "tournament": "The tournament's `revision` as last read (instead of `expected_version`).",
    "link": "The link's `version` as last read (instead of `expected_version`).",
}


def sent_version(request, sent: int | None) -> int:
    """The version the client read: `sent` (the body's `expected_version`), else the If-Match
    header. Neither: 428, since a script that does not say which version it read would silently
    overwrite a change saved meanwhile."""
    if sent is not None:
        return sent
    header = request.headers.get("If-Match", "").strip().removeprefix("W/").strip('"')
    if header.isascii() and header.isdigit():
        return int(header)
    raise ServiceError(ErrorCode.VERSION_REQUIRED, field="expected_version")


def tournament_write(request, tournament: Tournament, sent: int | None = None):
    """For `with`: the body writes to `tournament` only if the client may (403 before anything
    else is told) and names the tournament's current revision (428, 409)."""
    require_arbiter(tournament, request.user)
    return at_revision(tournament, sent_version(request, sent))
