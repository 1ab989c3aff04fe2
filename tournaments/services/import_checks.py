"""What every import checks before it writes: each row against its model's own rules, and each
uploaded file against bounds on its size, its entries and the time it takes.

A form checks a tournament's slug, a player's name or a tie-break list with the model's
validators; an import builds the same rows from a file, so it asks the same validators
(`Model.full_clean`) row by row, and a file that breaks one is refused whole, naming the row.
Uploads are bounded before they are read: a small zip may unpack to gigabytes, and a long players
file would make a preview page as long.
"""

import io
import time
import zipfile

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models

from tournaments.models.validators import normalise_names
from tournaments.services.errors import ErrorCode, ServiceError


def check_row(kind: str, number, row: models.Model) -> None:
    """Refuse `row` (the `number`th of `kind` in an imported file) unless its model's field
    validators accept it. Links between rows are the importer's to check (it built them), and
    uniqueness is the database's (a clash is refused when the rows are written)."""
    normalise_names(row)  # bulk_create sends no pre_save: names are composed here
    relations = [field.name for field in row._meta.concrete_fields if field.is_relation]
    try:
        row.full_clean(exclude=relations, validate_unique=False, validate_constraints=False)
    except ValidationError as error:
        field, messages = next(iter(error.message_dict.items()))
        raise ServiceError(
            ErrorCode.INVALID_ROW,
            field="file",
            kind=kind,
            number=number,
            name=field,
            problem=" ".join(messages),
        ) from error


def checked_create(model, kind: str, number, **values) -> models.Model:
    """Save a new `model` row of `values` once `check_row` accepts it."""
    row = model(**values)
    check_row(kind, number, row)
    row.save()
    return row


def require_size(data: bytes | str, limit: int | None = None) -> None:
    """Refuse an uploaded file longer than `limit` bytes (UPLOAD_MAX_BYTES by default)."""
    limit = limit or settings.UPLOAD_MAX_BYTES
    if len(data) > limit:
        raise ServiceError(ErrorCode.FILE_TOO_LARGE, field="file", limit=limit // 1024)


def open_zip(archive: bytes) -> zipfile.ZipFile:
    """The zip `archive`, refused unless it is small, has few entries and unpacks to little.

    The sizes are the ones the zip declares; `zipfile` never unpacks more than an entry
    declares (a lying entry fails its CRC check), so the check costs nothing to unpack.
    """
    require_size(archive)
    try:
        files = zipfile.ZipFile(io.BytesIO(archive))
        entries = files.infolist()
    except (zipfile.BadZipFile, ValueError, OSError) as error:
        raise ServiceError(ErrorCode.BAD_FILE, case="not_ogn_zip", field="file") from error
    if len(entries) > settings.ZIP_MAX_ENTRIES:
        raise ServiceError(
            ErrorCode.ZIP_TOO_LARGE, case="entries", field="file", limit=settings.ZIP_MAX_ENTRIES
        )
    if sum(entry.file_size for entry in entries) > settings.ZIP_MAX_UNPACKED_BYTES:
        limit = settings.ZIP_MAX_UNPACKED_BYTES // 1024
        raise ServiceError(ErrorCode.ZIP_TOO_LARGE, case="unpacked", field="file", limit=limit)
    return files


class Deadline:
    """An import's time budget: `check()` refuses once IMPORT_MAX_SECONDS have passed, so that
    one upload cannot hold a worker for long whatever its content."""

    def __init__(self, seconds: float | None = None):
        self.seconds = seconds or settings.IMPORT_MAX_SECONDS
        self.ends = time.monotonic() + self.seconds

    def check(self) -> None:
        if time.monotonic() > self.ends:
            raise ServiceError(ErrorCode.IMPORT_TOO_SLOW, field="file", seconds=self.seconds)


def problem_page(rows: list, size: int | None = None) -> tuple[list, int]:
    """The rows a preview shows — at most `size` (PREVIEW_MAX_ROWS) — and how many it leaves
    out."""
    size = size or settings.PREVIEW_MAX_ROWS
    return rows[:size], max(0, len(rows) - size)
