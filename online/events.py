"""Creating an online event and starting it: the organiser's two writes."""

from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from online.models import OnlineEvent
from online.rounds import run_round
from online.schedule import plan_round
from tournaments.models import Section, Tournament
from tournaments.services.errors import ErrorCode, ServiceError, save_validated
from tournaments.services.events import create_tournament, may_create
from tournaments.services.permissions import require_arbiter
from tournaments.services.registration import assign_pairing_numbers
from tournaments.services.timetable import set_timetable

# The one section of an online event, by the name that gives it the slug `open`.
SECTION_NAME = "Open"


@transaction.atomic
def create_online_event(
    *, by, name: str, slug: str, rounds: int, starts: list[datetime] | None = None, **settings
) -> OnlineEvent:
    """A new tournament with one section `open`, run online with `settings` (the fields of
    `OnlineEvent`); `by` becomes its arbiter and the organiser in whose name rounds are paired.

    `starts`, one per round, makes the rounds start at those times (the tournament's round
    schedule); without it each round is paired when the last game of the one before ends.
    Refused like any new tournament (`create_forbidden`, a slug taken), and (`invalid`, field
    `starts`) for start times that are not one per round in order; nothing stored.
    """
    if starts:
        check_starts(starts, rounds)
    tournament = create_tournament(
        by=by,
        sections=[SECTION_NAME],
        name=name,
        slug=slug,
        rounds=rounds,
        minutes_per_player=settings.get("clock_minutes", 20),
    )
    if starts:
        settings["next_round"] = OnlineEvent.NextRound.FIXED
        section = tournament.sections.get()
        set_timetable(
            tournament,
            by=by,
            starts={(section.pk, n): start for n, start in enumerate(starts, start=1)},
        )
    return save_validated(OnlineEvent(tournament=tournament, organiser=by, **settings))


def check_starts(starts: list[datetime], rounds: int) -> None:
    """Refuse (`invalid`, field `starts`) a schedule that is not one start per round, each later
    than the one before: a round planned before its predecessor could never open on time."""
    if len(starts) != rounds:
        problem = _("Give one start time per round.")
    elif any(later <= earlier for earlier, later in zip(starts, starts[1:], strict=False)):
        problem = _("Give the start times in order.")
    else:
        return
    raise ServiceError(ErrorCode.INVALID, field="starts", problem=problem)


def require_creator(user) -> None:
    """Refuse (`create_forbidden`) a user who may not create tournaments, before his body is
    even read."""
    if not may_create(user):
        raise ServiceError(ErrorCode.CREATE_FORBIDDEN)


def event_of(tournament: Tournament) -> OnlineEvent:
    """The online settings of `tournament`; refused (`not_online`) for a tournament run at a
    venue."""
    event = OnlineEvent.objects.select_related("tournament", "organiser").filter(
        tournament=tournament
    )
    found = event.first()
    if found is None:
        raise ServiceError(ErrorCode.NOT_ONLINE, name=tournament.name)
    return found


def section_of(event: OnlineEvent) -> Section:
    """The event's one section (the first, should an arbiter have added others)."""
    return event.tournament.sections.order_by("order", "pk").first()


@transaction.atomic
def start_event(tournament: Tournament, *, by, now: datetime | None = None) -> OnlineEvent:
    """Close the entries (late ones stay open as the event allows), number the players by
    rating, and start round 1: paired, published and opened on the players' devices at once, or
    at its planned start when the rounds have fixed times. Arbiters of the tournament only."""
    require_arbiter(tournament, by)
    now = now or timezone.now()
    event = OnlineEvent.objects.select_for_update().get(pk=event_of(tournament).pk)
    if event.state != OnlineEvent.State.ENTRIES:
        raise ServiceError(ErrorCode.EVENT_STARTED, name=tournament.name)
    section = section_of(event)
    assign_pairing_numbers(section, by=by)
    event.state = OnlineEvent.State.RUNNING
    event.started_at = now
    event.save(update_fields=["state", "started_at"])
    if event.next_round == OnlineEvent.NextRound.FIXED:
        plan_round(event, 1)
    else:
        run_round(tournament.pk, 1, now=now, refuse=True)
    return event
