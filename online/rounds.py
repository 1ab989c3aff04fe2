"""A round that runs itself: who checked in, the Dutch pairing the arbiter would make,
published, and every game opened on the players' own devices.

Each step is the service an arbiter's click calls (`tournaments.services.rounds`,
`tournaments.services.registration`), done in the organiser's name, so an online round is
paired, published, announced (push, mail, webhooks follow from the announcements) and audited
exactly as one paired at a venue. `run_round` may be asked several times for the same round (the
last result heard twice, a fixed time and a last result together): the event's row is locked
and a round that exists is left alone.
"""

import logging
from datetime import datetime
from decimal import Decimal

from django.db import transaction
from django.utils import timezone

from games.remote import open_remote_boards
from online.models import CheckIn, Entry, OnlineEvent
from tournaments.models import RequestedBye, Round, RoundStart, Section
from tournaments.queueing import wait_until
from tournaments.services.errors import ServiceError
from tournaments.services.registration import request_bye, withdraw_player
from tournaments.services.rounds import games_without_result, pair_next_round, publish_round
from tournaments.services.timetable import planned_start

logger = logging.getLogger(__name__)

# Check-ins missed one after the other that withdraw a player.
MISSES_TO_WITHDRAW = 2


def next_number(section: Section) -> int:
    """The number of the section's next round to pair."""
    last = section.rounds.order_by("-number").values_list("number", flat=True).first()
    return (last or 0) + 1


def run_round(
    tournament_id: int, number: int, *, now: datetime | None = None, refuse: bool = False
) -> Round | None:
    """Pair, publish and open round `number` of the online event, if it is due: the event is
    running, the round is the next one, every game of the round before has its result, and its
    planned start (fixed times) has come. Anything else returns None and writes nothing.

    A pairing the services refuse (nobody left to pair, no valid pairing) is logged and leaves
    the event for an arbiter; with `refuse` it is raised instead (the organiser's start).
    """
    now = now or timezone.now()
    start = fixed_start(tournament_id, number)
    if start is not None:
        now = wait_until(start, now)  # its task may start just before the planned time
    try:
        with transaction.atomic():
            return _run_round(tournament_id, number, now)
    except ServiceError:
        if refuse:
            raise
        logger.exception("online round %s of tournament %s not paired", number, tournament_id)
        return None


def fixed_start(tournament_id: int, number: int) -> datetime | None:
    """The time set for round `number` of the tournament, None if none is."""
    return (
        RoundStart.objects.filter(section__tournament=tournament_id, number=number)
        .values_list("starts_at", flat=True)
        .first()
    )


def _run_round(tournament_id: int, number: int, now: datetime) -> Round | None:
    event = (
        OnlineEvent.objects.select_for_update()
        .select_related("tournament", "organiser")
        .filter(tournament_id=tournament_id)
        .first()
    )
    if event is None or event.state != OnlineEvent.State.RUNNING:
        return None
    section = event.tournament.sections.order_by("order", "pk").first()
    if number != next_number(section) or number > section.total_rounds:
        return None
    before = section.rounds.filter(number=number - 1).first()
    if before is not None and games_without_result(before).exists():
        return None
    if event.next_round == OnlineEvent.NextRound.FIXED and not _started(section, number, now):
        return None
    if event.check_in:
        settle_check_ins(event, section, number)
    organiser = event.organiser
    round_ = publish_round(pair_next_round(section, by=organiser), by=organiser)
    open_remote_boards(
        round_,
        clock_seconds=event.clock_seconds,
        increment_seconds=event.increment_seconds,
        no_show_seconds=event.no_show_seconds,
        now=now,
    )
    return round_


def _started(section: Section, number: int, now: datetime) -> bool:
    round_ = Round(section=section, number=number)
    start = planned_start(round_, section.tournament)
    return start is None or start <= now


def settle_check_ins(event: OnlineEvent, section: Section, number: int) -> None:
    """Before round `number` is paired: a player of the event who has not checked in for it is
    not paired (a requested bye of no point, as the rules score an absence), and after
    `MISSES_TO_WITHDRAW` misses in a row he is withdrawn from this round on; checking in again
    brings him back (`online.entries.check_in`)."""
    organiser = event.organiser
    present = set(
        CheckIn.objects.filter(entry__event=event, number=number).values_list("entry", flat=True)
    )
    entries = Entry.objects.filter(event=event).select_related("player__section__tournament")
    # One query for the whole field, not one per player: the byes already asked for this round.
    excused = set(
        RequestedBye.objects.filter(
            player__in=[entry.player_id for entry in entries], round_number=number
        ).values_list("player_id", flat=True)
    )
    for entry in entries:
        player = entry.player
        if not player.is_paired_in(number) or player.pk in excused:
            continue
        if entry.pk in present:
            if entry.missed_in_row == 0:
                continue  # nothing to write
            entry.missed_in_row = 0
        else:
            entry.missed_in_row += 1
            if entry.missed_in_row >= MISSES_TO_WITHDRAW:
                withdraw_player(player, number, by=organiser)
            else:
                request_bye(player, number, Decimal("0"), by=organiser)
        entry.save(update_fields=["missed_in_row"])
