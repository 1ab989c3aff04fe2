"""The public server's end of publishing (publishing/receiving.py, POST /api/mirror/<slug>/):
tokens, the revision chain, replacing the copy, read-only mirrors, detaching."""

import pytest
from django.core.management import call_command

from publishing import chain
from publishing.models import Mirror
from publishing.receiving import _remove, detach, issue_token, revoke_tokens
from tournaments.models import Result, Tournament
from tournaments.services.backup import dumps_backup, export_tournament
from tournaments.services.errors import ServiceError
from tournaments.services.results import ResultEntry, record_result

pytestmark = pytest.mark.django_db

VENUE = "Hall of the venue"


def demo_document() -> dict:
    """The demo tournament's backup, made in this database and taken out of it again."""
    call_command("loaddemo", stdout=open("/dev/null", "w"))
    venue = Tournament.objects.get(slug="demo")
    document = export_tournament(venue)
    _remove(venue)
    return document


def send(client, document, revision, token, *, previous=None, kind=chain.SNAPSHOT, slug="demo"):
    return client.post(
        f"/api/mirror/{slug}/",
        data=chain.pack(dumps_backup(document)),
        content_type="application/json",
        headers={
            "Authorization": f"Mirror {token}",
            "Content-Encoding": "gzip",
            "Publish-Kind": kind,
            "Publish-Revision": str(revision),
            "Publish-Previous": "" if previous is None else str(previous),
            "Publish-Source": "3f0c5b0e-0000-4000-8000-000000000001",
        },
    )


@pytest.fixture
def document():
    return demo_document()


@pytest.fixture
def token():
    return issue_token("demo", VENUE)


def test_a_snapshot_is_stored_as_a_mirror_and_sending_it_twice_changes_nothing(
    client, document, token
):
    answer = send(client, document, 10, token)
    assert answer.status_code == 200, answer.content
    assert answer.json() == {"revision": 10}
    mirror = Mirror.objects.get(slug="demo")
    assert mirror.revision == 10 and mirror.venue == VENUE
    results = Result.objects.filter(pairing__round__section__tournament=mirror.tournament)
    stored = results.count()
    assert stored > 0
    copy_revision = mirror.tournament.revision

    again = send(client, document, 10, token, previous=10)
    assert (again.status_code, again.json()) == (200, {"revision": 10})
    mirror.refresh_from_db()
    assert mirror.tournament.revision == copy_revision  # nothing written
    assert Tournament.objects.filter(slug="demo").count() == 1


def test_a_later_snapshot_replaces_the_copy(client, document, token):
    assert send(client, document, 10, token).status_code == 200
    document["tournament"][0]["name"] = "Renamed at the venue"
    answer = send(client, document, 14, token, previous=10)
    assert answer.status_code == 200, answer.content
    assert Tournament.objects.get(slug="demo").name == "Renamed at the venue"
    assert Mirror.objects.get(slug="demo").revision == 14
    # An older transfer arriving late changes nothing.
    document["tournament"][0]["name"] = "Old name"
    assert send(client, document, 12, token, previous=10).json() == {"revision": 14}
    assert Tournament.objects.get(slug="demo").name == "Renamed at the venue"
