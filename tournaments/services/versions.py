"""The version a write changes, so that it never overwrites a change it did not see.

A game's result has its own version: the id of its last result change, 0 before any. A page or
an API client shows a result with its version and sends it back with a correction; the results
service refuses the correction when the version moved meanwhile. Every reader of a version
reads it here, one game at a time or annotated on a list in the list's own query.

Every other write through the API (players, pairing, publishing or deleting a round, a TRF
section) names the tournament's revision (`tournaments/freshness.py`), which every write to the
tournament's rows raises: `at_revision` refuses the write when it moved since the client read it.
"""

from contextlib import contextmanager

from django.db import transaction
from django.db.models import Max
from django.db.models.functions import Coalesce

from tournaments.models import Pairing, ResultChange, Tournament
from tournaments.services.errors import ErrorCode, ServiceError


def last_change(pairing: Pairing):
    """The pairing's last result change (with who made it), None before any."""
    return pairing.result_changes.select_related("changed_by").order_by("-pk").first()


def current_version(pairing: Pairing) -> int:
    """The id of the pairing's last result change, 0 before any: what a page showed."""
    last = pairing.result_changes.order_by("-pk").values_list("pk", flat=True).first()
    return last or 0


def with_versions(pairings):
    """`pairings` (a manager or a queryset) with each one's `version` read in the same query,
    in the order asked for or else the model's (round, board): a grouped query keeps no model
    ordering of its own."""
    pairings = pairings.all()
    if not pairings.query.order_by:
        pairings = pairings.order_by(*Pairing._meta.ordering)
    return pairings.annotate(version=Coalesce(Max("result_changes__id"), 0))


def round_versions(round_) -> dict[int, int]:
    """{pairing id: version} for the games of `round_` that have a result change."""
    return dict(
        ResultChange.objects.filter(pairing__round=round_)
        .values("pairing")
        .annotate(last=Max("pk"))
        .values_list("pairing", "last")
    )


@contextmanager
def at_revision(tournament: Tournament, expected: int):
    """Run the body (a service's write) in one transaction with the tournament's row locked,
    if its revision is still `expected`; else refuse with `tournament_changed` (409). Every write
    to the tournament raises the revision on that row, so none slips in between the check and
    the body's write."""
    with transaction.atomic():
        revision = (
            Tournament.objects.select_for_update()
            .filter(pk=tournament.pk)
            .values_list("revision", flat=True)
            .get()
        )
        if revision != expected:
            raise ServiceError(
                ErrorCode.TOURNAMENT_CHANGED, field="expected_version", name=tournament.name
            )
        yield
