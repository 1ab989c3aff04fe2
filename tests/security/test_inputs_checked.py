"""Every input is checked before it reaches the database, and each refusal says what and where:
a time offset PostgreSQL cannot hold, a body past the limit (413 in the API's error shape), a
damaged backup (the row and the field), the export's refusals (in the schema, and worded for a
download)."""

import copy
import io
import json
import logging

import pytest
from django.core.management import call_command
from django.test import Client, RequestFactory, override_settings
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from oware_tournaments.middleware import CompleteBodyMiddleware
from tournaments.models import Tournament
from tournaments.services.backup import import_tournament
from tournaments.services.errors import ServiceError
from tournaments.services.events import remove_tournament

pytestmark = pytest.mark.django_db

GAMES = "/api/tournaments/accra/games/"


@pytest.mark.parametrize(
    "since",
    ["2026-04-02T20:17:34+23:59", "2026-04-02T20:17:34-16:00", "0001-01-01T00:00:00+10:00"],
)
def test_a_time_postgresql_cannot_hold_is_refused_anonymously_and_with_a_token(
    published_round, alice, since
):
    token = Token.objects.create(user=alice)
    for client in (APIClient(), APIClient(HTTP_AUTHORIZATION=f"Token {token.key}")):
        answer = client.get(GAMES, {"since": since})
        assert answer.status_code == 400, answer.content
        assert answer.json()["field"] == "since"


@override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=1024)
def test_a_body_past_the_limit_is_a_413_in_the_api_error_shape(alice):
    token = Token.objects.create(user=alice)
    answer = Client().post(
        "/api/tournaments/import/",
        json.dumps({"padding": "x" * 4096}),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Token {token.key}",
    )
    assert answer.status_code == 413
    problem = answer.json()
    assert problem["code"] == "too_large" and problem["field"] is None and problem["message"]
    assert problem["errors"] == [{k: problem[k] for k in ("code", "message", "field")}]


def test_a_body_cut_off_is_a_400_in_one_line(caplog):
    class CutOff(io.RawIOBase):
        def read(self, size=-1):
            raise ConnectionResetError(104, "request not received in time")

    request = RequestFactory().post("/api/tournaments/import/", b"", content_type="text/plain")
    request.META["CONTENT_LENGTH"] = "300"
    request._stream = CutOff()  # as a server's: the body is read from the stream
    with caplog.at_level(logging.WARNING):
        answer = CompleteBodyMiddleware(lambda request: pytest.fail("reached the view"))(request)
    assert answer.status_code == 400
    assert json.loads(answer.content)["code"] == "incomplete_body"
    lines = [r for r in caplog.records if r.name == "oware_tournaments.middleware"]
    assert len(lines) == 1 and "\n" not in lines[0].getMessage() and not lines[0].exc_info


@pytest.fixture
def backup(copy_demo):
    copy_demo()
    out = io.StringIO()
    call_command("export_tournament", "demo", stdout=out)
    document = json.loads(out.getvalue())
    remove_tournament(Tournament.objects.get(slug="demo"))
    return document


@pytest.mark.parametrize(
    ("damage", "said"),
    [
        (lambda d: d["player"][2].pop("id"), "row 3 of \"player\": field 'id' missing"),
        (lambda d: d["player"].__setitem__(1, [1, 2]), 'row 2 of "player": not an object'),
        (lambda d: d["player"][0].update(section=999999), 'row 1 of "player": it names row'),
    ],
)
def test_a_damaged_backup_says_what_is_wrong_and_where(backup, damage, said):
    document = copy.deepcopy(backup)
    damage(document)
    with pytest.raises(ServiceError) as refused:
        import_tournament(document)
    assert said in refused.value.message, refused.value.message
    assert not Tournament.objects.filter(slug="demo").exists()


def test_the_export_says_who_may_download_it(tournament, charlie):
    token = Token.objects.create(user=charlie)
    client = APIClient(HTTP_AUTHORIZATION=f"Token {token.key}")
    refused = client.get(f"/api/tournaments/{tournament.slug}/export/")
    assert refused.status_code == 403
    assert "may export it" in refused.json()["message"]
    assert APIClient().get(f"/api/tournaments/{tournament.slug}/export/").status_code == 401


def test_the_exports_refusals_are_in_the_schema(api_schema):
    schema = api_schema
    responses = schema["paths"]["/api/tournaments/{slug}/export/"]["get"]["responses"]
    assert {"401", "403"} <= responses.keys()
    writes = schema["paths"]["/api/tournaments/import/"]["post"]["responses"]
    assert "413" in writes


def test_a_request_django_cannot_read_is_a_400_in_the_api_error_shape():
    answer = Client().get("/api/tournaments/", HTTP_HOST="not a host!")
    assert answer.status_code == 400
    problem = answer.json()
    assert problem["code"] == "bad_request" and problem["errors"][0]["code"] == "bad_request"
    page = Client().get("/t/demo/", HTTP_HOST="not a host!")
    assert page.status_code == 400 and not page["Content-Type"].startswith("application/json")


@pytest.mark.parametrize("since", ["0005-01-01T00:00:00Z", "2026-04-02T20:17:34+05:30"])
def test_a_time_is_read_the_same_once_written_one_way(published_round, since):
    answer = APIClient().get(GAMES, {"since": since})
    assert answer.status_code == 200, answer.content
