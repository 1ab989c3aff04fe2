"""Backup and restore of a whole tournament as one JSON document.

The document holds the tournament with its sections, teams, players, requested byes, rounds,
the rounds' planned starts, pairings, seats, results, the games' move records and the audit
trail: result changes and the steps taken back (`Undo`).
Rows are numbered 1..n per kind in a fixed order and refer to each other by those numbers, and
users by username, and the keys of JSON values are sorted, so that export → import into an empty
database (SQLite or PostgreSQL) → export gives an identical file. Timestamps (when a round was
paired, a result entered or changed) are kept as they were; the tournament's revision, which
only tells caches whether it changed, is not kept.

A restore copies results that were checked and audited when they were entered: their audit
trail is the file's, row for row, with who changed what and why. Each one is checked again by
the results service's checker, so a damaged or edited file cannot store a result the rules
refuse, and the restored tournament's revision is raised like after any write.
"""

import datetime
import json
from decimal import Decimal

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import IntegrityError, models, transaction
from django.utils.translation import gettext as _

from tournaments.freshness import touch
from tournaments.models import (
    Pairing,
    Player,
    PrizeCategory,
    RequestedBye,
    Result,
    ResultChange,
    Round,
    RoundStart,
    Seat,
    Section,
    Team,
    Tournament,
    Undo,
)
from tournaments.models.records import GameRecord
from tournaments.services.errors import ErrorCode, ServiceError
from tournaments.services.events import CREATE_PERMISSION
from tournaments.services.import_checks import check_row
from tournaments.services.result_checks import assess, kept_entry
from tournaments.trf.colours import side_of

FORMAT = "oware-tournament-backup"
VERSION = 1
# Kinds in an order where every row comes after the rows it refers to, each with the lookup
# from it to its tournament and the order its rows are written in.
_PAIRING = ("round__section__order", "round__number", "board")
_OF_PAIRING = tuple(f"pairing__{key}" for key in _PAIRING)
KINDS: list[tuple[str, type[models.Model], str, tuple[str, ...]]] = [
    ("tournament", Tournament, "pk", ("pk",)),
    ("section", Section, "tournament", ("order", "slug", "pk")),
    ("team", Team, "tournament", ("code", "pk")),
    ("prize_category", PrizeCategory, "section__tournament", ("section__order", "order", "pk")),
    ("player", Player, "section__tournament", ("section__order", "pairing_number", "pk")),
    ("requested_bye", RequestedBye, "player__section__tournament", ("player_id", "round_number")),
    ("round", Round, "section__tournament", ("section__order", "number")),
    ("round_start", RoundStart, "section__tournament", ("section__order", "number")),
    ("pairing", Pairing, "round__section__tournament", _PAIRING),
    ("seat", Seat, "round__section__tournament", (*_OF_PAIRING, "side")),
    ("result", Result, "pairing__round__section__tournament", _OF_PAIRING),
    ("game_record", GameRecord, "pairing__round__section__tournament", _OF_PAIRING),
    (
        "result_change",
        ResultChange,
        "pairing__round__section__tournament",
        (*_OF_PAIRING, "changed_at", "pk"),
    ),
    ("undo", Undo, "section__tournament", ("done_at", "pk")),
]
KIND_OF_MODEL = {model: kind for kind, model, _lookup, _order in KINDS}
# Fields written for the caches, not the tournament's data: left out of a backup, ignored in one.
BOOKKEEPING = {Tournament: {"revision", "changed_at"}}


def export_tournament(tournament: Tournament) -> dict:
    """The whole of `tournament` as a JSON-ready document (see the module's docstring)."""
    numbers: dict[type, dict[int, int]] = {}
    document: dict = {"format": FORMAT, "version": VERSION}
    users = {user.pk: user.get_username() for user in get_user_model().objects.all()}
    for kind, model, lookup, order in KINDS:
        rows = list(model.objects.filter(**{lookup: tournament.pk}).order_by(*order))
        numbers[model] = {row.pk: index for index, row in enumerate(rows, start=1)}
        document[kind] = [_row_data(row, numbers, users) for row in rows]
    document["tournament"][0]["arbiters"] = sorted(
        users[pk] for pk in tournament.arbiters.values_list("pk", flat=True)
    )
    return document


def dumps_backup(document: dict) -> str:
    """The document as the text of a backup file (stable: the same data gives the same text)."""
    return json.dumps(document, ensure_ascii=False, indent=1) + "\n"


def _row_data(row: models.Model, numbers, users) -> dict:
    data = {"id": numbers[type(row)][row.pk]}
    for field in type(row)._meta.concrete_fields:
        if field.primary_key or field.name in BOOKKEEPING.get(type(row), ()):
            continue
        value = field.value_from_object(row)
        if field.is_relation:
            target = field.related_model
            if value is None:
                data[field.name] = None
            elif target in KIND_OF_MODEL:
                data[field.name] = numbers[target][value]
            else:  # a user
                data[field.name] = users.get(value)
        elif isinstance(field, models.CharField):
            # As the database keeps it: a side by its letter, an ending by its value.
            data[field.name] = field.get_prep_value(value)
        elif isinstance(field, models.JSONField):
            data[field.name] = _sorted_keys(value)
        else:
            data[field.name] = _plain(value)
    return data


def _sorted_keys(value):
    """A JSON value with every object's keys in sorted order: the order a database gives them
    back is its own (PostgreSQL's jsonb orders keys by length, SQLite keeps them as written), and
    the file must be the same whichever database it comes from."""
    if isinstance(value, dict):
        return {key: _sorted_keys(value[key]) for key in sorted(value)}
    if isinstance(value, list):
        return [_sorted_keys(item) for item in value]
    return value


def _plain(value):
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, datetime.date | datetime.datetime):
        return value.isoformat()
    return value


@transaction.atomic
def import_tournament(
    document: dict, *, by=None, slug: str | None = None, arbiter=None, recreate_users=False
) -> Tournament:
    """Create the tournament a backup document holds; return it.

    `by` must be allowed to create tournaments (None: a management command, trusted). Refused
    (ServiceError, nothing written) for a document of another format or version, or when a
    tournament with its slug exists. `slug` restores under another slug, beside the copy that
    has the file's own.

    Users (the arbiters, who entered or changed each result) are found by username. One
    missing here is, in this order: the `arbiter` user when one is given; with
    `recreate_users`, a new inactive account of that username without a password (it keeps
    the file's "entered by" and can be activated by an administrator); otherwise left out of
    the arbiters and left empty where it entered a result.
    """
    if by is not None and not by.has_perm(CREATE_PERMISSION):
        raise ServiceError(ErrorCode.CREATE_FORBIDDEN)
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ServiceError(ErrorCode.INVALID, case="not_a_backup", field="file")
    if document.get("version") != VERSION:
        raise ServiceError(
            ErrorCode.INVALID, case="backup_version", field="file", version=document.get("version")
        )
    try:
        slug = slug or document["tournament"][0]["slug"]
        document = {**document, "tournament": [{**document["tournament"][0], "slug": slug}]}
        names = _usernames(document)
    except (KeyError, IndexError, TypeError, AttributeError) as error:
        raise ServiceError(ErrorCode.INVALID, case="no_tournament", field="tournament") from error
    if Tournament.objects.filter(slug=slug).exists():
        raise ServiceError(ErrorCode.TOURNAMENT_EXISTS, field="slug", slug=slug)
    users = _users_of(names, arbiter, recreate_users)
    created: dict[type, dict[int, models.Model]] = {}
    where: tuple[str, int | None] = ("tournament", None)  # the row being read, for a refusal
    try:
        for kind, model, _lookup, _order in KINDS:
            rows = []
            for index, data in enumerate(document.get(kind, []), start=1):
                where = (kind, index)
                if not isinstance(data, dict):
                    raise TypeError(_("not an object"))
                rows.append(_new_row(model, _upgraded(kind, data), created, users))
            for index, (number, row) in enumerate(rows, start=1):
                where = (kind, index)
                check_row(kind, number, row)  # the forms' rules: a bad slug or name is refused
            where = (kind, None)
            with transaction.atomic():  # a clash (two sections with one slug) is refused
                saved = model.objects.bulk_create([row for _number, row in rows])
            created[model] = {number: row for (number, _row), row in zip(rows, saved, strict=True)}
            _restore_timestamps(model, document.get(kind, []), saved)
    except (
        KeyError,
        IndexError,
        TypeError,
        ValueError,
        AttributeError,
        ValidationError,
        IntegrityError,
    ) as error:
        raise ServiceError(
            ErrorCode.INVALID, case="damaged_backup", field="file", problem=_damage(error, *where)
        ) from error
    tournament = created[Tournament][1]
    _check_results(tournament)
    touch(tournament.pk)
    names = document["tournament"][0].get("arbiters", [])
    tournament.arbiters.set([users[name] for name in names if name in users])
    if by is not None:
        tournament.arbiters.add(by)
    return tournament


def _damage(error: Exception, kind: str, row: int | None) -> str:
    """What is wrong with the backup and where: "row 3 of "player": field 'name' missing"."""
    place = (
        _('row %(row)d of "%(kind)s"') % {"row": row, "kind": kind}
        if row is not None
        else _('the rows of "%(kind)s"') % {"kind": kind}
    )
    if isinstance(error, KeyError) and error.args and isinstance(error.args[0], str):
        what = _("field '%(field)s' missing") % {"field": error.args[0]}
    elif isinstance(error, KeyError):
        what = _("it names row %(key)s, which the backup does not have") % {
            "key": error.args[0] if error.args else "?"
        }
    elif isinstance(error, ValidationError):
        what = " ".join(error.messages)
    elif isinstance(error, IntegrityError):
        what = _("two rows clash, or one names a row that is not there")
    else:
        what = str(error) or type(error).__name__
    return f"{place}: {what}"


def _usernames(document: dict) -> set[str]:
    """Every username the document names: its arbiters and the user fields of its rows."""
    names = set(document["tournament"][0].get("arbiters", []))
    for kind, model, _lookup, _order in KINDS:
        fields = [
            field.name
            for field in model._meta.concrete_fields
            if field.is_relation and field.related_model not in KIND_OF_MODEL
        ]
        for row in document.get(kind, []):
            names.update(row[name] for name in fields if isinstance(row.get(name), str))
    return names


def _users_of(names: set[str], arbiter, recreate: bool) -> dict:
    """Username -> user for every name of the document (see `import_tournament`)."""
    model = get_user_model()
    found = model.objects.filter(**{f"{model.USERNAME_FIELD}__in": names})
    users = {user.get_username(): user for user in found}
    for name in sorted(names - users.keys()):
        if arbiter is not None:
            users[name] = arbiter
        elif recreate:
            user = model(**{model.USERNAME_FIELD: name}, is_active=False)
            user.set_unusable_password()
            user.save()
            users[name] = user
    return users


def _check_results(tournament: Tournament) -> None:
    """Refuse the restore (nothing written) when a result is one the rules do not allow."""
    results = Result.objects.filter(pairing__round__section__tournament=tournament)
    for result in results.select_related("pairing__game_record", "pairing__round"):
        try:
            assess(kept_entry(result), tournament)
        except ServiceError as error:
            problem = _("round %(round)d, board %(board)d: %(problem)s") % {
                "round": result.pairing.round.number,
                "board": result.pairing.board,
                "problem": error.message,
            }
            raise ServiceError(
                ErrorCode.INVALID, case="damaged_backup", field="file", problem=problem
            ) from error


def _upgraded(kind: str, data: dict) -> dict:
    """A row of an older backup in today's fields: a section's first player's side was kept as
    a TRF colour before a section stored it."""
    if kind == "section" and "initial_colour" in data and "initial_side" not in data:
        colour = data["initial_colour"]
        side = side_of(colour)
        return {**data, "initial_side": colour if side is None else side}
    return data


def _new_row(model, data: dict, created, users) -> tuple[int, models.Model]:
    values = {}
    for field in model._meta.concrete_fields:
        skipped = BOOKKEEPING.get(model, ())
        if field.primary_key or field.name not in data or field.name in skipped:
            continue
        value = data[field.name]
        if field.is_relation:
            target = field.related_model
            if value is None:
                values[field.name] = None
            elif target in KIND_OF_MODEL:
                values[field.name] = created[target][value]
            else:
                values[field.name] = users.get(value)
        elif value is None or isinstance(field, models.JSONField):
            values[field.name] = value
        else:
            values[field.name] = field.to_python(value)
    return data["id"], model(**values)


def _restore_timestamps(model, rows: list[dict], saved: list[models.Model]) -> None:
    """Put back the automatic timestamps that creating the rows replaced with now."""
    automatic = [
        field
        for field in model._meta.concrete_fields
        if getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False)
    ]
    if not automatic or not saved:
        return
    for data, row in zip(rows, saved, strict=True):
        for field in automatic:
            if data.get(field.name) is not None:
                setattr(row, field.attname, field.to_python(data[field.name]))
    model.objects.bulk_update(saved, [field.name for field in automatic])
