"""The rules of publishing a tournament from a venue to a public server, without Django.

A venue sends the tournament as it is at one revision (its `Tournament.revision`), with the
revision the public server last acknowledged (`previous`). The public server holds one revision
per mirror and answers with what it now holds. Everything here is plain Python so that it is
read, and tested, on its own.
"""

import enum
import gzip
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
