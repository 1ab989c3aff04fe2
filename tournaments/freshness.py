"""Whether a tournament changed: one number raised by every write to its rows.

Public pages answer a conditional request with 304 and serve a cached copy while the number
stays the same (tournaments/views/caching.py). The number is raised in the same transaction as
the write, so a reader never sees new rows with an old number (a remote game's moves raise it
just after their commit: `register`'s `after_commit`). Model signals raise it for every
save and delete of a tournament's rows, whichever service writes them; the few bulk writes,
which send no signals, call `touch` themselves. An app standing on this one (the live boards of
`games`) registers its own rows with `register`, so that this module imports no app above it.
"""

import threading
import time
from contextlib import contextmanager

from django.core.exceptions import ObjectDoesNotExist
from django.db import transaction
from django.db.models import F
from django.db.models.signals import post_delete, post_save, pre_save
from django.utils import timezone

from tournaments.models import (
    GameRecord,
    Pairing,
    Player,
    RequestedBye,
    Result,
    ResultChange,
    Round,
    RoundStart,
    Seat,
    Section,
    Team,
    Tournament,
)

# How long a process trusts the revision it read; bounds how late a reader sees a write.
STAMP_SECONDS = 0.5
_stamps: dict[str, tuple[float, tuple]] = {}
# A round's live state, polled twice a second while games are played, reads the revision once
# per quarter second of the wall clock instead (`recent_stamp(slug, LIVE_WINDOW)`): every
# process then shows one revision per quarter at most, whatever the number of moves in it, and
# one read in a quarter is never older than a read in an earlier quarter, whichever process
# made it. deploy/nginx.conf keys its copies of the live state on the same quarters.
LIVE_WINDOW = 0.25
_window_stamps: dict[tuple[str, float], tuple[int, tuple]] = {}
_held = threading.local()

# How each kind of row reaches its tournament's id.
TOURNAMENT_OF = {
    Section: lambda row: row.tournament_id,
    Team: lambda row: row.tournament_id,
    Player: lambda row: row.section.tournament_id,
    RequestedBye: lambda row: row.player.section.tournament_id,
    Round: lambda row: row.section.tournament_id,
    RoundStart: lambda row: row.section.tournament_id,
    Pairing: lambda row: row.round.section.tournament_id,
    Seat: lambda row: row.round.section.tournament_id,
    Result: lambda row: row.pairing.round.section.tournament_id,
    ResultChange: lambda row: row.pairing.round.section.tournament_id,
    GameRecord: lambda row: row.pairing.round.section.tournament_id,
}


def touch(tournament_id: int) -> None:
    """Record that the tournament's public data changed."""
    Tournament.objects.filter(pk=tournament_id).update(
        revision=F("revision") + 1, changed_at=timezone.now()
    )
    forget_stamps()


class _TouchAfterCommit:
    """The touch of one tournament waiting for its transaction's commit."""

    def __init__(self, tournament_id: int):
        self.tournament_id, self.done = tournament_id, False

    def __call__(self):
        self.done = True
        touch(self.tournament_id)


def touch_after_commit(tournament_id: int) -> None:
    """`touch` once the current transaction commits (at once outside one), once however many
    rows it writes: a round's boards opening at once raise the revision once, not once each."""
    for _savepoints, waiting, _robust in transaction.get_connection().run_on_commit:
        if isinstance(waiting, _TouchAfterCommit) and waiting.tournament_id == tournament_id:
            if not waiting.done:  # already to come (a test's own transaction keeps those run)
                return
    transaction.on_commit(_TouchAfterCommit(tournament_id), robust=True)


@contextmanager
def held_back():
    """Within the block, the rows saved or deleted by this thread raise no revision one by one:
    for a write of many rows (deleting a whole tournament) whose caller touches once itself."""
    before = getattr(_held, "on", False)
    _held.on = True
    try:
        yield
    finally:
        _held.on = before


@contextmanager
def raised_once(tournament_id: int):
    """The block's rows, all of one tournament, raise its revision once, at the end: a round
    deleted with its boards, seats and results would otherwise look up the tournament of each
    row it cascades to and raise the number for every one of them."""
    with held_back():
        yield
    touch(tournament_id)


def recent_stamp(slug: str, window: float | None = None):
    """(pk, revision, changed_at) of the published tournament `slug`, or None.

    Read from the database at most twice a second per process: under a crowd, most requests then
    touch no database at all, and a write reaches every reader within half a second (a proxy's
    shared copy may add up to a second more; docs/deployment.md). With a `window` (seconds), read
    once per window of the wall clock instead (windows start at whole multiples of it since the
    epoch) and used only within the window it was read in (LIVE_WINDOW above). A write made by
    this process forgets the stamps at once (`forget_stamps`).
    """
    if window is not None:
        current = int(time.time() // window)
        held = _window_stamps.get((slug, window))
        if held is not None and held[0] == current:
            return held[1]
        stamp = _read_stamp(slug)
        if stamp is not None:
            _window_stamps[(slug, window)] = (current, stamp)
        return stamp
    now = time.monotonic()
    known = _stamps.get(slug)
    if known is not None and known[0] > now:
        return known[1]
    stamp = _read_stamp(slug)
    if stamp is not None:
        _stamps[slug] = (now + STAMP_SECONDS, stamp)
    return stamp


def _read_stamp(slug: str):
    return (
        Tournament.objects.filter(slug=slug, published=True)
        .values_list("pk", "revision", "changed_at")
        .first()
    )


def forget_stamps() -> None:
    _stamps.clear()
    _window_stamps.clear()


def register(model, tournament_of, after_commit=None) -> None:
    """Raise the tournament's number whenever a row of `model` is saved or deleted.

    `tournament_of(row)` gives the row's tournament id. This app's models are registered by
    `connect`; an app standing on this one registers its own from its `ready()`. Registering a
    model twice watches it once.

    A row for which `after_commit(row)` is true raises the number once its transaction has
    committed, not inside it: for the writes of many players at once (the moves of an online
    event's games), which would otherwise each hold the tournament's row locked until their
    commit and so take turns. A reader may then see the new row with the old number for a
    moment: what it keeps under that number is newer than the number, never older.
    """

    def changed(sender, instance, **kwargs):
        if getattr(_held, "on", False):
            return
        try:
            tournament_id = tournament_of(instance)
        except ObjectDoesNotExist:
            return  # deleted along with its tournament: nothing left to show
        if after_commit is not None and after_commit(instance):
            touch_after_commit(tournament_id)
        else:
            touch(tournament_id)

    post_save.connect(changed, sender=model, weak=False, dispatch_uid=f"freshness-{model}")
    post_delete.connect(changed, sender=model, weak=False, dispatch_uid=f"freshness-del-{model}")


def _tournament_saved(sender, instance, raw=False, **kwargs):
    if not raw:
        instance.revision = (instance.revision or 0) + 1
        instance.changed_at = timezone.now()
        forget_stamps()


def connect() -> None:
    """Called once when the app is ready."""
    for model, tournament_of in TOURNAMENT_OF.items():
        register(model, tournament_of)
    pre_save.connect(_tournament_saved, sender=Tournament, dispatch_uid="freshness-tournament")
