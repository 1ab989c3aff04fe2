"""The pure rules of publishing (publishing/chain.py): the revision chain, the back-off and the
compressed transfer."""

import gzip

import pytest

from publishing.chain import (
    INCREMENT,
    SNAPSHOT,
    PatchError,
    TooLarge,
    Verdict,
    digest,
    increment,
    pack,
    patched,
    queued,
    retry_after,
    unpack,
    verdict,
)


@pytest.mark.parametrize(
    ("held", "kind", "revision", "previous", "same_source", "expected"),
    [
        (None, SNAPSHOT, 5, None, True, Verdict.APPLY),
        (5, SNAPSHOT, 9, 3, True, Verdict.APPLY),  # a snapshot stands alone
        (5, SNAPSHOT, 5, 5, True, Verdict.ALREADY_HELD),  # sent twice
        (9, SNAPSHOT, 7, 5, True, Verdict.ALREADY_HELD),  # arrived late
        (5, INCREMENT, 9, 5, True, Verdict.APPLY),
        (5, INCREMENT, 9, 4, True, Verdict.SNAPSHOT_NEEDED),  # a gap in the chain
        (None, INCREMENT, 9, None, True, Verdict.SNAPSHOT_NEEDED),
        (9, SNAPSHOT, 3, None, False, Verdict.APPLY),  # the venue's tournament was recreated
        (9, INCREMENT, 12, 9, False, Verdict.SNAPSHOT_NEEDED),
    ],
)
def test_the_chain(held, kind, revision, previous, same_source, expected):
    assert verdict(held, kind, revision, previous, same_source) is expected


def test_an_unknown_kind_is_an_error():
    with pytest.raises(ValueError):
        verdict(None, "patch", 1, None)


def test_the_back_off_doubles_up_to_its_longest_wait():
    waits = [retry_after(failures) for failures in range(0, 10)]
    assert waits[:5] == [0, 1, 2, 4, 8]
    assert waits[-1] == 60
    assert retry_after(1000) == 60
    assert retry_after(5, longest=3) == 3


def test_queued_counts_the_revisions_not_acknowledged():
    assert queued(12, 9) == 3
    assert queued(12, None) == 12
    assert queued(9, 12) == 0


def test_a_transfer_unpacks_to_its_text_and_is_bounded():
    text = '{"format": "oware-tournament-backup", "name": "Kɔfi"}' * 50
    assert pack(text) == pack(text)  # the same document gives the same bytes
    assert unpack(pack(text), limit=len(text.encode())) == text
    with pytest.raises(TooLarge):
        unpack(pack(text), limit=100)
    with pytest.raises(ValueError):
        unpack(b"not gzip at all", limit=1000)
    with pytest.raises(ValueError):
        unpack(gzip.compress(text.encode())[:-20], limit=10_000)


def test_an_increment_carries_the_rows_that_changed_and_rebuilds_the_document():
    old = {
        "format": "f",
        "version": 1,
        "tournament": [{"id": 1, "name": "Open"}],
        "result": [{"id": 1, "s": 24}, {"id": 2, "s": 30}, {"id": 3, "s": 12}],
        "seat": [{"id": 1}, {"id": 2}],
    }
    new = {
        **old,
        "result": [{"id": 1, "s": 24}, {"id": 2, "s": 31}, {"id": 3, "s": 12}, {"id": 4, "s": 9}],
        "seat": [{"id": 1}],
    }
    changes = increment(old, new)
    assert changes["kinds"] == {
        "result": {"count": 4, "rows": [{"id": 2, "s": 31}, {"id": 4, "s": 9}]},
        "seat": {"count": 1, "rows": []},
    }
    assert changes["keys"] == {}
    assert patched(old, changes) == new
    assert digest(patched(old, changes)) == digest(new)
    assert increment(new, new) == {"kinds": {}, "keys": {}}


def test_an_increment_that_does_not_fit_its_base_is_refused():
    base = {"result": [{"id": 1}]}
    with pytest.raises(PatchError):
        patched(base, {"kinds": {"result": {"count": 3, "rows": [{"id": 3}]}}})
    with pytest.raises(PatchError):
        patched(base, {"kinds": {"result": {"count": 1, "rows": [{"id": 5}]}}})
    with pytest.raises(PatchError):
        patched(base, {"kinds": {"result": {"rows": []}}})
