"""Sending an endpoint's deliveries, one at a time and in order, as the worker runs them.

`send_due(endpoint_id)` holds the endpoint (so that two workers never send its deliveries side
by side; finding it held, it looks again when the hold lapses, in case the holder died), then
sends its oldest waiting delivery while it is due: delivered on a 2xx answer;
after any other outcome (an error status, a redirect, which is never followed, a timeout, a
refused connection, an address now private) it waits for the next pause of
`WEBHOOK_RETRY_SECONDS` (the last one repeated) and blocks the later deliveries until it is
delivered or, after `WEBHOOK_MAX_ATTEMPTS`, given up. Every attempt is kept with its status
code, the start of the answer and the error, for the arbiter's page.

Each attempt is signed as the Standard Webhooks specification says (`sign`): the headers
`webhook-id` (the event's, the same on every attempt, so a receiver drops a repeat),
`webhook-timestamp` and `webhook-signature`.
"""

import base64
import functools
import secrets
import socket
import time
import urllib.error
import urllib.request
from datetime import UTC, datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from standardwebhooks.webhooks import Webhook

from notifications.addresses import check_url
from notifications.models import EXCERPT_CHARS, Attempt, Delivery, Endpoint
from tournaments.queueing import EARLY_START, enqueue
from tournaments.services.errors import ServiceError

# How long a worker holds an endpoint's queue at most: past it (a worker that died), another
# takes it. Longer than one attempt can take.
HOLD_SECONDS = 60
USER_AGENT = "oware-tournaments-webhooks/1"


def new_secret() -> str:
    """A signing secret in the Standard Webhooks form: `whsec_` and 24 random bytes, base64."""
    return "whsec_" + base64.b64encode(secrets.token_bytes(24)).decode()


def sign(secret: str, message_id: str, moment: datetime, body: str) -> dict[str, str]:
    """The three Standard Webhooks headers of `body` sent at `moment`."""
    return {
        "webhook-id": message_id,
        "webhook-timestamp": str(int(moment.timestamp())),
        "webhook-signature": Webhook(secret).sign(message_id, moment, body),
    }


def pause_after(attempts: int) -> int:
    """Seconds to wait after the `attempts`-th failed attempt (from 1)."""
    schedule = settings.WEBHOOK_RETRY_SECONDS or [60]
    return schedule[min(attempts, len(schedule)) - 1]


def send_due(endpoint_id: int) -> None:
    if not _hold(endpoint_id):
        return
    try:
        while True:
            endpoint = Endpoint.objects.filter(pk=endpoint_id).first()
            if endpoint is None:
                return  # removed meanwhile, with its deliveries
            head = (
                endpoint.deliveries.filter(status=Delivery.Status.PENDING)
                .select_related("event")
                .order_by("pk")
                .first()
            )
            if head is None or head.next_attempt_at > timezone.now():
                return  # nothing waits, or its retry is queued for its time
            attempt(endpoint, head)
            Endpoint.objects.filter(pk=endpoint_id).update(
                held_until=timezone.now() + timedelta(seconds=HOLD_SECONDS)
            )
    finally:
        Endpoint.objects.filter(pk=endpoint_id).update(held_until=None)


def _hold(endpoint_id: int) -> bool:
    """Hold the endpoint for this worker. False when it is gone, or when another worker holds
    it: that one usually sends what is due, but it may die mid-send (a dropped connection, a
    killed worker) with its hold still on, or have made its last look just before this
    delivery was written. A look is then queued for the moment its hold lapses, so that the
    delivery never waits for the endpoint's next event."""
    while True:
        now = timezone.now()
        if Endpoint.objects.filter(
            Q(held_until__isnull=True) | Q(held_until__lt=now), pk=endpoint_id
        ).update(held_until=now + timedelta(seconds=HOLD_SECONDS)):
            return True
        held = list(Endpoint.objects.filter(pk=endpoint_id).values_list("held_until", flat=True))
        if not held:
            return False  # removed, with its deliveries
        if held[0] is not None and held[0] >= timezone.now():
            _look_when_it_lapses(endpoint_id, held[0])
            return False
        # Released, or lapsed, since: hold it again.


def _look_when_it_lapses(endpoint_id: int, held_until: datetime) -> None:
    """Queue one look for the end of the hold. Every worker finding the same hold (a backlog
    sent while events keep coming) shares it; a look finding the hold renewed queues the next,
    so that however long an endpoint stays held, one look waits for each hold, not one for each
    event that came meanwhile."""
    # Past the queue's early start, so that the look does not find the hold still on.
    moment = held_until + EARLY_START
    if (
        Endpoint.objects.filter(pk=endpoint_id)
        .filter(Q(look_at__isnull=True) | Q(look_at__lt=moment))
        .update(look_at=moment)
    ):
        _send_later(endpoint_id, moment)


def _send_later(endpoint_id: int, moment: datetime) -> None:
    # Imported here: the tasks module imports this one.
    from notifications.tasks import send_deliveries

    enqueue(send_deliveries, endpoint_id, run_after=moment)


def attempt(endpoint: Endpoint, delivery: Delivery) -> Attempt:
    """Send `delivery` once, keep the attempt, and mark the delivery delivered, due again
    later (with its retry queued), or given up."""
    outcome = post(endpoint, delivery)
    with transaction.atomic():
        delivery.attempts += 1
        outcome.delivery = delivery
        outcome.save()
        if outcome.succeeded:
            delivery.status = Delivery.Status.DELIVERED
        elif delivery.attempts >= settings.WEBHOOK_MAX_ATTEMPTS:
            delivery.status = Delivery.Status.GIVEN_UP
        else:
            delivery.next_attempt_at = timezone.now() + timedelta(
                seconds=pause_after(delivery.attempts)
            )
            _send_later(endpoint.pk, delivery.next_attempt_at)
        delivery.save(update_fields=["attempts", "status", "next_attempt_at"])
    return outcome


# One opener for every delivery of the process: building one makes a TLS context, which reads
# the system's certificates again (some 40 ms of CPU a delivery).
@functools.cache
def _opener() -> urllib.request.OpenerDirector:
    return urllib.request.build_opener(urllib.request.ProxyHandler({}), _NoRedirects())


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None  # a 3xx comes back as an HTTPError: a failed attempt


def post(endpoint: Endpoint, delivery: Delivery) -> Attempt:
    """POST the delivery's event to the endpoint; the unsaved `Attempt` says how it went."""
    started = time.monotonic()
    outcome = Attempt()
    try:
        check_url(endpoint.url)
    except ServiceError as refusal:
        outcome.error = str(refusal.message)[:200]
        return outcome
    body = delivery.event.body
    headers = {
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
        **sign(endpoint.secret, delivery.event.message_id, datetime.now(UTC), body),
    }
    request = urllib.request.Request(
        endpoint.url, data=body.encode(), headers=headers, method="POST"
    )
    try:
        with _opener().open(request, timeout=settings.WEBHOOK_TIMEOUT_SECONDS) as answer:
            outcome.status_code = answer.status
            outcome.answer = _excerpt(answer)
            outcome.succeeded = 200 <= answer.status < 300
            if not outcome.succeeded:
                outcome.error = f"status {answer.status}"
    except urllib.error.HTTPError as answer:
        outcome.status_code = answer.code
        outcome.answer = _excerpt(answer)
        outcome.error = (
            f"redirect not followed ({answer.headers.get('Location', '')[:120]})"
            if 300 <= answer.code < 400
            else f"status {answer.code}"
        )
    except TimeoutError:
        outcome.error = f"timeout after {settings.WEBHOOK_TIMEOUT_SECONDS} s"
    except urllib.error.URLError as error:
        reason = error.reason
        if isinstance(reason, TimeoutError | socket.timeout):
            outcome.error = f"timeout after {settings.WEBHOOK_TIMEOUT_SECONDS} s"
        elif isinstance(reason, ConnectionRefusedError):
            outcome.error = "connection refused"
        else:
            outcome.error = str(reason)[:200]
    except (OSError, ValueError) as error:
        outcome.error = (str(error) or type(error).__name__)[:200]
    outcome.milliseconds = int((time.monotonic() - started) * 1000)
    return outcome


def _excerpt(answer) -> str:
    try:
        return answer.read(EXCERPT_CHARS * 4).decode("utf-8", "replace")[:EXCERPT_CHARS]
    except (OSError, ValueError):
        return ""
