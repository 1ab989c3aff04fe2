"""What happened to a tournament, told to the apps standing on this one once it is committed.

A service that publishes a round, records or clears a result, takes a round back or finishes a
tournament calls `announce` inside its transaction. Nothing is told then: the announcement waits
for the commit (`transaction.on_commit`), and a rolled-back write announces nothing. Each
listener registered with `listen` (from an app's `ready()`, so that this module imports no app
above it) is then called with the `Announcement`; a listener that fails is logged and the others
still run, so that telling never fails or undoes the write it tells of.

The announcement carries the tournament's revision read inside the transaction, after the write:
the number a reader of the tournament sees with the write's rows.
"""

import logging
from dataclasses import dataclass, field
from functools import partial

from django.db import transaction

from tournaments.models import Tournament

logger = logging.getLogger(__name__)

# The kinds of announcement, by the names programs read them by.
PAIRING_PUBLISHED = "pairing.published"
RESULT_RECORDED = "result.recorded"
RESULT_CLEARED = "result.cleared"
ROUND_TAKEN_BACK = "round.taken_back"
STANDINGS_FINAL = "standings.final"
KINDS = (PAIRING_PUBLISHED, RESULT_RECORDED, RESULT_CLEARED, ROUND_TAKEN_BACK, STANDINGS_FINAL)
# The rounds' planned starts were set or moved: told to the listeners, never a webhook's event.
SCHEDULE_CHANGED = "schedule.changed"

_listeners: list = []


@dataclass(frozen=True)
class Announcement:
    """One thing that happened: its kind, the tournament, its revision after the write, and
    what it happened to (`round_id`, `pairing_id`, or for a round taken back, whose rows are
    gone, its section's slug and number in `facts`)."""

    kind: str
    tournament_id: int
    revision: int
    round_id: int | None = None
    pairing_id: int | None = None
    facts: dict = field(default_factory=dict)


def listen(listener) -> None:
    """Call `listener(announcement)` after each commit that announced something. Registering
    the same function twice calls it once."""
    if listener not in _listeners:
        _listeners.append(listener)


def announce(kind: str, tournament_id: int, **what) -> None:
    """Tell the listeners of `kind` once the current transaction commits (at once outside one)."""
    if not _listeners:
        return
    revision = (
        Tournament.objects.filter(pk=tournament_id).values_list("revision", flat=True).first()
    )
    announcement = Announcement(kind, tournament_id, revision or 0, **what)
    transaction.on_commit(partial(_tell, announcement))


def _tell(announcement: Announcement) -> None:
    for listener in list(_listeners):
        try:
            listener(announcement)
        except Exception:
            logger.exception("a listener failed on %s", announcement.kind)
