"""Past events into the register: a TRF file of a finished event (from this product or another
program) becomes a finished tournament, and its players are linked by the usual rules.

The tournament is made through the TRF import of a section (tournaments/services/trf_import.py),
so its rounds, results and byes are what any import stores; every player entry it creates is
linked at once when his identity number is a person's (register/linking.py), the others wait
for an officer on the event's candidates page. A file that does not read is refused with the
TRF reader's line and column, and nothing is stored: it is read before anything is written, and
the whole import is one transaction.
"""

import datetime

from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from register.access import is_officer
from register.linking import link_event_by_ids, unlinked_players
from register.models import PlayerLink, RegisterChange
from tournaments import freshness
from tournaments.models import Tournament
from tournaments.services.core_messages import trf_problem
from tournaments.services.errors import ErrorCode, ServiceError
from tournaments.services.import_checks import require_size
from tournaments.services.trf_import import import_trf_section
from tournaments.trf import parse
from tournaments.trf.errors import TrfError

SLUG_LENGTH = Tournament._meta.get_field("slug").max_length
NAME_LENGTH = Tournament._meta.get_field("name").max_length


def read_past_event(text: str):
    """The parsed file, or the refusal naming the line and column of its first problem."""
    require_size(text)
    try:
        trf = parse(text)
    except TrfError as error:
        problem = trf_problem(error)
        if error.line is None:
            raise ServiceError(
                ErrorCode.BAD_PAST_EVENT_FILE, case="no_place", field="file", problem=problem
            ) from error
        raise ServiceError(
            ErrorCode.BAD_PAST_EVENT_FILE,
            field="file",
            line=error.line,
            column=error.column or 1,
            problem=problem,
        ) from error
    if not trf.players:
        raise ServiceError(ErrorCode.BAD_PAST_EVENT_FILE, case="empty", field="file")
    return trf


def _date(text: str) -> datetime.date | None:
    for separator in "/.":
        text = text.replace(separator, "-")
    try:
        return datetime.date.fromisoformat(text.strip())
    except ValueError:
        return None


def _free_slug(name: str) -> str:
    base = (slugify(name) or "past-event")[: SLUG_LENGTH - 6].strip("-") or "past-event"
    slug, suffix = base, 1
    while Tournament.objects.filter(slug=slug).exists():
        suffix += 1
        slug = f"{base}-{suffix}"
    return slug


@transaction.atomic
def import_past_event(
    text: str, *, by, name: str = "", section: str = "", published: bool = False
) -> Tournament:
    """A finished tournament of one section made from the TRF `text`, its players linked by
    identity number; `by` (a register officer) becomes its arbiter. Refused (ServiceError,
    nothing stored) for a file that does not read or that the section import refuses."""
    if not is_officer(by):
        raise ServiceError(ErrorCode.REGISTER_FORBIDDEN)
    trf = read_past_event(text)
    name = (name.strip() or trf.name.strip() or _("Past event"))[:NAME_LENGTH]
    played = trf.rounds_completed
    tournament = Tournament.objects.create(
        name=name,
        slug=_free_slug(name),
        start_date=_date(trf.start_date),
        end_date=_date(trf.end_date),
        venue=trf.city[:100],
        # One more than played while the section is imported (its import pairs the next round).
        rounds=played + 1,
        published=published,
    )
    tournament.arbiters.add(by)
    import_trf_section(tournament, section.strip() or _("Open"), text, by=by)
    Tournament.objects.filter(pk=tournament.pk).update(
        rounds=max(played, 1), status=Tournament.Status.FINISHED
    )
    freshness.touch(tournament.pk)
    link_event_by_ids(tournament, by)
    tournament.refresh_from_db()
    linked = PlayerLink.objects.filter(player__section__tournament=tournament).count()
    RegisterChange.objects.create(
        kind=RegisterChange.Kind.IMPORT,
        subject=tournament.name,
        snapshot={
            "tournament": tournament.slug,
            "players": len(trf.players),
            "rounds": played,
            "linked": linked,
            "waiting": unlinked_players(tournament).count(),
        },
        done_by=by,
    )
    return tournament
