"""The venue's side: which public servers a tournament is published to, sending each change of
its revision there, and what the arbiter is told about it.

Sending happens outside the request path, in the worker (`publish_worker`, started beside
gunicorn by scripts/serve): a slow or unreachable public server never slows the hall. A transfer
is the tournament's backup document at one revision, gzip-compressed: whole (a snapshot) the
first time or when the public server asks for it, otherwise the rows that changed since the
document it acknowledged (an increment). Many changes made while the network is down leave one
transfer of the latest revision to send.
"""

import json
import os
import socket
import urllib.error
import urllib.request
import uuid
from datetime import timedelta

from django.db import connection, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from publishing import chain
from publishing.live import KIND, live_rows
from publishing.models import PublishTarget, PublishWorker
from tournaments.models import Tournament
from tournaments.services.backup import dumps_backup, export_tournament
from tournaments.services.permissions import require_arbiter

# How long one transfer may take before it counts as a failure and waits its turn again.
SEND_TIMEOUT_SECONDS = float(os.environ.get("PUBLISH_TIMEOUT", "15"))
# A worker holds a target this long after its last look (longer than one transfer may take);
# another worker takes over after it. A worker that stops cleanly lets go at once.
LEASE_SECONDS = 2 * SEND_TIMEOUT_SECONDS + 10
# The longest wait between two attempts while the public server cannot be reached.
RETRY_MAX_SECONDS = float(os.environ.get("PUBLISH_RETRY_MAX", str(chain.LONGEST_RETRY_SECONDS)))
RECEIVE_PATH = "/api/mirror/{slug}/"
CHECK_PATH = "/api/mirror/{slug}/check/"
# The token check waits this long at most while the arbiter's page waits for it.
CHECK_TIMEOUT_SECONDS = min(SEND_TIMEOUT_SECONDS, 5.0)
# A worker not seen for this long is not running: the page says so instead of "sending".
WORKER_SILENT_SECONDS = float(os.environ.get("PUBLISH_WORKER_SILENT", "60"))
# PUBLISH_INCREMENTS=0: always send the whole tournament (bench/publish.py --snapshots).
INCREMENTS = os.environ.get("PUBLISH_INCREMENTS", "1") != "0"
# The answers after which sending stops until an arbiter names the target again.
STOPPING = {
    "token_refused": PublishTarget.Stop.TOKEN_REFUSED,
    "mirror_detached": PublishTarget.Stop.DETACHED,
    "slug_taken": PublishTarget.Stop.SLUG_TAKEN,
    "bad_transfer": PublishTarget.Stop.REFUSED,
}


def publish_to(tournament: Tournament, url: str, token: str, *, by=None) -> PublishTarget:
    """Publish `tournament` to the public server at `url` with `token` from now on.

    Naming a target again (a new token after a refusal) resumes it. `by` must be an arbiter of
    the tournament (None: a management command, trusted)."""
    if by is not None:
        require_arbiter(tournament, by)
    url = url.rstrip("/")
    target, created = PublishTarget.objects.get_or_create(
        tournament=tournament, url=url, defaults={"token": token}
    )
    if not created:
        target.token = token
        target.state = PublishTarget.State.ACTIVE
        target.stop_reason = PublishTarget.Stop.NONE
        target.stop_message = ""
        target.failures = 0
        target.next_attempt_at = None
        target.save()
    return target


def stop_publishing(target: PublishTarget, *, by=None) -> None:
    if by is not None:
        require_arbiter(target.tournament, by)
    _stop(target, PublishTarget.Stop.BY_ARBITER, "")


def remove_target(target: PublishTarget, *, by=None) -> None:
    if by is not None:
        require_arbiter(target.tournament, by)
    target.delete()


def _stop(target: PublishTarget, reason: str, message: str) -> None:
    PublishTarget.objects.filter(pk=target.pk).update(
        state=PublishTarget.State.STOPPED, stop_reason=reason, stop_message=message[:2000]
    )


def snapshot(tournament_id: int) -> tuple[int, str]:
    """(revision, document text) of the tournament, both read at one moment: its backup with
    its live boards in play (publishing/live.py)."""
    with transaction.atomic():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        tournament = Tournament.objects.get(pk=tournament_id)
        document = {**export_tournament(tournament), KIND: live_rows(tournament)}
        return tournament.revision, dumps_backup(document)


def send_once(target: PublishTarget) -> str:
    """Send the tournament's current revision to `target` when it was not acknowledged yet.

    An increment (the rows that changed since the document the public server acknowledged)
    when there is one to start from, otherwise, or when the public server asks for it, the
    whole document. Returns what happened: 'up_to_date', 'sent', 'waiting' (the public server
    could not be reached or failed: tried again after a back-off) or 'stopped' (it refused: the
    reason is kept for the arbiter)."""
    revision = Tournament.objects.values_list("revision", flat=True).get(pk=target.tournament_id)
    if target.acknowledged_revision == revision:
        return "up_to_date"
    revision, text = snapshot(target.tournament_id)
    whole = chain.pack(text)
    sent = 0
    try:
        base = _acknowledged(target) if INCREMENTS else None
        if base is not None:
            document = json.loads(text)
            changes = chain.pack(json.dumps(chain.increment(base, document), ensure_ascii=False))
            sent += len(changes)
            try:
                held = _post(target, chain.INCREMENT, changes, revision, chain.digest(document))
            except urllib.error.HTTPError as refusal:
                code, message = _refusal(refusal)
                if code != "snapshot_needed":
                    return _refused(target, refusal.code, code, message, sent)
                base = None
        if base is None:
            sent += len(whole)
            held = _post(target, chain.SNAPSHOT, whole, revision)
    except urllib.error.HTTPError as refusal:
        code, message = _refusal(refusal)
        return _refused(target, refusal.code, code, message, sent)
    except (OSError, ValueError, KeyError, TypeError) as error:  # unreachable, cut, garbled
        _failed(target, str(error) or type(error).__name__, sent)
        return "waiting"
    PublishTarget.objects.filter(pk=target.pk).update(
        acknowledged_revision=held,
        acknowledged_at=timezone.now(),
        acknowledged_document=whole if held == revision else None,
        waiting_since=None,
        failures=0,
        next_attempt_at=None,
        last_error="",
        bytes_sent=target.bytes_sent + sent,
        transfers=target.transfers + 1,
    )
    return "sent"


def _acknowledged(target: PublishTarget) -> dict | None:
    """The document the public server acknowledged last, or None (then a snapshot is sent)."""
    if target.acknowledged_document is None or target.acknowledged_revision is None:
        return None
    try:
        return json.loads(chain.unpack(bytes(target.acknowledged_document), 1 << 30))
    except ValueError:
        return None


def _post(target: PublishTarget, kind: str, body: bytes, revision: int, digest: str = "") -> int:
    """Send one transfer; the revision the public server holds now (HTTPError: refused)."""
    request = urllib.request.Request(
        target.url + RECEIVE_PATH.format(slug=target.tournament.slug),
        data=body,
        method="POST",
        headers={
            "Authorization": f"Mirror {target.token}",
            "Content-Type": "application/json",
            "Content-Encoding": "gzip",
            "Publish-Kind": kind,
            "Publish-Revision": str(revision),
            "Publish-Previous": ""
            if target.acknowledged_revision is None
            else str(target.acknowledged_revision),
            "Publish-Source": str(target.source),
            "Publish-Digest": digest,
        },
    )
    with urllib.request.urlopen(request, timeout=SEND_TIMEOUT_SECONDS) as answer:
        return int(json.loads(answer.read())["revision"])


def _refused(target: PublishTarget, status: int, code: str, message: str, sent: int) -> str:
    if code in STOPPING or status in (401, 403):
        _stop(target, STOPPING.get(code, PublishTarget.Stop.TOKEN_REFUSED), message)
        return "stopped"
    _failed(target, f"{status} {message}", sent)
    return "waiting"


def _refusal(refusal: urllib.error.HTTPError) -> tuple[str, str]:
    try:
        answer = json.loads(refusal.read())
        return str(answer.get("code", "")), str(answer.get("message", ""))
    except (OSError, ValueError, AttributeError):
        return "", refusal.reason if isinstance(refusal.reason, str) else ""


def _failed(target: PublishTarget, error: str, sent: int) -> None:
    now = timezone.now()
    failures = target.failures + 1
    PublishTarget.objects.filter(pk=target.pk).update(
        failures=failures,
        waiting_since=target.waiting_since or now,
        next_attempt_at=now + timedelta(seconds=chain.retry_after(failures, RETRY_MAX_SECONDS)),
        last_error=error[:300],
        bytes_sent=target.bytes_sent + sent,
    )


def worker_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"[:64]


def _claim(target: PublishTarget, owner: str) -> bool:
    """Whether this worker may send for `target` now (no other worker holds it)."""
    now = timezone.now()
    return bool(
        PublishTarget.objects.filter(pk=target.pk)
        .filter(Q(lease_until__isnull=True) | Q(lease_until__lt=now) | Q(lease_owner=owner))
        .update(lease_owner=owner, lease_until=now + timedelta(seconds=LEASE_SECONDS))
    )


def let_go(owner: str) -> None:
    """The worker `owner` stops: another may send for its targets at once."""
    PublishTarget.objects.filter(lease_owner=owner).update(lease_owner="", lease_until=None)
    PublishWorker.objects.filter(name=owner).delete()


def beat(owner: str) -> None:
    """The worker `owner` is running (each pass of its loop)."""
    PublishWorker.objects.update_or_create(name=owner, defaults={"seen_at": timezone.now()})


def worker_running() -> bool:
    """Whether a worker was seen within WORKER_SILENT_SECONDS."""
    since = timezone.now() - timedelta(seconds=WORKER_SILENT_SECONDS)
    return PublishWorker.objects.filter(seen_at__gte=since).exists()


def check_token(url: str, slug: str, token: str) -> str | None:
    """Ask the public server at `url` whether `token` lets this venue publish `slug` there.
    Returns its refusal in its own words, or None: accepted, or the public server could not be
    asked (no network at the venue, an older server): the first send tells then."""
    request = urllib.request.Request(
        url.rstrip("/") + CHECK_PATH.format(slug=slug),
        method="GET",
        headers={"Authorization": f"Mirror {token}", "Accept": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=CHECK_TIMEOUT_SECONDS):
            return None
    except urllib.error.HTTPError as refusal:
        code, message = _refusal(refusal)
        if code in STOPPING or refusal.code in (401, 403):
            return message or _("the token was refused (error %(status)d)") % {
                "status": refusal.code
            }
        return None
    except (OSError, ValueError):
        return None


def send_due(owner: str) -> int:
    """One pass over the targets due now; returns how many there are (active ones)."""
    now = timezone.now()
    active = PublishTarget.objects.filter(state=PublishTarget.State.ACTIVE)
    due = active.filter(Q(next_attempt_at__isnull=True) | Q(next_attempt_at__lte=now))
    for target in due.select_related("tournament").order_by("pk"):
        if _claim(target, owner):
            target.refresh_from_db()
            if target.state == PublishTarget.State.ACTIVE:
                send_once(target)
    return active.count()


def status(target: PublishTarget, revision: int) -> str:
    """The line the arbiter reads about `target` (the tournament is at `revision`)."""
    if target.state == PublishTarget.State.STOPPED:
        why = target.get_stop_reason_display()
        if target.stop_message:
            why = f"{why}: {target.stop_message}"
        return _("stopped: %(why)s") % {"why": why}
    waiting = chain.queued(revision, target.acknowledged_revision)
    # Nothing is sent without a worker: said plainly rather than "sending" for ever.
    idle = (
        " " + _("No worker is running: start “manage.py publish_worker”.")
        if (waiting or target.acknowledged_revision is None) and not worker_running()
        else ""
    )
    if target.waiting_since is not None:
        return (
            _("waiting for the network since %(since)s, %(count)d changes queued")
            % {
                "since": _clock(target.waiting_since),
                "count": waiting,
            }
            + idle
        )
    if target.acknowledged_revision is None:
        if idle:
            return _("not published yet: no worker has picked the work up.") + idle
        return _("not published yet: sending")
    line = _("published up to revision %(revision)d at %(when)s") % {
        "revision": target.acknowledged_revision,
        "when": _clock(target.acknowledged_at),
    }
    if waiting:
        line += " " + _("(%(count)d changes being sent)") % {"count": waiting}
    return line + idle


def _clock(moment) -> str:
    return timezone.localtime(moment).strftime("%H:%M")
