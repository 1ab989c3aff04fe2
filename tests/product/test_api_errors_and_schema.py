"""The API as a client program sees it: one JSON error shape, statuses by meaning, a schema
that every response matches, and limits that cannot break the server."""

import pytest
import yaml
from django.test import RequestFactory
from rest_framework.test import APIClient

from tournaments.api.errors import server_error
from tournaments.models import Result
from tournaments.services.errors import ServiceError
from tournaments.services.results import ResultEntry, record_result

from .conftest import played_game, record_of

pytestmark = pytest.mark.django_db


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
    response = api.post("/api/tournaments/accra/men/rounds/1/publish/")
    assert response.status_code == 409
    assert response.json()["code"] == "round_published"


def test_an_error_asked_as_csv_is_still_json(api, tournament, section):
    response = api.get("/api/tournaments/accra/men/standings/?format=csv&round=99")
    assert response.status_code == 400
    assert response.json() == {
        "code": "invalid",
        "message": "Give a completed round, 0 to 0.",
        "field": "round",
    }


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
def schema(api):
    return yaml.safe_load(api.get("/api/schema/").content)


def test_every_operation_has_a_summary_and_documents_its_errors(schema):
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            if method == "parameters":
                continue
            assert operation.get("summary"), (method, path)
            for code in ("400", "404", "429", "500"):
                assert code in operation["responses"], (method, path, code)
            if method != "get":
                for code in ("401", "403", "409"):
                    assert code in operation["responses"], (method, path, code)
            error = operation["responses"]["404"]["content"]["application/json"]["schema"]
            assert error == {"$ref": "#/components/schemas/Error"}


def test_fields_that_may_be_null_are_nullable_in_the_schema(schema):
    components = schema["components"]["schemas"]
    assert components["Pairing"]["properties"]["north"]["nullable"] is True
    assert components["Pairing"]["properties"]["north_name"]["nullable"] is True
    result = components["Pairing"]["properties"]["result"]
    assert result.get("nullable") or any("nullable" in part for part in result.get("allOf", []))
    assert components["Player"]["properties"]["team"]["nullable"] is True


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
