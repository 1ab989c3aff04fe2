"""The rules of publishing a tournament from a venue to a public server, without Django.

A venue sends the tournament as it is at one revision (its `Tournament.revision`), with the
revision the public server last acknowledged (`previous`). The public server holds one revision
per mirror and answers with what it now holds. Everything here is plain Python so that it is
read, and tested, on its own.
"""

import enum
import gzip
import hashlib
import json
import zlib

SNAPSHOT = "snapshot"
INCREMENT = "increment"
KINDS = (SNAPSHOT, INCREMENT)

# The venue's retries while the public server cannot be reached: 1 s, 2 s, 4 s … at most a minute.
FIRST_RETRY_SECONDS = 1.0
LONGEST_RETRY_SECONDS = 60.0


class Verdict(enum.Enum):
    APPLY = "apply"  # store what was sent
    ALREADY_HELD = "already_held"  # this revision or a later one is held: nothing to do, 200
    SNAPSHOT_NEEDED = "snapshot_needed"  # an increment that does not follow what is held: 409


def verdict(
    held: int | None, kind: str, revision: int, previous: int | None, same_source: bool = True
) -> Verdict:
    """What the public server does with a transfer of `kind` at `revision` that follows
    `previous`, when it holds `held` (None: nothing yet) from the same venue tournament or not.

    A transfer of a revision already held (or older) changes nothing, so that sending twice is
    harmless. A snapshot stands alone and is always stored. An increment is stored only on top of
    exactly the revision it was made from; otherwise the venue must send a snapshot. A different
    source (the venue's tournament was recreated) starts a new chain: only a snapshot does.
    """
    if kind not in KINDS:
        raise ValueError(f"unknown kind {kind!r}")
    if not same_source:
        return Verdict.APPLY if kind == SNAPSHOT else Verdict.SNAPSHOT_NEEDED
    if held is not None and revision <= held:
        return Verdict.ALREADY_HELD
    if kind == INCREMENT and (held is None or previous != held):
        return Verdict.SNAPSHOT_NEEDED
    return Verdict.APPLY


def retry_after(failures: int, longest: float = LONGEST_RETRY_SECONDS) -> float:
    """Seconds to wait after `failures` failed attempts in a row (exponential, capped)."""
    if failures <= 0:
        return 0.0
    return min(longest, FIRST_RETRY_SECONDS * 2 ** min(failures - 1, 16))


def queued(revision: int, acknowledged: int | None) -> int:
    """How many revisions the public server has not acknowledged yet."""
    return max(0, revision - (acknowledged or 0))


class TooLarge(ValueError):
    """A compressed transfer that unpacks to more than the limit."""


def pack(text: str) -> bytes:
    """A document's text as sent: UTF-8, gzip-compressed (stable bytes: no timestamp)."""
    return gzip.compress(text.encode(), compresslevel=6, mtime=0)


def unpack(data: bytes, limit: int) -> str:
    """The text of a gzip-compressed transfer; TooLarge beyond `limit` unpacked bytes,
    ValueError when it is not gzip or not UTF-8."""
    unpacker = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)
    try:
        text = unpacker.decompress(data, limit + 1)
    except zlib.error as error:
        raise ValueError(f"not gzip: {error}") from error
    if len(text) > limit or unpacker.unconsumed_tail:
        raise TooLarge(f"more than {limit} bytes once unpacked")
    if not unpacker.eof:
        raise ValueError("the transfer is cut short")
    return text.decode()


def digest(document: dict) -> str:
    """A fingerprint of a whole document, the same for the same data on both servers."""
    text = json.dumps(document, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def increment(old: dict, new: dict) -> dict:
    """What changed from backup document `old` to `new`, row by row.

    A document's kinds are lists of rows numbered 1..n in a fixed order (their "id"). For each
    kind that changed: its new number of rows and each row that differs from the row of the same
    number in `old`. Other keys (format, version) are sent when they differ."""
    changes: dict = {"kinds": {}, "keys": {}}
    for key, value in new.items():
        before = old.get(key)
        if before == value:
            continue
        if isinstance(value, list) and isinstance(before, list):
            rows = [
                row
                for index, row in enumerate(value)
                if index >= len(before) or before[index] != row
            ]
            changes["kinds"][key] = {"count": len(value), "rows": rows}
        else:
            changes["keys"][key] = value
    return changes


class PatchError(ValueError):
    """An increment that does not fit the document it is applied to."""


def patched(old: dict, changes: dict) -> dict:
    """`old` with `changes` (from `increment`) applied; PatchError when they do not fit."""
    try:
        document = {**old, **changes.get("keys", {})}
        for kind, change in changes.get("kinds", {}).items():
            count = change["count"]
            rows = list(old.get(kind, []))[:count]
            rows.extend([None] * (count - len(rows)))
            for row in change["rows"]:
                number = row["id"]
                if not 1 <= number <= count:
                    raise PatchError(f"{kind} row {number} of {count}")
                rows[number - 1] = row
            if any(row is None for row in rows):
                raise PatchError(f"{kind}: rows missing")
            document[kind] = rows
    except (KeyError, TypeError, AttributeError) as error:
        raise PatchError(f"not an increment: {error!r}") from error
    return document
