"""Following a tournament or a player by web push, with no account: a browser's push
subscription kept with what it follows and the language it reads (docs/notifications.md).

The subscription's endpoint is the secret: whoever holds it may stop following (`unfollow`),
as whoever holds a notification's "stop following" link may (`unfollow_by_token`). The
endpoint is checked as a webhook's URL is (notifications/addresses.py): an https URL of a
public host, unless `WEBHOOK_ALLOW_PRIVATE` lets a push service on this machine be called.
"""

import base64
import binascii
import secrets
from urllib.parse import urlsplit

from django.conf import settings
from django.db import transaction
from django.utils.translation import get_supported_language_variant

from notifications.addresses import check_url
from notifications.models import Follower
from tournaments.models import Player, Tournament
from tournaments.services.errors import ErrorCode, ServiceError

MAX_ENDPOINT_LENGTH = 1000
# An uncompressed P-256 point is 65 bytes, the auth secret 16 (RFC 8291).
P256DH_BYTES = 65
AUTH_BYTES = 16


def public_key() -> str:
    """The VAPID public key a page subscribes with, or ServiceError(PUSH_NOT_SET_UP)."""
    if not (settings.VAPID_PUBLIC_KEY and settings.VAPID_PRIVATE_KEY):
        raise ServiceError(ErrorCode.PUSH_NOT_SET_UP)
    return settings.VAPID_PUBLIC_KEY


def follow(
    tournament: Tournament,
    *,
    endpoint: str,
    p256dh: str,
    auth: str,
    language: str,
    player_id: int | None = None,
) -> Follower:
    """Keep the subscription as a follower of `tournament` (of its player `player_id` when
    given), in `language` (the closest the site speaks). Following the same thing again from
    the same subscription updates its keys and language instead of adding a second follower.
    Refused: no VAPID keys, an endpoint that is not a public https URL, keys of the wrong
    size, a player of another tournament."""
    public_key()
    player = None
    if player_id is not None:
        player = Player.objects.filter(pk=player_id, section__tournament=tournament).first()
        if player is None:
            raise ServiceError(
                ErrorCode.NOT_A_PLAYER_HERE, field="player", name=tournament.name, id=player_id
            )
    _check_subscription(endpoint, p256dh, auth)
    try:
        language = get_supported_language_variant(language or "")
    except LookupError:
        language = settings.LANGUAGE_CODE
    with transaction.atomic():
        follower, _created = Follower.objects.select_for_update().update_or_create(
            tournament=tournament,
            player=player,
            endpoint=endpoint,
            defaults={"p256dh": p256dh, "auth": auth, "language": language},
            create_defaults={
                "p256dh": p256dh,
                "auth": auth,
                "language": language,
                "token": secrets.token_urlsafe(24),
            },
        )
    return follower


def unfollow(tournament: Tournament, *, endpoint: str, player_id: int | None = None) -> None:
    """Stop pushing to the subscription `endpoint` about `tournament` (or its player
    `player_id`); ServiceError(NOT_FOLLOWING) when it did not follow that."""
    removed, _ = Follower.objects.filter(
        tournament=tournament, player_id=player_id, endpoint=endpoint
    ).delete()
    if not removed:
        raise ServiceError(ErrorCode.NOT_FOLLOWING)


def unfollow_by_token(token: str) -> Follower | None:
    """Remove the follower whose "stop following" link carries `token`; return it (unsaved
    now), or None when no follower has it (already removed)."""
    follower = Follower.objects.select_related("tournament", "player").filter(token=token).first()
    if follower is not None:
        follower.delete()
    return follower


def _check_subscription(endpoint: str, p256dh: str, auth: str) -> None:
    parts = urlsplit(endpoint or "")
    secure = parts.scheme == "https" or (settings.WEBHOOK_ALLOW_PRIVATE and parts.scheme == "http")
    if (
        not secure
        or len(endpoint) > MAX_ENDPOINT_LENGTH
        or _key_bytes(p256dh) != P256DH_BYTES
        or _key_bytes(auth) != AUTH_BYTES
    ):
        raise ServiceError(ErrorCode.PUSH_SUBSCRIPTION_REFUSED, field="subscription")
    try:
        check_url(endpoint)
    except ServiceError as refusal:
        raise ServiceError(
            ErrorCode.PUSH_SUBSCRIPTION_REFUSED,
            case="address" if refusal.case == "private" else None,
            field="subscription",
        ) from refusal


def _key_bytes(text: str) -> int:
    """The length of an unpadded base64url key, or -1 when it is not one."""
    text = text or ""
    try:
        return len(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))
    except (binascii.Error, ValueError):
        return -1
