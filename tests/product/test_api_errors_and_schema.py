"""The API as a client program sees it: one JSON error shape, statuses by meaning, a schema
that every response matches, and limits that cannot break the server."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import RequestFactory
from rest_framework.test import APIClient

from games.schema import MY_STREAM_PATH, STREAM_PATH
from tests.writes import if_match
from tournaments.api.errors import server_error
from tournaments.api.schema import DEPRECATION_HEADERS
from tournaments.models import Result
from tournaments.services.errors import ServiceError
from tournaments.services.results import ResultEntry, record_result

from .conftest import played_game, record_of

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).parents[2]


@pytest.fixture
def api():
    return APIClient()


def test_an_unknown_api_url_answers_json_404(api):
    response = api.get("/api/no/such/thing/")
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json()["code"] == "not_found"


def test_an_unknown_page_outside_the_api_stays_html(client):
    response = client.get("/no/such/page/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")


def test_a_server_error_under_the_api_is_json_and_html_elsewhere():
    api_response = server_error(RequestFactory().get("/api/tournaments/"))
    assert api_response.status_code == 500
    assert api_response["Content-Type"] == "application/json"
    page = server_error(RequestFactory().get("/t/demo/"))
    assert page.status_code == 500 and page["Content-Type"].startswith("text/html")


@pytest.mark.parametrize("limit", ["9223372036854775808", "-1", "abc", "10" * 30])
def test_a_huge_or_bad_limit_is_clamped_not_a_server_error(api, tournament, limit):
    response = api.get(f"/api/tournaments/?limit={limit}&offset=9223372036854775808")
    assert response.status_code == 200
    assert response.json()["results"] == []


def test_missing_credentials_answer_401_with_www_authenticate(api, game):
    response = api.post(
        f"/api/tournaments/accra/games/{game.pk}/result/",
        {
            "expected_version": 0,
        },
        format="json",
    )
    assert response.status_code == 401
    assert response["WWW-Authenticate"].startswith("Token")
    assert response.json()["code"] == "not_authenticated"


def test_a_wrong_token_answers_401(api, game):
    api.credentials(HTTP_AUTHORIZATION="Token 0000000000000000000000000000000000000000")
    response = api.post(
        f"/api/tournaments/accra/games/{game.pk}/result/",
        {
            "expected_version": 0,
        },
        format="json",
    )
    assert response.status_code == 401
    assert response.json()["code"] == "authentication_failed"


def test_right_credentials_without_the_right_to_write_answer_403_forbidden(api, charlie, game):
    api.force_authenticate(charlie)
    paths = [
        f"/api/tournaments/accra/games/{game.pk}/result/",
        "/api/tournaments/accra/men/pair/",
        "/api/tournaments/accra/men/rounds/1/publish/",
    ]
    for path in paths:
        response = api.post(path, {"ending": "capture"}, format="json")
        assert response.status_code == 403, path
        assert response.json()["code"] == "forbidden", path


def test_a_state_conflict_answers_409(api, alice, game):
    api.force_authenticate(alice)
    response = api.post("/api/tournaments/accra/men/rounds/1/publish/", **if_match(api, "accra"))
    assert response.status_code == 409
    assert response.json()["code"] == "round_published"


def test_an_error_asked_as_csv_is_still_json(api, tournament, section):
    response = api.get("/api/tournaments/accra/men/standings/?format=csv&round=99")
    assert response.status_code == 404
    problem = {"code": "not_found", "message": "There is no round 99.", "field": None}
    assert response.json() == problem | {"errors": [problem]}


def test_a_record_whose_tag_contradicts_the_pairing_is_refused_naming_the_tag(alice, game):
    moves, _game = played_game("capture")
    body = record_of(moves).split("\n\n", 1)[-1]
    right = '[Round "1"]\n[South "Ama"]\n[North "Kofi"]\n[Variant "Oware Abapa"]\n\n'
    record_result(game, ResultEntry(record=right + body), by=alice)
    assert Result.objects.get(pairing=game).record
    for tag, wrong in [
        ("Round", '[Round "2"]'),
        ("South", '[South "Kofi"]'),
        ("North", '[North "Yaw"]'),
        ("Variant", '[Variant "Grand Slam Forbidden"]'),
    ]:
        text = right.replace(next(line for line in right.split("\n") if tag in line), wrong)
        with pytest.raises(ServiceError) as refused:
            record_result(game, ResultEntry(record=text + body), by=alice)
        assert refused.value.code == "tag_mismatch" and refused.value.field == "record"
        assert tag in refused.value.message


def test_unknown_tag_values_are_not_checked(alice, game):
    moves, _game = played_game("capture")
    body = record_of(moves).split("\n\n", 1)[-1]
    record_result(game, ResultEntry(record='[Round "?"]\n[South "?"]\n\n' + body), by=alice)


def test_the_api_refuses_a_record_of_another_game(api, alice, game):
    api.force_authenticate(alice)
    moves, _game = played_game("capture")
    body = record_of(moves).split("\n\n", 1)[-1]
    response = api.post(
        f"/api/tournaments/accra/games/{game.pk}/result/",
        {"expected_version": 0, "record": '[Round "3"]\n\n' + body},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["code"] == "tag_mismatch" and "Round" in response.json()["message"]


@pytest.fixture
def schema(api_schema):
    return api_schema


# Writes that change nothing someone else may have changed meanwhile: an import creates a new
# tournament, a webhook's registration a new endpoint, its removal removes it by its id; none
# changes the tournament's own rows.
# A follower is no row of the tournament: following writes no version of it.
# An online event's creation makes a new tournament; a player's entry, check-in and report are
# his own rows, refused by the event's state (the entry window, the round paired), not by a
# version he could have read.
UNVERSIONED_WRITES = (
    "/api/v1/tournaments/",
    "/entries/",
    "/check-in/",
    "/disputes/",
    "/tournaments/import/",
    # A remote game's move names its ply instead: a move sent twice is refused by it; a second
    # resignation finds the game over.
    "/moves/",
    "/resign/",
    "/webhooks/",
    "/webhooks/{endpoint_id}/",
    "/followers/",
)


def test_every_operation_has_a_summary_and_documents_its_errors(schema):
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            if method == "parameters":
                continue
            assert operation.get("summary"), (method, path)
            if not path.startswith("/api/"):
                continue  # the live board: below
            if path in (STREAM_PATH, MY_STREAM_PATH):
                continue  # no DRF view, no throttle: below
            for code in ("400", "404", "429", "500"):
                assert code in operation["responses"], (method, path, code)
            if method != "get":
                for code in ("401", "403", "409"):
                    assert code in operation["responses"], (method, path, code)
            if method != "get" and not path.endswith(UNVERSIONED_WRITES):
                # Every write names the version it changes (tournaments/api/versions.py).
                assert "428" in operation["responses"], (method, path)
                headers = [p["name"] for p in operation["parameters"] if p["in"] == "header"]
                assert headers == ["If-Match"], (method, path)
            error = operation["responses"]["404"]["content"]["application/json"]["schema"]
            assert error == {"$ref": "#/components/schemas/Error"}


def may_be_null(field: dict) -> bool:
    """Whether an OpenAPI 3.1 schema allows null: `null` among its types, or a `null` choice
    beside a reference (3.1 has no `nullable`)."""
    types = field.get("type", [])
    choices = field.get("oneOf", []) + field.get("anyOf", [])
    return "null" in types or any(choice.get("type") == "null" for choice in choices)


def test_fields_that_may_be_null_are_nullable_in_the_schema(schema):
    components = schema["components"]["schemas"]
    assert may_be_null(components["Pairing"]["properties"]["north"])
    assert may_be_null(components["Pairing"]["properties"]["north_name"])
    assert may_be_null(components["Pairing"]["properties"]["result"])
    assert may_be_null(components["Player"]["properties"]["team"])
    assert not may_be_null(components["Pairing"]["properties"]["board"])
    page = components["PaginatedTournamentList"]["properties"]
    assert may_be_null(page["next"]) and may_be_null(page["previous"])
    assert '"nullable":' not in json.dumps(schema)  # a 3.0 word a 3.1 reader ignores


def test_the_docs_page_is_served_without_a_cdn(api):
    page = api.get("/api/docs/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "/static/drf_spectacular_sidecar/" in html
    assert "cdn." not in html and "unpkg" not in html


def test_every_parameter_is_described(schema):
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            for parameter in operation.get("parameters", []):
                assert parameter.get("description"), (method, path, parameter["name"])


def test_the_live_board_is_in_the_schema_with_its_refusals(schema):
    operations = schema["paths"]["/t/{slug}/board/{code}/moves/"]
    assert set(operations["get"]["responses"]) == {"200", "404", "414", "500"}
    assert {"200", "400", "403", "404", "405", "409", "500"} <= set(operations["post"]["responses"])
    not_found = operations["get"]["responses"]["404"]["content"]
    assert set(not_found) == {"application/json", "text/html"}
    refusal = schema["components"]["schemas"]["LiveBoardRefusal"]
    assert {"$ref": "#/components/schemas/Error"} in refusal["allOf"]


def test_the_remote_games_stream_is_in_the_schema(api, schema):
    stream = schema["paths"][STREAM_PATH]["get"]
    assert set(stream["responses"]) == {"200", "404", "500"}
    assert set(stream["responses"]["200"]["content"]) == {"text/event-stream"}
    assert "event: state" in stream["description"]
    not_found = stream["responses"]["404"]["content"]["application/json"]["schema"]
    assert not_found == {"$ref": "#/components/schemas/Error"}
    assert stream["tags"] == ["games"]
    # Spectators read it too: no credential is needed.
    assert {} in stream["security"]
    # As documented: a game that is not there is the API's error, in JSON.
    answer = api.get("/api/v1/tournaments/nowhere/games/1/stream/")
    assert answer.status_code == 404 and answer.json()["code"] == "not_found"


def test_the_players_own_stream_is_in_the_schema(api, schema):
    stream = schema["paths"][MY_STREAM_PATH]["get"]
    assert set(stream["responses"]) == {"200", "401", "500"}
    assert set(stream["responses"]["200"]["content"]) == {"text/event-stream"}
    assert "event: state" in stream["description"]
    assert "event: waiting" in stream["description"]
    assert stream["tags"] == schema["paths"]["/api/v1/me/game/"]["get"]["tags"]
    assert {} not in stream["security"]  # his own: a visitor has none
    # As documented: without credentials, the API's 401 in JSON, saying which scheme to use.
    answer = api.get(MY_STREAM_PATH)
    assert (answer.status_code, answer.json()["code"]) == (401, "not_authenticated")
    assert answer["WWW-Authenticate"] == "Token"
    wrong = APIClient(HTTP_AUTHORIZATION="Token not-a-token")
    assert wrong.get(MY_STREAM_PATH).status_code == 401


def test_files_and_tables_declare_their_own_media_types(schema):
    paths = schema["paths"]
    section = "/api/v1/tournaments/{slug}/{section}/"
    round_answer = paths[section + "rounds/{number}/"]["get"]["responses"]["200"]["content"]
    assert set(round_answer) == {"application/json", "text/csv", "application/x-ndjson"}
    assert round_answer["text/csv"]["schema"]["type"] == "string"
    assert round_answer["application/x-ndjson"]["schema"]["type"] == "string"
    downloads = {
        "trf/": ("text/plain", "string"),
        "games.txt": ("text/plain", "string"),
        "games-ogn.zip": ("application/zip", "binary"),
    }
    for name, (media_type, kind) in downloads.items():
        answer = paths[section + name]["get"]["responses"]["200"]
        schema_of = answer["content"][media_type]["schema"]
        assert kind in (schema_of["type"], schema_of.get("format")), name
        assert "Content-Disposition" in answer["headers"], name
    one_game = paths["/api/v1/tournaments/{slug}/games/{pairing_id}.ogn"]["get"]["responses"]
    assert one_game["200"]["content"] == {"application/x-oware-ogn": {"schema": {"type": "string"}}}
    assert "Content-Disposition" in one_game["200"]["headers"]
    assert list(one_game["404"]["content"]) == ["application/json"]
    players = paths[section + "players.csv"]["get"]["responses"]["200"]["content"]
    assert list(players) == ["text/csv"]
    errors = paths[section + "standings/"]["get"]["responses"]["400"]["content"]
    assert list(errors) == ["application/json"]


def test_ids_tags_servers_and_deprecated_aliases(schema):
    operations = [
        (path, operation)
        for path, methods in schema["paths"].items()
        for operation in methods.values()
    ]
    ids = [operation["operationId"] for _path, operation in operations]
    assert len(ids) == len(set(ids))
    assert all(id_.replace("_", "").isalnum() for id_ in ids), ids
    tags = {operation["tags"][0] for _path, operation in operations}
    assert {"tournaments", "players", "rounds", "standings", "games", "files"} <= tags
    assert schema["servers"] == [{"url": "/", "description": "The server that serves this schema."}]
    for path, operation in operations:
        assert operation.get("deprecated", False) is is_legacy(path), path
    assert "/api/v1/tournaments/{slug}/{section}/rounds/{number}/" in schema["paths"]


def test_error_field_is_nullable_and_errors_are_listed(schema):
    error = schema["components"]["schemas"]["Error"]
    assert may_be_null(error["properties"]["field"])
    assert set(error["required"]) == {"code", "message", "field", "errors"}
    assert error["properties"]["errors"]["items"] == {"$ref": "#/components/schemas/Problem"}


def test_the_root_document_links_the_resources(api, section):
    for root in ("/api/", "/api/v1/"):
        body = api.get(root).json()
        assert body["version"] == "1.1"
        listed = api.get(body["tournaments"]).json()["results"]
        assert [t["slug"] for t in listed] == ["accra"]
        assert api.get(body["schema"]).status_code == 200
        section = body["section"].format(slug="accra", section="men")
        assert api.get(section + "players/").status_code == 200
        # Every address the document gives answers, its templates filled in.
        for key, value in body.items():
            if key == "version":
                continue
            address = value.format(slug="accra", section="men")
            assert api.get(address).status_code == 200, (key, address)
        detail = api.get(section).json()
        assert (detail["name"], detail["rounds"]) == ("Men", 7)
        for key in ("players_url", "rounds_url", "standings_url", "trf_url"):
            assert api.get(detail[key]).status_code == 200, key


def test_the_deprecated_paths_say_so_and_name_their_successor(api, section, schema):
    old = api.get("/api/tournaments/accra/men/players/")
    assert old.status_code == 200
    assert old["Deprecation"] == "@1795564800"  # 2026-11-25, API 1.1 (RFC 9745)
    assert old["Sunset"] == "Thu, 25 Nov 2027 00:00:00 GMT"  # RFC 8594
    assert old["Link"] == '</api/v1/tournaments/accra/men/players/>; rel="successor-version"'
    assert api.get("/api/tournaments/no-such/").has_header("Deprecation")
    for current in ("/api/v1/tournaments/accra/men/players/", "/api/", "/api/v1/"):
        answer = api.get(current)
        assert not answer.has_header("Deprecation") and not answer.has_header("Sunset")
    declared = schema["paths"]["/api/tournaments/{slug}/"]["get"]["responses"]["200"]["headers"]
    assert {"Deprecation", "Sunset", "Link"} <= set(declared)
    current = schema["paths"]["/api/v1/tournaments/{slug}/"]["get"]["responses"]["200"]
    assert "Deprecation" not in current.get("headers", {})


def test_every_deprecated_path_answers_as_its_successor_with_the_notice(
    api, alice, section, schema
):
    """The API fuzzing (scripts/fuzz-api) leaves out the 1.0 paths, each of which serves the
    view of its `/api/v1/` successor (tournaments/api/deprecation.py) or, for the list of
    tournaments, the view the successor extends with the creation of an online event: here each
    method of each one answers what its successor answers, anonymously and as the arbiter, and
    is described as its successor is, but for its text and the notice it adds."""
    values = {"slug": "accra", "section": "men", "number": "1", "player_id": "1", "pairing_id": "1"}
    legacy = {path: methods for path, methods in schema["paths"].items() if is_legacy(path)}
    assert len(legacy) > 20
    notice = set(DEPRECATION_HEADERS)
    for path, methods in legacy.items():
        successor = "/api/v1/" + path.removeprefix("/api/")
        described = without_notice(schema["paths"][successor], notice)
        assert without_notice(methods, notice) == {m: described[m] for m in methods}, path
        old, new = path.format(**values), successor.format(**values)
        for person in (None, alice):
            api.force_authenticate(person)
            for method in methods:
                answers = [getattr(api, method)(url, {}, format="json") for url in (old, new)]
                assert answers[0].status_code == answers[1].status_code, (method, old, person)
                assert answers[0].content == answers[1].content, (method, old, person)
                assert answers[0]["Deprecation"] and answers[0]["Sunset"], (method, old)
                assert answers[0]["Link"].endswith(f'<{new}>; rel="successor-version"')
                assert not answers[1].has_header("Deprecation"), (method, new)


def is_legacy(path: str) -> bool:
    return path.startswith("/api/tournaments/")


def without_notice(methods: dict, notice: set) -> dict:
    """Operations as described apart from their text and what marks a 1.0 path: `deprecated`,
    the `legacy_` prefix of their ids and the headers of the notice."""
    described = {}
    for method, operation in methods.items():
        text = ("deprecated", "summary", "description")
        operation = {k: v for k, v in operation.items() if k not in text}
        operation["operationId"] = operation["operationId"].removeprefix("legacy_")
        responses = {}
        for status, response in operation["responses"].items():
            headers = {k: v for k, v in response.get("headers", {}).items() if k not in notice}
            responses[status] = {**response, "headers": headers}
        described[method] = {**operation, "responses": responses}
    return described


def test_writes_take_json_only_and_the_schema_says_so(api, alice, section, schema):
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            if method in ("post", "put", "patch", "delete") and "requestBody" in operation:
                media_types = list(operation["requestBody"]["content"])
                assert media_types == ["application/json"], (method, path, media_types)
    api.force_authenticate(alice)
    address = "/api/v1/tournaments/accra/men/players/"
    for format in ("multipart", None):
        body = {"name": "Yaw", "expected_version": "0"}
        if format is None:
            form = api.post(address, "name=Yaw", content_type="application/x-www-form-urlencoded")
        else:
            form = api.post(address, body, format=format)
        assert form.status_code == 415, form.content
        assert form.json()["code"] == "unsupported_media_type"
    assert not section.players.filter(name="Yaw").exists()


def test_clearing_a_result_declares_its_reason_and_version(schema):
    operation = schema["paths"]["/api/v1/tournaments/{slug}/games/{pairing_id}/result/"]["delete"]
    body = operation["requestBody"]
    assert body["required"] is False  # the version may come as If-Match
    reference = body["content"]["application/json"]["schema"]["$ref"]
    fields = schema["components"]["schemas"][reference.rsplit("/", 1)[1]]["properties"]
    assert {"reason", "expected_version"} <= set(fields)
    draft = schema["paths"]["/api/v1/tournaments/{slug}/{section}/rounds/{number}/"]["delete"]
    assert "application/json" in draft["requestBody"]["content"]


def test_the_schema_is_generated_without_a_warning(tmp_path):
    # A warning (two operations with one id, a serializer guessed) is also one more line of
    # `manage.py check --deploy`, which the deployment guide says is clean.
    run = subprocess.run(
        [
            sys.executable,
            "manage.py",
            "spectacular",
            "--fail-on-warn",
            "--file",
            str(tmp_path / "schema.yaml"),
        ],
        cwd=ROOT,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "oware_tournaments.settings_test"},
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Warning" not in run.stderr
