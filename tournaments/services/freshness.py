"""Has this tournament changed? One stamp per tournament, for conditional requests and caches.

`Tournament.changed_at` is moved forward by every write to a row that belongs to the tournament:
a model signal on save and delete of ANY model of this app that leads to a tournament through its
foreign keys (found by introspection, so a model added later is covered without being listed
here). Bulk operations skip signals; the services that use them call `bump_tournament` (or the
same transaction also saves a row that does, e.g. the round whose boards are bulk-created).

`tournament_stamp(tournament_id)` answers the public pages' `condition` decorator: the ETag and
Last-Modified of every public page of the tournament, read in one query without rendering.
"""

from __future__ import annotations

import hashlib
from datetime import datetime
from functools import cache

from django.apps import apps
from django.db import models
from django.db.models.signals import post_delete, post_save
from django.utils import timezone

# Changing what the pages look like (templates, scripts) must not be answered by a 304 from
# before the change: bump this with any change of the public pages' markup.
MARKUP_VERSION = "2"


def bump_tournament(tournament_id: int | None) -> None:
    """Mark the tournament as changed now (for writes that send no model signal)."""
    if tournament_id is not None:
        _tournament_model().objects.filter(pk=tournament_id).update(changed_at=timezone.now())


def tournament_stamp(tournament_id: int | None) -> tuple[str, datetime | None]:
    """(ETag body, Last-Modified) of the tournament's pages; ('', None) when unknown."""
    changed_at = (
        _tournament_model()
        .objects.filter(pk=tournament_id)
        .values_list("changed_at", flat=True)
        .first()
    )
    return stamp_of(changed_at)


def public_stamp(slug: str) -> tuple[str, datetime | None]:
    """`tournament_stamp` of the published tournament `slug`, in one query; ('', None) when
    there is none (the page then answers 404 by itself)."""
    changed_at = (
        _tournament_model()
        .objects.filter(slug=slug, published=True)
        .values_list("changed_at", flat=True)
        .first()
    )
    return stamp_of(changed_at)


def stamp_of(changed_at: datetime | None) -> tuple[str, datetime | None]:
    if changed_at is None:
        return "", None
    return f"{MARKUP_VERSION}.{changed_at.timestamp():.6f}", changed_at


def page_etag(request, stamp: str) -> str | None:
    """The ETag of one public page: the tournament's stamp, the viewer (the header names the
    logged-in user and offers arbiter links), the language and the exact URL with its query."""
    if not stamp:
        return None
    viewer = request.user.pk if request.user.is_authenticated else 0
    language = getattr(request, "LANGUAGE_CODE", "")
    key = f"{stamp}|{viewer}|{request.get_full_path()}|{language}"
    return hashlib.blake2s(key.encode(), digest_size=12).hexdigest()


def _tournament_model():
    return apps.get_model("tournaments", "Tournament")


@cache
def _paths_to_tournament(model: type[models.Model]) -> list[tuple[str, str]]:
    """For each foreign key of `model` that leads to Tournament: (attname on the row, lookup on
    Tournament that selects by that value), shortest first. [] for unrelated models."""
    tournament = _tournament_model()
    paths = []
    for field in model._meta.concrete_fields:
        if not field.many_to_one and not field.one_to_one:
            continue
        chain = _chain_to(field.related_model, tournament, depth=4)
        if chain is None:
            continue
        # Walking back from Tournament: the reverse names of the keys after the first one.
        lookup = "__".join(step.related_query_name() for step in reversed(chain))
        paths.append((len(chain), field.attname, f"{lookup}__pk" if lookup else "pk"))
    return [(attname, lookup) for _length, attname, lookup in sorted(paths)]


def _chain_to(start, target, depth: int) -> list | None:
    """The foreign keys leading from model `start` to `target` (shortest), or None."""
    if start is target:
        return []
    if depth == 0:
        return None
    best = None
    for field in start._meta.concrete_fields:
        # A key without a reverse name ("+") cannot be followed back from Tournament.
        if (field.many_to_one or field.one_to_one) and not field.remote_field.hidden:
            rest = _chain_to(field.related_model, target, depth - 1)
            if rest is not None and (best is None or len(rest) + 1 < len(best)):
                best = [field, *rest]
    return best


def _row_changed(sender, instance, **kwargs) -> None:
    if kwargs.get("raw"):
        return  # fixtures being loaded
    tournament = _tournament_model()
    if sender is tournament:
        bump_tournament(instance.pk)
        return
    for attname, lookup in _paths_to_tournament(sender):
        value = getattr(instance, attname)
        if value is not None:
            tournament.objects.filter(**{lookup: value}).update(changed_at=timezone.now())
            return


def connect_signals() -> None:
    """Watch every model of the tournaments app (called from the app's ready())."""
    for model in apps.get_app_config("tournaments").get_models():
        post_save.connect(_row_changed, sender=model, dispatch_uid=f"freshness-save-{model}")
        post_delete.connect(_row_changed, sender=model, dispatch_uid=f"freshness-del-{model}")
