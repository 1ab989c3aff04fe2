"""The work of notifications done outside the request, on Django's tasks framework (the TASKS
setting; `manage.py task_worker` runs it): webhook deliveries, and pushes to followers."""

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.tasks import task
from django.utils import timezone

from notifications import push
from notifications.delivery import send_due
from notifications.models import Delivery, Follower, Reminder
from tournaments.models import Round
from tournaments.services.timetable import reminder_due, upcoming_starts

logger = logging.getLogger(__name__)


@task()
def send_deliveries(endpoint_id: int) -> None:
    """Send the endpoint's waiting deliveries that are due, in order."""
    send_due(endpoint_id)


@task()
def send_event(event_id: int) -> None:
    """Send what is due at each endpoint the event is for (its deliveries behind the earlier
    ones of the same endpoint)."""
    endpoints = Delivery.objects.filter(event_id=event_id).values_list("endpoint_id", flat=True)
    for endpoint_id in sorted(set(endpoints)):
        send_due(endpoint_id)


@task()
def push_announcement(
    kind: str, tournament_id: int, round_id: int | None, pairing_id: int | None
) -> None:
    """Push what happened to each follower it concerns (notifications/push.py)."""
    push_all(push.messages(kind, tournament_id, round_id, pairing_id))


@task()
def push_again(follower_id: int, message: dict, attempts: int) -> None:
    """Try once more a push that failed `attempts` times."""
    follower = Follower.objects.filter(pk=follower_id).first()
    if follower is not None:  # gone meanwhile: unfollowed, or its tournament removed
        _push(follower, message, attempts, push.push_session())


@task()
def schedule_reminders(tournament_id: int, round_id: int | None) -> None:
    """Queue the "starts in a few minutes" push of each public round of the tournament (of
    `round_id` alone when given) whose planned start is ahead, once per planned start."""
    lead = timedelta(minutes=settings.PUSH_REMINDER_MINUTES)
    for round_, starts_at in upcoming_starts(tournament_id, round_id):
        _reminder, created = Reminder.objects.get_or_create(round=round_, starts_at=starts_at)
        if created:
            round_reminder.using(run_after=starts_at - lead).enqueue(
                round_.pk, starts_at.isoformat()
            )


@task()
def round_reminder(round_id: int, starts_at: str) -> None:
    """Push that the round starts in a few minutes, if it still starts at `starts_at`."""
    round_ = Round.objects.select_related("section__tournament").filter(pk=round_id).first()
    if round_ is None or not reminder_due(round_, datetime.fromisoformat(starts_at)):
        return
    tournament_id = round_.section.tournament_id
    push_all(push.messages(push.ROUND_STARTING, tournament_id, round_id=round_id))


def push_all(told) -> None:
    session = push.push_session()
    for follower, message in told:
        _push(follower, message, 0, session)


def _push(follower, message: dict, attempts: int, session) -> None:
    outcome = push.send(follower, message, session)
    if outcome.sent or outcome.gone:
        return
    if outcome.retry_after is not None:
        pause = push.pause_after(attempts + 1, outcome.retry_after)
        if pause is not None:
            push_again.using(run_after=timezone.now() + pause).enqueue(
                follower.pk, message, attempts + 1
            )
            return
    logger.warning(
        "push to follower %s given up after %s attempts: %s",
        follower.pk,
        attempts + 1,
        outcome.error or outcome.status_code,
    )
