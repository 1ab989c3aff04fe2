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
from django.utils.translation import gettext_lazy

from publishing import chain
from publishing.live import KIND, restore_live
from publishing.models import Mirror, MirrorToken
from tournaments.freshness import held_back
from tournaments.models import Round, Tournament
from tournaments.services.backup import dumps_backup, import_tournament
from tournaments.services.errors import ErrorCode, ServiceError


def hashed(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def issue_token(slug: str, venue: str, by=None) -> str:
    """A new token that lets `venue` publish the tournament `slug` here; shown once."""
    token = secrets.token_urlsafe(32)
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


class Refused(Exception):
    """A transfer not stored: `status` and `code` are answered to the venue with `message`."""

    def __init__(self, status: int, code: str, message: str):
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


REFUSALS = {
    "token_refused": gettext_lazy("This token does not let you publish %(slug)s here."),
    "mirror_detached": gettext_lazy(
        "The copy of %(slug)s here was detached on %(when)s and is no longer published from "
        "the venue. %(reason)s"
    ),
    "slug_taken": gettext_lazy("A tournament %(slug)s that is not a copy exists here."),
    "snapshot_needed": gettext_lazy(
        "The change does not follow revision %(held)s held here: send the whole tournament."
    ),
    "bad_transfer": gettext_lazy("The transfer cannot be read: %(problem)s"),
}


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
        raise Refused(403, "token_refused", REFUSALS["token_refused"] % {"slug": slug})
    return found


def check_publishing(slug: str, token: str) -> int | None:
    """What a venue asks before its first transfer (its arbiter saving the token): refused as a
    transfer would be for a wrong or revoked token (403), a detached mirror (410) or a slug of an
    ordinary tournament here (409); else the revision held here (None: nothing yet)."""
    check_token(slug, token)
    mirror = Mirror.objects.filter(slug=slug).first()
    if mirror is not None and mirror.detached_at is not None:
        raise Refused(
            410,
            "mirror_detached",
            REFUSALS["mirror_detached"]
            % {
                "slug": slug,
                "when": timezone.localtime(mirror.detached_at).strftime("%Y-%m-%d %H:%M"),
                "reason": mirror.detached_reason,
            },
        )
    held_here = Tournament.objects.filter(slug=slug).first()
    if held_here is not None and (mirror is None or mirror.tournament_id != held_here.pk):
        raise Refused(409, "slug_taken", REFUSALS["slug_taken"] % {"slug": slug})
    return mirror.revision if mirror else None


def receive(transfer: Transfer) -> int:
    """Store `transfer` when the chain allows it; return the revision now held here.

    Refused (nothing stored) for a wrong or revoked token (403), a detached mirror (410), a slug
    of an ordinary tournament here (409), an increment that does not follow what is held (409,
    asking for a snapshot) or a document the restore refuses (400).
    """
    token = check_token(transfer.slug, transfer.token)
    with transaction.atomic():
        mirror, _created = Mirror.objects.select_for_update().get_or_create(
            slug=transfer.slug, defaults={"venue": token.venue}
        )
        if mirror.detached_at is not None:
            raise Refused(
                410,
                "mirror_detached",
                REFUSALS["mirror_detached"]
                % {
                    "slug": transfer.slug,
                    "when": timezone.localtime(mirror.detached_at).strftime("%Y-%m-%d %H:%M"),
                    "reason": mirror.detached_reason,
                },
            )
        held_here = Tournament.objects.filter(slug=transfer.slug).first()
        if held_here is not None and mirror.tournament_id != held_here.pk:
            raise Refused(409, "slug_taken", REFUSALS["slug_taken"] % {"slug": transfer.slug})
        same_source = mirror.source is None or str(mirror.source) == transfer.source
        decided = chain.verdict(
            mirror.revision, transfer.kind, transfer.revision, transfer.previous, same_source
        )
        if decided is chain.Verdict.ALREADY_HELD:
            return mirror.revision
        if decided is chain.Verdict.SNAPSHOT_NEEDED:
            raise Refused(
                409, "snapshot_needed", REFUSALS["snapshot_needed"] % {"held": mirror.revision}
            )
        document = transfer.document
        if transfer.kind == chain.INCREMENT:
            document = _patched(mirror, transfer)
        if held_here is not None:
            _remove(held_here)
        try:
            tournament = import_tournament(document, slug=transfer.slug)
            restore_live(tournament, document.get(KIND, []))
        except ServiceError as error:
            raise Refused(
                400, "bad_transfer", REFUSALS["bad_transfer"] % {"problem": error.message}
            ) from error
        mirror.tournament = tournament
        mirror.venue = token.venue
        mirror.source = transfer.source
        mirror.revision = transfer.revision
        mirror.received_at = timezone.now()
        mirror.document = chain.pack(dumps_backup(document))
        mirror.save()
    return transfer.revision


def _patched(mirror: Mirror, transfer: Transfer) -> dict:
    """The document an increment makes of the one held; Refused (409, send a snapshot) when
    it does not fit it."""
    try:
        held = json.loads(chain.unpack(bytes(mirror.document), 1 << 30))
        document = chain.patched(held, transfer.changes)
    except (TypeError, ValueError) as error:  # nothing held, or rows that do not fit
        raise Refused(
            409, "snapshot_needed", REFUSALS["snapshot_needed"] % {"held": mirror.revision}
        ) from error
    if chain.digest(document) != transfer.digest:
        raise Refused(
            409, "snapshot_needed", REFUSALS["snapshot_needed"] % {"held": mirror.revision}
        )
    return document


def _remove(tournament: Tournament) -> None:
    """Delete the copy a new snapshot replaces: its rounds first (their pairings and seats hold
    its players), then the rest with the tournament."""
    with held_back():
        Round.objects.filter(section__tournament=tournament).delete()
        tournament.delete()


def parse_document(text: str) -> dict:
    try:
        document = json.loads(text)
    except ValueError as error:
        raise Refused(
            400, "bad_transfer", REFUSALS["bad_transfer"] % {"problem": str(error)}
        ) from error
    if not isinstance(document, dict):
        raise Refused(400, "bad_transfer", REFUSALS["bad_transfer"] % {"problem": "not a document"})
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
