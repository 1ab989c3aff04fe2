"""Problems players report about their games, queued for the event's arbiters. A report stops
nothing: the result stands and the event goes on until an arbiter corrects it through the
results service, if he finds it wrong."""

from django.db import transaction
from django.utils import timezone

from online.models import Dispute, Entry, OnlineEvent
from tournaments.models import Pairing, Tournament
from tournaments.services.errors import ErrorCode, ServiceError
from tournaments.services.permissions import require_arbiter


def report(pairing: Pairing, user, text: str) -> Dispute:
    """`user`'s report about `pairing`, one of his own games of an online event."""
    tournament = pairing.round.section.tournament
    if not OnlineEvent.objects.filter(tournament=tournament).exists():
        raise ServiceError(ErrorCode.NOT_ONLINE, name=tournament.name)
    entry = (
        Entry.objects.filter(
            account__user=user, player_id__in=[pairing.south_id, pairing.north_id]
        ).first()
        if user.is_authenticated
        else None
    )
    if entry is None:
        raise ServiceError(ErrorCode.NOT_YOUR_GAME, id=pairing.pk)
    return Dispute.objects.create(pairing=pairing, entry=entry, text=text.strip())


def queue(tournament: Tournament):
    """The event's reports, those still open first, with their games and players."""
    return (
        Dispute.objects.filter(pairing__round__section__tournament=tournament)
        .select_related(
            "pairing__round__section", "pairing__south", "pairing__north", "entry__player"
        )
        .order_by("closed_at", "reported_at", "pk")
    )


@transaction.atomic
def close(dispute: Dispute, *, by, answer: str) -> Dispute:
    """An arbiter answers a report and closes it."""
    tournament = dispute.pairing.round.section.tournament
    require_arbiter(tournament, by)
    dispute = Dispute.objects.select_for_update().get(pk=dispute.pk)
    if not dispute.is_open:
        raise ServiceError(ErrorCode.DISPUTE_CLOSED)
    dispute.closed_by = by
    dispute.closed_at = timezone.now()
    dispute.answer = answer.strip()
    dispute.save(update_fields=["closed_by", "closed_at", "answer"])
    return dispute
