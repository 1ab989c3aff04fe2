"""When an online event's next round is paired: the organiser's gap after the last game of the
round before, or the round's planned start (fixed times), whichever the event uses.

The tournaments app tells what happened (`tournaments.announcements`, after the commit); this
listener only queues a task (`online.tasks.run_round_task`) for the moment the round is due, so
the request or the worker that recorded the last result never waits for a pairing. The task
checks again when it runs (`online.rounds.run_round`), so a task queued twice, or for a round
paired meanwhile, does nothing.
"""

from datetime import datetime, timedelta

from django.utils import timezone

from online import rounds
from online.models import OnlineEvent
from online.tasks import run_round_task
from tournaments.announcements import RESULT_RECORDED, SCHEDULE_CHANGED, Announcement
from tournaments.models import Pairing, Round
from tournaments.queueing import enqueue


def on_announcement(announcement: Announcement) -> None:
    if announcement.kind not in (RESULT_RECORDED, SCHEDULE_CHANGED):
        return
    event = (
        OnlineEvent.objects.filter(
            tournament_id=announcement.tournament_id, state=OnlineEvent.State.RUNNING
        )
        .select_related("tournament")
        .first()
    )
    if event is None:
        return
    if announcement.kind == SCHEDULE_CHANGED:
        plan_unpaired_rounds(event)
        return
    round_ = (
        Round.objects.filter(pairings__pk=announcement.pairing_id).select_related("section").first()
    )
    if round_ is not None and round_.status == Round.Status.COMPLETED:
        plan_round(event, round_.number + 1)


def due_at(event: OnlineEvent, number: int, now: datetime) -> datetime:
    """When round `number` is to be paired: its planned start (fixed times, never before now),
    else the event's gap after now."""
    if event.next_round == OnlineEvent.NextRound.FIXED:
        start = rounds.fixed_start(event.tournament_id, number)
        if start is not None:
            return max(start, now)
        return now
    return now + timedelta(seconds=event.gap_seconds)


def plan_round(event: OnlineEvent, number: int, now: datetime | None = None) -> None:
    """Queue the pairing of round `number` for when it is due (nothing past the last round)."""
    if number > event.tournament.rounds:
        return
    now = now or timezone.now()
    due = due_at(event, number, now)
    enqueue(run_round_task, event.tournament_id, number, run_after=due, deadline=True)


def plan_unpaired_rounds(event: OnlineEvent) -> None:
    """Queue every round not yet paired at its planned start (fixed times moved by an arbiter)."""
    if event.next_round != OnlineEvent.NextRound.FIXED:
        return
    paired = set(
        Pairing.objects.filter(round__section__tournament=event.tournament_id).values_list(
            "round__number", flat=True
        )
    )
    for number in range(1, event.tournament.rounds + 1):
        if number not in paired:
            plan_round(event, number)
