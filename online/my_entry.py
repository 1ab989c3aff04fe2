"""What the event's page for players (/t/<slug>/join/) reads: the event as a player sees it
before entering (its entry window, clock, rounds and the players entered), and, for a signed-in
player, his own entry: whether he is checked in for the next round and his game in the round
being played, opened on his remote board."""

from dataclasses import dataclass

from django.db.models import Q
from django.utils import timezone

from online.entries import entries_refusal
from online.events import section_of
from online.models import CheckIn, Entry, OnlineEvent
from online.rounds import next_number
from tournaments.models import Pairing, Round, Section
from tournaments.services.errors import ServiceError


@dataclass(frozen=True)
class EventView:
    """An online event as its players' page shows it."""

    event: OnlineEvent
    section: Section
    rounds: int
    next_round: int  # the number of the next round to pair (past the last: the event is over)
    entries: list[Entry]
    # Why nobody may enter now, or None while entries are open.
    closed: ServiceError | None


@dataclass(frozen=True)
class MyEntry:
    """A signed-in player's own entry in the event."""

    entry: Entry
    checked_in: bool  # for the next round
    game: Pairing | None  # his game of the round being played, not yet over


def event_view(event: OnlineEvent, now=None) -> EventView:
    section = section_of(event)
    entries = list(
        event.entries.select_related("player", "account").order_by(
            "player__pairing_number", "player__name"
        )
    )
    return EventView(
        event=event,
        section=section,
        rounds=section.total_rounds,
        next_round=next_number(section),
        entries=entries,
        closed=entries_refusal(event, section, now or timezone.now()),
    )


def my_entry(view: EventView, user) -> MyEntry | None:
    """`user`'s entry in the event, None when he has none (or is not signed in)."""
    if not user.is_authenticated:
        return None
    entry = next((e for e in view.entries if e.account.user_id == user.pk), None)
    if entry is None:
        return None
    player = entry.player
    game = (
        Pairing.objects.filter(
            Q(south=player) | Q(north=player),
            round__section=view.section,
            round__status=Round.Status.PUBLISHED,
            north__isnull=False,
            result__isnull=True,
        )
        .select_related("round", "south", "north")
        .order_by("-round__number")
        .first()
    )
    checked_in = CheckIn.objects.filter(entry=entry, number=view.next_round).exists()
    return MyEntry(entry=entry, checked_in=checked_in, game=game)
