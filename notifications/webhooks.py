"""An arbiter's webhooks: registering a URL for a tournament, removing it, sending a delivery
again. Each refuses (ServiceError) whoever is not an arbiter of the tournament."""

from django.db import transaction
from django.utils import timezone

from notifications.addresses import check_url
from notifications.delivery import new_secret
from notifications.models import Delivery, Endpoint
from tournaments.announcements import KINDS
from tournaments.models import Tournament
from tournaments.queueing import enqueue
from tournaments.services.errors import ErrorCode, ServiceError
from tournaments.services.permissions import require_arbiter

MAX_URL_LENGTH = 500


def register_endpoint(tournament: Tournament, *, url: str, events, by) -> Endpoint:
    """Register `url` for `events` of `tournament` with a new signing secret (the endpoint's
    `secret`, to show its arbiter once). Refused when the URL is not http(s), does not resolve,
    or resolves to a loopback, private, link-local or reserved address (unless
    WEBHOOK_ALLOW_PRIVATE), or when `events` names none or an unknown one."""
    require_arbiter(tournament, by)
    url = (url or "").strip()
    if not url or len(url) > MAX_URL_LENGTH:
        raise ServiceError(ErrorCode.WEBHOOK_URL_REFUSED, field="url")
    chosen = list(dict.fromkeys(events or []))
    if not chosen or any(kind not in KINDS for kind in chosen):
        raise ServiceError(ErrorCode.WEBHOOK_EVENTS_REFUSED, field="events", known=", ".join(KINDS))
    check_url(url)
    return Endpoint.objects.create(
        tournament=tournament, url=url, events=chosen, secret=new_secret(), created_by=by
    )


def endpoint_of(tournament: Tournament, endpoint_id, *, by) -> Endpoint:
    require_arbiter(tournament, by)
    endpoint = Endpoint.objects.filter(tournament=tournament, pk=endpoint_id).first()
    if endpoint is None:
        raise ServiceError(ErrorCode.NO_WEBHOOK, id=endpoint_id)
    return endpoint


def remove_endpoint(tournament: Tournament, endpoint_id, *, by) -> None:
    """Remove the endpoint with its deliveries: nothing more is sent to it."""
    endpoint_of(tournament, endpoint_id, by=by).delete()


def send_again(tournament: Tournament, delivery_id, *, by) -> Delivery:
    """Queue the event of a delivery to its endpoint once more, behind those waiting: a new
    delivery with the same `webhook-id`, so that a receiver that has it already drops it."""
    require_arbiter(tournament, by)
    delivery = Delivery.objects.filter(endpoint__tournament=tournament, pk=delivery_id).first()
    if delivery is None:
        raise ServiceError(ErrorCode.NO_WEBHOOK, id=delivery_id)
    with transaction.atomic():
        again = Delivery.objects.create(
            endpoint_id=delivery.endpoint_id,
            event_id=delivery.event_id,
            next_attempt_at=timezone.now(),
        )
        from notifications.tasks import send_deliveries

        enqueue(send_deliveries, delivery.endpoint_id)
    return again
