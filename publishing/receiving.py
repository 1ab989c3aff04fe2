"""The public server's side: tokens, storing a venue's transfer, refusing writes to a mirror,
detaching a mirror.

A transfer carries the venue's backup document (tournaments/services/backup.py) at one revision.
Storing it replaces the mirror's tournament with the document's, in one transaction, so a reader
sees the old copy or the new one, never half of each.
"""

import hashlib
import json
import secrets
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from publishing import chain
from publishing.live import KIND, restore_live
from publishing.models import Mirror, MirrorToken
from tournaments.models import Tournament
from tournaments.services.backup import dumps_backup, import_tournament
from tournaments.services.errors import ErrorCode, ServiceError
from tournaments.services.events import remove_tournament


def hashed(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    """256 random bits in hex: a token never starts with "-", which the venue's
    `publish_to … --token <token>` would read as an option of its own."""
    return secrets.token_hex(32)


def issue_token(slug: str, venue: str, by=None) -> str:
    """A new token that lets `venue` publish the tournament `slug` here; shown once."""
    token = new_token()
    MirrorToken.objects.create(slug=slug, venue=venue, token_hash=hashed(token), created_by=by)
    return token


def revoke_tokens(slug: str) -> int:
    """Every token of `slug` stops working; returns how many were in use."""
    return MirrorToken.objects.filter(slug=slug, revoked_at__isnull=True).update(
        revoked_at=timezone.now()
    )


def refuse_writes_to_mirrors(tournament: Tournament) -> None:
    """The write guard (tournaments/services/permissions.py): a mirror is read-only."""
    venue = (
        Mirror.objects.filter(tournament_id=tournament.pk, detached_at__isnull=True)
        .values_list("venue", flat=True)
        .first()
    )
    if venue is not None:
        raise ServiceError(ErrorCode.MIRROR_READ_ONLY, name=tournament.name, venue=venue)


def mirror_of(tournament: Tournament) -> Mirror | None:
    """The attached mirror `tournament` is, or None for an ordinary tournament."""
    return Mirror.objects.filter(tournament_id=tournament.pk, detached_at__isnull=True).first()


@dataclass(frozen=True)
class Transfer:
    slug: str
    token: str
    kind: str
    revision: int
    previous: int | None
    source: str
    document: dict | None = None  # a snapshot's document
    changes: dict | None = None  # an increment's rows (publishing.chain.increment)
    digest: str = ""  # an increment's fingerprint of the whole document it makes


def check_token(slug: str, token: str) -> MirrorToken:
    found = MirrorToken.objects.filter(token_hash=hashed(token), slug=slug).first()
    if found is None or found.revoked_at is not None:
        raise ServiceError(ErrorCode.MIRROR_TOKEN_REFUSED, slug=slug)
    return found


def check_publishing(slug: str, token: str) -> int | None:
    """What a venue asks before its first transfer (its arbiter saving the token): refused as a
    transfer would be for a wrong or revoked token (403), a detached mirror (410) or a slug of an
    ordinary tournament here (409); else the revision held here (None: nothing yet)."""
    check_token(slug, token)
    mirror = Mirror.objects.filter(slug=slug).first()
    _refuse_unless_attached(slug, mirror)
    return mirror.revision if mirror else None


def _refuse_unless_attached(slug: str, mirror: Mirror | None) -> Tournament | None:
    """Refuse a detached mirror (410) or a slug held here by an ordinary tournament (409);
    return the tournament held here under `slug`, if any."""
    if mirror is not None and mirror.detached_at is not None:
        raise ServiceError(
            ErrorCode.MIRROR_DETACHED,
            slug=slug,
            when=timezone.localtime(mirror.detached_at).strftime("%Y-%m-%d %H:%M"),
            reason=mirror.detached_reason,
        )
    held_here = Tournament.objects.filter(slug=slug).first()
    if held_here is not None and (mirror is None or mirror.tournament_id != held_here.pk):
        raise ServiceError(ErrorCode.SLUG_TAKEN, slug=slug)
    return held_here


def receive(transfer: Transfer) -> int:
    """Store `transfer` when the chain allows it; return the revision now held here.

    Refused with a ServiceError (nothing stored) for a wrong or revoked token (403), a detached
    mirror (410), a slug of an ordinary tournament here (409), an increment that does not follow
    what is held (409, asking for a snapshot) or a document the restore refuses (400).
    """
    token = check_token(transfer.slug, transfer.token)
    with transaction.atomic():
        mirror, _created = Mirror.objects.select_for_update().get_or_create(
            slug=transfer.slug, defaults={"venue": token.venue}
        )
        held_here = _refuse_unless_attached(transfer.slug, mirror)
        same_source = mirror.source is None or str(mirror.source) == transfer.source
        decided = chain.verdict(
            mirror.revision, transfer.kind, transfer.revision, transfer.previous, same_source
        )
        if decided is chain.Verdict.ALREADY_HELD:
            return mirror.revision
        if decided is chain.Verdict.SNAPSHOT_NEEDED:
            raise ServiceError(ErrorCode.SNAPSHOT_NEEDED, held=mirror.revision)
        document = transfer.document
        if transfer.kind == chain.INCREMENT:
            document = _patched(mirror, transfer)
        if held_here is not None:
            remove_tournament(held_here)
        try:
            tournament = import_tournament(document, slug=transfer.slug)
            restore_live(tournament, document.get(KIND, []))
        except ServiceError as error:
            raise ServiceError(ErrorCode.BAD_TRANSFER, problem=error) from error
        mirror.tournament = tournament
        mirror.venue = token.venue
        mirror.source = transfer.source
        mirror.revision = transfer.revision
        mirror.received_at = timezone.now()
        mirror.document = chain.pack(dumps_backup(document))
        mirror.save()
    return transfer.revision


def _patched(mirror: Mirror, transfer: Transfer) -> dict:
    """The document an increment makes of the one held; refused (409, send a snapshot) when
    it does not fit it."""
    try:
        held = json.loads(chain.unpack(bytes(mirror.document), 1 << 30))
        document = chain.patched(held, transfer.changes)
    except (TypeError, ValueError) as error:  # nothing held, or rows that do not fit
        raise ServiceError(ErrorCode.SNAPSHOT_NEEDED, held=mirror.revision) from error
    if chain.digest(document) != transfer.digest:
        raise ServiceError(ErrorCode.SNAPSHOT_NEEDED, held=mirror.revision)
    return document


def parse_document(text: str) -> dict:
    try:
        document = json.loads(text)
    except ValueError as error:
        raise ServiceError(ErrorCode.BAD_TRANSFER, problem=str(error)) from error
    if not isinstance(document, dict):
        raise ServiceError(ErrorCode.BAD_TRANSFER, problem="not a document")
    return document


@transaction.atomic
def detach(slug: str, reason: str = "") -> Tournament | None:
    """Make the mirror `slug` an ordinary tournament here; the venue is told at its next
    transfer and stops. Returns the tournament (None when none was received yet)."""
    mirror = Mirror.objects.select_for_update().filter(slug=slug).first()
    if mirror is None:
        raise ServiceError(
            ErrorCode.INVALID, problem=_("No mirror %(slug)s here.") % {"slug": slug}
        )
    if mirror.detached_at is None:
        mirror.detached_at = timezone.now()
        mirror.detached_reason = reason
        mirror.save()
    tournament = mirror.tournament
    if tournament is not None:
        from tournaments.freshness import touch

        touch(tournament.pk)  # its pages lose the "results from the hall" line at once
    return tournament
