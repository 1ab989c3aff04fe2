"""A game's result version: the id of its last result change, 0 before any.

A page or an API client shows a result with its version and sends it back with a correction;
the results service refuses the correction when the version moved meanwhile. Every reader of a
version reads it here, one game at a time or annotated on a list in the list's own query.
"""

from django.db.models import Max
from django.db.models.functions import Coalesce

from tournaments.models import Pairing, ResultChange


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
