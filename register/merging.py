"""Merging two persons found to be one, and splitting a wrong merge back.

A merge keeps one person: the duplicate's links and name variants move to him, the fields he
lacks (sex, birth date, federation, club) are filled from the duplicate, and the duplicate stays
as a row marked `merged_into` the person kept, so that an exact identity number of his still
finds the person kept. The audit row's snapshot names what moved; a split puts back exactly
that. No tournament's players or results change: only the register's links move.
"""

import datetime

from django.db import transaction

from register.access import is_officer
from register.models import NameVariant, Person, PlayerLink, RegisterChange
from tournaments.services.errors import ErrorCode, ServiceError

# What a merge fills on the person kept when he lacks it.
FILLED_FIELDS = ("sex", "birth_date", "birth_year", "federation", "club")


def _require_officer(by) -> None:
    if not is_officer(by):
        raise ServiceError(ErrorCode.REGISTER_FORBIDDEN)


def _reason(reason: str) -> str:
    if not (reason or "").strip():
        raise ServiceError(ErrorCode.REASON_REQUIRED, case="register", field="reason")
    return reason.strip()


def _fields(person: Person) -> dict:
    """The person's FILLED_FIELDS as JSON values (a date as ISO text)."""
    return {
        field: value.isoformat() if hasattr(value, "isoformat") else value
        for field in FILLED_FIELDS
        for value in [getattr(person, field)]
    }


@transaction.atomic
def merge_persons(kept: Person, duplicate: Person, *, by, reason: str) -> RegisterChange:
    """Merge `duplicate` into `kept` (register officers only), with an audit row."""
    _require_officer(by)
    reason = _reason(reason)
    if kept.pk == duplicate.pk:
        raise ServiceError(ErrorCode.SAME_PERSON, field="duplicate")
    locked = Person.objects.select_for_update().in_bulk(sorted([kept.pk, duplicate.pk]))
    kept, duplicate = locked[kept.pk], locked[duplicate.pk]
    for person, field in ((kept, "kept"), (duplicate, "duplicate")):
        if person.is_merged:
            raise ServiceError(
                ErrorCode.PERSON_MERGED,
                field=field,
                name=person.name,
                kept=Person.objects.get(pk=person.merged_into_id).name,
            )
    links = sorted(duplicate.links.values_list("pk", flat=True))
    kept_names = set(kept.variants.values_list("name", flat=True))
    variants = sorted(
        pk for pk, name in duplicate.variants.values_list("pk", "name") if name not in kept_names
    )
    before = _fields(kept)
    for field in FILLED_FIELDS:
        if getattr(kept, field) in (None, "") and getattr(duplicate, field) not in (None, ""):
            setattr(kept, field, getattr(duplicate, field))
    PlayerLink.objects.filter(pk__in=links).update(person=kept)
    NameVariant.objects.filter(pk__in=variants).update(person=kept)
    kept.save()
    after = _fields(kept)
    filled = {f: [before[f], after[f]] for f in FILLED_FIELDS if before[f] != after[f]}
    duplicate.merged_into = kept
    duplicate.save(update_fields=["merged_into"])
    return RegisterChange.objects.create(
        kind=RegisterChange.Kind.MERGE,
        person=kept,
        other=duplicate,
        subject=f"{duplicate.name} (#{duplicate.pk}) → {kept.name} (#{kept.pk})",
        snapshot={"links": links, "variants": variants, "filled": filled},
        reason=reason,
        done_by=by,
    )


def _parsed(field: str, value):
    if field == "birth_date" and value:
        return datetime.date.fromisoformat(value)
    return value


@transaction.atomic
def split_merge(merge: RegisterChange, *, by, reason: str) -> RegisterChange:
    """Undo `merge`: the duplicate comes back with the links and variants that moved (those
    still on the person kept), and the fields the merge filled are emptied again."""
    _require_officer(by)
    reason = _reason(reason)
    merge = RegisterChange.objects.select_for_update().get(pk=merge.pk)
    if merge.kind != RegisterChange.Kind.MERGE:
        raise ServiceError(ErrorCode.SPLIT_IMPOSSIBLE)
    if RegisterChange.objects.filter(undoes=merge).exists():
        raise ServiceError(ErrorCode.SPLIT_IMPOSSIBLE, case="done")
    locked = Person.objects.select_for_update().in_bulk(sorted([merge.person_id, merge.other_id]))
    kept, duplicate = locked[merge.person_id], locked[merge.other_id]
    if kept.is_merged or duplicate.merged_into_id != kept.pk:
        raise ServiceError(ErrorCode.SPLIT_IMPOSSIBLE, case="later", name=kept.name)
    snapshot = merge.snapshot
    moved_links = PlayerLink.objects.filter(pk__in=snapshot["links"], person=kept)
    links = sorted(moved_links.values_list("pk", flat=True))
    moved_links.update(person=duplicate)
    moved_variants = NameVariant.objects.filter(pk__in=snapshot["variants"], person=kept)
    variants = sorted(moved_variants.values_list("pk", flat=True))
    moved_variants.update(person=duplicate)
    now = _fields(kept)
    emptied = {}
    for field, (was, filled) in snapshot["filled"].items():
        if now[field] == filled:
            emptied[field] = was
            setattr(kept, field, _parsed(field, was))
    kept.save()
    duplicate.merged_into = None
    duplicate.save(update_fields=["merged_into"])
    return RegisterChange.objects.create(
        kind=RegisterChange.Kind.SPLIT,
        person=kept,
        other=duplicate,
        subject=f"{duplicate.name} (#{duplicate.pk}) ← {kept.name} (#{kept.pk})",
        snapshot={"links": links, "variants": variants, "emptied": emptied},
        reason=reason,
        done_by=by,
        undoes=merge,
    )
