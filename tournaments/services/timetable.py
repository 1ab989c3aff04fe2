"""The rounds' planned starts: set for the whole event, moved when the day slips, read by the
pages, the arbiter's dashboard, the API and the calendar feeds.

A start is kept per section and round number (`RoundStart`), before the round is paired and
after it is taken back. Times are aware datetimes; the tournament's `time_zone` (an IANA name)
is the one an arbiter types them in and every page shows them in. Nothing here is audited: like
the tournament's other settings, a planned start is no result and no step to take back.

A round is planned to last both players' whole clock time and `ROUND_MARGIN_MINUTES` more (the
boards set up, the last results brought to the arbiter): 2 × 20 + 10 = 50 minutes at the usual
20 minutes per player. The calendar feeds give each round that length, and the dashboard calls
a round late when its games are still not all finished once that time has passed.
"""

from dataclasses import dataclass
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Count, Q
from django.utils import timezone

from tournaments.announcements import SCHEDULE_CHANGED, announce
from tournaments.models import Round, RoundStart, Section, Tournament
from tournaments.models.validators import validate_time_zone
from tournaments.services.errors import ErrorCode, ServiceError
from tournaments.services.permissions import require_arbiter

# Minutes a round takes beyond both players' clock time (module docstring).
ROUND_MARGIN_MINUTES = 10
# A shift moves a start by at most a day either way: more is a new date, typed in the table.
MOST_SHIFT_MINUTES = 24 * 60


def round_length(tournament: Tournament) -> timedelta:
    """How long a round of `tournament` is planned to last (module docstring)."""
    return timedelta(minutes=2 * tournament.minutes_per_player + ROUND_MARGIN_MINUTES)


def venue_zone(tournament: Tournament) -> ZoneInfo:
    """The tournament's time zone as a `ZoneInfo`."""
    return ZoneInfo(tournament.time_zone)


@dataclass(frozen=True)
class PlannedRound:
    """One round of one section in the schedule: its planned start in the venue's time zone,
    the `Round` once it is paired (None before), and whether it is the section's next one."""

    section: Section
    number: int
    starts_at: datetime | None
    round: Round | None
    next: bool = False

    @property
    def public(self) -> bool:
        """Whether its pairings are public (published or completed)."""
        return self.round is not None and self.round.is_public


def timetable(tournament: Tournament) -> list[PlannedRound]:
    """Every round of every section (1 to the section's number of rounds), in section order,
    each with its planned start (None when not set) in the venue's time zone. A section's next
    round is its first round not yet published. Three queries."""
    zone = venue_zone(tournament)
    sections = list(tournament.sections.order_by("order", "pk"))
    starts = {
        (start.section_id, start.number): start.starts_at.astimezone(zone)
        for start in RoundStart.objects.filter(section__tournament=tournament)
    }
    rounds = {
        (round_.section_id, round_.number): round_
        for round_ in Round.objects.filter(section__tournament=tournament)
    }
    rows = []
    for section in sections:
        section.tournament = tournament
        waiting = True
        for number in range(1, section.total_rounds + 1):
            round_ = rounds.get((section.pk, number))
            is_next = waiting and (round_ is None or not round_.is_public)
            waiting = waiting and not is_next
            rows.append(
                PlannedRound(section, number, starts.get((section.pk, number)), round_, is_next)
            )
    return rows


def planned_start(round_: Round, tournament: Tournament) -> datetime | None:
    """The planned start of a round of `tournament`, in the venue's time zone (None when not
    set). One query."""
    start = RoundStart.objects.filter(section_id=round_.section_id, number=round_.number).first()
    if start is None:
        return None
    return start.starts_at.astimezone(venue_zone(tournament))


def upcoming_starts(
    tournament_id: int, round_id: int | None = None
) -> list[tuple[Round, datetime]]:
    """Each public round of the tournament (`round_id` alone when given) whose planned start is
    ahead, with that start: what a "round starts in a few minutes" reminder is queued for (the
    followers' push, the players' mail). Two queries."""
    rounds = Round.objects.filter(section__tournament_id=tournament_id).exclude(
        status=Round.Status.DRAFT
    )
    if round_id is not None:
        rounds = rounds.filter(pk=round_id)
    starts = {
        (start.section_id, start.number): start.starts_at
        for start in RoundStart.objects.filter(
            section__tournament_id=tournament_id, starts_at__gt=timezone.now()
        )
    }
    found = []
    for round_ in rounds:
        starts_at = starts.get((round_.section_id, round_.number))
        if starts_at is not None:
            found.append((round_, starts_at))
    return found


def reminder_due(round_: Round, starts_at: datetime) -> bool:
    """Whether a reminder queued for `starts_at` is still to be sent: the round is public, its
    planned start is still that one, and it has not begun."""
    tournament = round_.section.tournament
    current = planned_start(round_, tournament)
    return (
        round_.is_public
        and current is not None
        and current == starts_at.astimezone(venue_zone(tournament))
        and timezone.now() < starts_at
    )


def parse_zone(name: str) -> str:
    """`name` if it is an IANA time zone name, else ServiceError(UNKNOWN_TIME_ZONE)."""
    name = (name or "").strip()
    try:
        validate_time_zone(name)
    except ValidationError as error:
        raise ServiceError(ErrorCode.UNKNOWN_TIME_ZONE, field="time_zone", zone=name) from error
    return name


def local_start(day_and_time: datetime, zone_name: str) -> datetime:
    """A date and time read on the venue's clocks (naive) as an aware datetime in its zone."""
    if timezone.is_aware(day_and_time):
        return day_and_time.astimezone(ZoneInfo(zone_name))
    return day_and_time.replace(tzinfo=ZoneInfo(zone_name))


@transaction.atomic
def set_timetable(
    tournament: Tournament,
    *,
    by,
    time_zone: str | None = None,
    starts: dict[tuple[int, int], datetime | None],
) -> Tournament:
    """Set the tournament's time zone and the planned starts of its rounds, in one transaction.

    `starts` maps (section id, round number) to an aware datetime, or None to clear it; rounds
    it does not name keep their start. A naive datetime is read in the (new) time zone. Refused,
    with nothing written: someone not an arbiter of the tournament, an unknown time zone, a
    section of another tournament, a round number beyond the section's rounds.
    """
    require_arbiter(tournament, by)
    zone_name = parse_zone(time_zone) if time_zone is not None else tournament.time_zone
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    sections = {section.pk: section for section in tournament.sections.all()}
    for section_id, number in starts:
        section = sections.get(section_id)
        if section is None:
            raise ServiceError(
                ErrorCode.FOREIGN_ROUND, field="starts", name=tournament.name, number=number
            )
        section.tournament = tournament
        if not 1 <= number <= section.total_rounds:
            raise ServiceError(ErrorCode.NO_SUCH_ROUND, field="starts", rounds=section.total_rounds)
    if zone_name != tournament.time_zone:
        tournament.time_zone = zone_name
        tournament.save(update_fields=["time_zone"])
    kept = {
        (start.section_id, start.number): start
        for start in RoundStart.objects.filter(section__tournament=tournament)
    }
    for (section_id, number), moment in sorted(starts.items()):
        row = kept.get((section_id, number))
        if moment is None:
            if row is not None:
                row.delete()
            continue
        moment = local_start(moment, zone_name)
        if row is None:
            RoundStart.objects.create(section_id=section_id, number=number, starts_at=moment)
        elif row.starts_at != moment:
            row.starts_at = moment
            row.save(update_fields=["starts_at"])
    announce(SCHEDULE_CHANGED, tournament.pk)
    return tournament


def starts_by_slug(tournament: Tournament, entries) -> dict[tuple[int, int], datetime | None]:
    """`set_timetable`'s starts from (section slug, round number, start) entries, as the API
    names them; a slug that is no section of the tournament is refused (FOREIGN_ROUND)."""
    sections = dict(tournament.sections.values_list("slug", "pk"))
    starts = {}
    for slug, number, moment in entries:
        if slug not in sections:
            raise ServiceError(
                ErrorCode.FOREIGN_ROUND, field="starts", name=tournament.name, number=number
            )
        starts[(sections[slug], number)] = moment
    return starts


@transaction.atomic
def shift_round(
    tournament: Tournament, section: Section, number: int, minutes: int, *, by, rest_of_day=True
) -> list[RoundStart]:
    """Move round `number` of `section` by `minutes` (later when positive) and, with
    `rest_of_day`, every round of the tournament planned after it on the same day (the venue's
    day), every section's, by the same: a day that slips slips for the whole hall. Return the
    starts moved, earliest first.

    Refused, with nothing written: not an arbiter, a section of another tournament, a round
    with no planned start, a shift of no minutes or of more than a day.
    """
    require_arbiter(tournament, by)
    if section.tournament_id != tournament.pk:
        raise ServiceError(
            ErrorCode.FOREIGN_ROUND, field="round", name=tournament.name, number=number
        )
    if minutes == 0 or abs(minutes) > MOST_SHIFT_MINUTES:
        raise ServiceError(ErrorCode.BAD_SHIFT, field="minutes", most=MOST_SHIFT_MINUTES)
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    starts = RoundStart.objects.filter(section__tournament=tournament)
    chosen = starts.filter(section=section, number=number).first()
    if chosen is None:
        raise ServiceError(ErrorCode.NO_PLANNED_START, field="round", number=number)
    zone = venue_zone(tournament)
    moved = [chosen]
    if rest_of_day:
        day = chosen.starts_at.astimezone(zone).date()
        moved += [
            start
            for start in starts.filter(starts_at__gte=chosen.starts_at).exclude(pk=chosen.pk)
            if start.starts_at.astimezone(zone).date() == day
        ]
    for start in moved:
        start.starts_at += timedelta(minutes=minutes)
        start.save(update_fields=["starts_at"])
    announce(SCHEDULE_CHANGED, tournament.pk)
    return sorted(moved, key=lambda start: (start.starts_at, start.section_id, start.number))


@dataclass(frozen=True)
class LateRound:
    """A round behind its schedule: not published after its planned start (`kind` "start"), or
    its games not all finished once the round's planned length has passed ("finish")."""

    section: Section
    number: int
    kind: str
    minutes: int
    unfinished: int = 0


def late_rounds(tournament: Tournament, now: datetime | None = None) -> list[LateRound]:
    """The rounds behind schedule at `now` (the present by default), in section and round
    order; a round with no planned start is never late. Four queries."""
    now = now or timezone.now()
    length = round_length(tournament)
    unfinished = dict(
        Round.objects.filter(section__tournament=tournament, status=Round.Status.PUBLISHED)
        .annotate(
            missing=Count(
                "pairings", filter=Q(pairings__result__isnull=True, pairings__north__isnull=False)
            )
        )
        .values_list("pk", "missing")
    )
    late = []
    for planned in timetable(tournament):
        if planned.starts_at is None or planned.starts_at > now:
            continue
        past = now - planned.starts_at
        if planned.round is None or planned.round.status == Round.Status.DRAFT:
            late.append(LateRound(planned.section, planned.number, "start", _minutes(past)))
        elif planned.round.status == Round.Status.PUBLISHED and past > length:
            missing = unfinished.get(planned.round.pk, 0)
            late.append(
                LateRound(
                    planned.section, planned.number, "finish", _minutes(past - length), missing
                )
            )
    return late


def _minutes(span: timedelta) -> int:
    return int(span.total_seconds() // 60)
