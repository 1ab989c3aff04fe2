"""What happened to a tournament, told to the apps standing on this one, by the task worker.

A service that publishes a round, records or clears a result, takes a round back or finishes a
tournament calls `announce` inside its transaction. All the request does then is queue one small
task carrying what happened by its ids (`tournaments/tasks.py`: `tell`), with the write: in the
database's queue it is a row of the same transaction, kept or rolled back with the write; a
queue in Redis is handed it once the transaction commits (`tournaments/queueing.py`). A
rolled-back write announces nothing. The task worker then calls each listener registered with
`listen` (from an app's `ready()`, so that this module imports no app above it) with the
`Announcement`: the webhooks' bodies, the followers' pushes and the players' mails are built
there, never in the request. A listener that fails is logged and the others still run.

The announcement carries the tournament's revision read inside the transaction, after the write:
the number a reader of the tournament sees with the write's rows. A worker takes the tasks in
the order they were queued, so a tournament's announcements are told in the order of its writes
(with several workers, two writes of one tournament queued at the same moment may be told side by
side).
"""

import logging
from dataclasses import asdict, dataclass, field

from tournaments.models import Tournament
from tournaments.queueing import enqueue

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
    what it happened to (`round_id`, `pairing_id`), with in `facts` what names it once its rows
    are gone (a round's section slug and number; a game's section, round and board), which the
    worker may find when it tells it later."""

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
    """Queue the telling of `kind` to the listeners with the current transaction's write (at
    once outside one)."""
    if not _listeners:
        return
    revision = (
        Tournament.objects.filter(pk=tournament_id).values_list("revision", flat=True).first()
    )
    announcement = Announcement(kind, tournament_id, revision or 0, **what)
    from tournaments.tasks import tell

    enqueue(tell, asdict(announcement))


def tell(announcement: Announcement) -> None:
    """Call each listener with `announcement` (the task worker does, tournaments/tasks.py)."""
    for listener in list(_listeners):
        try:
            listener(announcement)
        except Exception:
            logger.exception("a listener failed on %s", announcement.kind)
