"""A result written through the API names the version it changes — `expected_version` in the body
or `If-Match` — so that a script never silently overwrites a result saved meanwhile."""

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.writes import if_match, revision
from tournaments.models import Result

pytestmark = pytest.mark.django_db

WIN = {"ending": "capture", "south_seeds": 30, "north_seeds": 10}


@pytest.fixture
def api(alice):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=alice).key}")
    return client


def url(game):
    return f"/api/tournaments/accra/games/{game.pk}/result/"


def test_a_write_without_a_version_answers_428_and_writes_nothing(api, game):
    answer = api.post(url(game), WIN, format="json")
    assert answer.status_code == 428
    assert answer.json()["code"] == "version_required"
    assert not Result.objects.exists()


@pytest.mark.parametrize("header", ['"0"', "0", 'W/"0"'])
def test_if_match_names_the_version(api, game, header):
    answer = api.post(url(game), WIN, format="json", HTTP_IF_MATCH=header)
    assert answer.status_code == 200, answer.json()


def test_a_stale_version_is_refused_and_the_fresh_one_accepted(api, game):
    first = api.post(url(game), {**WIN, "expected_version": 0}, format="json")
    version = first.json()["version"]
    correction = {**WIN, "south_seeds": 31, "north_seeds": 9, "reason": "slip misread"}
    assert (
        api.post(url(game), {**correction, "expected_version": 0}, format="json").status_code == 409
    )
    answer = api.post(url(game), correction, format="json", HTTP_IF_MATCH=f'"{version}"')
    assert answer.status_code == 200 and Result.objects.get().south_seeds == 31


# Every other write through the API names the tournament's revision (tournaments/api/versions.py).
def tournament_writes(players):
    """(method, path, body) of the writes to the tournament other than a result's, each of
    which succeeds with the right revision, in this order, on a section without rounds."""
    base = "/api/v1/tournaments/accra/men/"
    return [
        ("post", base + "players/", {"name": "Late Comer", "sex": "m"}),
        ("patch", f"{base}players/{players[0].pk}/", {"rating": 2222}),
        ("post", base + "pair/", {}),
    ]


def test_every_tournament_write_needs_the_revision_and_refuses_a_stale_one(api, section, players):
    from tournaments.models import Player, Round

    api_revision = revision(api, "accra")
    before = (Player.objects.count(), Round.objects.count(), players[0].rating)
    for method, path, body in tournament_writes(players):
        missing = getattr(api, method)(path, body, format="json")
        assert missing.status_code == 428, (path, missing.json())
        assert missing.json()["code"] == "version_required"
        stale = getattr(api, method)(
            path, {**body, "expected_version": api_revision - 1}, format="json"
        )
        assert stale.status_code == 409, (path, stale.json())
        assert (stale.json()["code"], stale.json()["field"]) == (
            "tournament_changed",
            "expected_version",
        )
    players[0].refresh_from_db()
    assert (Player.objects.count(), Round.objects.count(), players[0].rating) == before
    # With the revision as read, each goes through; each raises the revision for the next.
    for method, path, body in tournament_writes(players):
        fresh = getattr(api, method)(path, body, format="json", **if_match(api, "accra"))
        assert fresh.status_code in (200, 201), (path, fresh.json())
    # Pairing made round 1 a draft: publishing and deleting it name the revision too.
    draft = "/api/v1/tournaments/accra/men/rounds/1/"
    assert api.delete(draft).status_code == 428
    assert api.post(draft + "publish/").status_code == 428
    assert api.post(draft + "publish/", {"expected_version": 1}, format="json").status_code == 409
    assert api.delete(draft, HTTP_IF_MATCH='"1"').status_code == 409
    assert Round.objects.get(number=1).status == Round.Status.DRAFT
    assert api.delete(draft, **if_match(api, "accra")).status_code == 204


def test_a_write_read_before_another_one_is_refused(api, alice, section, players):
    from tournaments.models import Round

    other = APIClient()
    other.force_authenticate(alice)
    seen = revision(api, "accra")
    assert (
        other.post("/api/v1/tournaments/accra/men/pair/", **if_match(other, "accra")).status_code
        == 201
    )
    # The first client read the tournament before the other paired: its delete of round 1
    # would undo a pairing it never saw.
    late = api.delete("/api/v1/tournaments/accra/men/rounds/1/", HTTP_IF_MATCH=f'"{seen}"')
    assert late.status_code == 409 and late.json()["code"] == "tournament_changed"
    assert Round.objects.filter(number=1).exists()


def test_an_arbiter_reads_the_revision_of_a_tournament_not_yet_public(api, tournament, charlie):
    tournament.published = False
    tournament.save()
    tournament.refresh_from_db()
    assert revision(api, "accra") == tournament.revision
    stranger = APIClient()
    stranger.force_authenticate(charlie)
    assert stranger.get("/api/v1/tournaments/accra/").status_code == 404
    assert APIClient().get("/api/v1/tournaments/accra/").status_code == 404
    # A stranger's write is forbidden before anything about versions is said.
    refused = stranger.post("/api/v1/tournaments/accra/men/pair/")
    assert refused.status_code in (403, 404)
    assert refused.json()["code"] != "version_required"


def test_a_trf_section_names_the_revision_before_anything_is_written(api, tournament):
    path = "/api/v1/tournaments/accra/sections/import-trf/"
    body = {"name": "Open", "trf": "not a TRF file"}
    missing = api.post(path, body, format="json")
    assert (missing.status_code, missing.json()["code"]) == (428, "version_required")
    stale = api.post(path, {**body, "expected_version": revision(api, "accra") + 1}, format="json")
    assert (stale.status_code, stale.json()["code"]) == (409, "tournament_changed")
    assert not tournament.sections.filter(name="Open").exists()
    # With the revision the file itself is read (this one is taken as a section without rounds).
    read = api.post(path, body, format="json", **if_match(api, "accra"))
    assert read.status_code == 201, read.json()
    assert tournament.sections.filter(name="Open").exists()
