"""Every refusal goes through `ErrorCode` and answers one way: the live board's own refusals,
the result grid and the API share one shape and statuses, the headers travel with the error,
and parameters are typed values worded when the message is read."""

import json

import pytest
from django.utils import translation
from rest_framework.test import APIClient

from games.live import live_board_code
from oware.endings import Ending
from oware.errors import RecordError
from oware.sides import Side
from tournaments.api.errors import api_exception_handler
from tournaments.services.errors import ErrorCode, ServiceError, error_body
from tournaments.services.trf_import import import_trf_section

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def language_reset():
    yield
    translation.deactivate()


def test_the_live_boards_own_refusals_are_error_codes(client, game):
    code = live_board_code(game)
    unknown = client.get("/t/accra/board/ZZZZZZ/moves/")
    assert (unknown.status_code, unknown.json()["code"]) == (404, ErrorCode.NOT_FOUND.code)
    assert unknown.json()["message"] == "There is no published live board ZZZZZZ."
    assert unknown.json()["error"] == unknown.json()["errors"][0]
    wrong = client.put(f"/t/accra/board/{code}/moves/")
    assert (wrong.status_code, wrong.json()["code"]) == (405, "method_not_allowed")
    assert wrong["Allow"] == "GET, POST"
    garbled = client.post(f"/t/accra/board/{code}/moves/", "[1]", "application/json")
    assert (garbled.status_code, garbled.json()["code"]) == (400, "parse_error")
    watched = client.post(f"/t/accra/board/{code}/watch/")
    assert (watched.status_code, watched.json()["code"]) == (405, "method_not_allowed")
    assert watched["Allow"] == "GET, HEAD" and watched.json()["field"] is None


def test_retry_after_travels_with_the_error():
    refused = ServiceError(ErrorCode.TOO_MANY_CODES, field="code", seconds=120)
    assert refused.retry_after == 120 and refused.headers == {"Retry-After": "120"}
    answer = api_exception_handler(refused, {})
    assert answer.status_code == 429 and answer["Retry-After"] == "120"
    assert ServiceError(ErrorCode.WRONG_CODE).headers == {}


def test_the_live_board_answers_the_headers_of_the_error(client, game, settings):
    settings.LIVE_CODE_ATTEMPTS = 1
    code = live_board_code(game)
    body = {"action": "claim", "side": "S", "device": "device-0001", "code": "WRONG1"}
    client.post(f"/t/accra/board/{code}/moves/", json.dumps(body), "application/json")
    refused = client.post(f"/t/accra/board/{code}/moves/", json.dumps(body), "application/json")
    assert refused.status_code == 429
    assert refused["Retry-After"] == str(settings.LIVE_CODE_WINDOW)
    assert refused.json()["code"] == "too_many_codes"


def test_parameters_are_typed_and_worded_in_the_readers_language():
    refused = ServiceError(ErrorCode.DECIDED_BY_MISMATCH, case="resign", side=Side.NORTH)
    assert refused.params["side"] is Side.NORTH
    assert refused.message == "The record names North as the player who resigned."
    with translation.override("fr"):
        assert "Nord" in refused.message
    mismatch = ServiceError(ErrorCode.ENDING_MISMATCH, found=Ending.CAPTURE, entered=Ending.TIME)
    assert mismatch.message == "The record ends by Capture past 24, not Time forfeit."
    rules = ServiceError(
        ErrorCode.RULES,
        case="record",
        ply=3,
        problem=RecordError(3, "empty_pit", message_code="empty_pit"),
    )
    with translation.override("fr"):
        assert "la case est vide" in rules.message


def test_a_typed_score_beside_a_record_is_kept_as_numbers(alice, game):
    api = APIClient()
    api.force_authenticate(alice)
    answer = api.post(
        f"/api/tournaments/accra/games/{game.pk}/result/",
        {"expected_version": 0, "record": "1. C f agreed", "south_seeds": 20, "north_seeds": 28},
        format="json",
    )
    assert answer.status_code == 400 and answer.json()["code"] == "declared_score"
    assert answer.json()["message"].endswith("not 20–28.")


def test_the_trf_import_words_the_cores_error_by_its_code(tournament, alice):
    with translation.override("fr"):
        with pytest.raises(ServiceError) as refused:
            import_trf_section(tournament, "Open", "012 Test\n001   x1", by=alice)
        message = refused.value.message
    assert refused.value.code == "invalid_trf" and refused.value.field == "file"
    assert message == (
        "Le fichier TRF ne peut pas être lu, ligne 2 : "
        "numéro d'appariement doit être fait de chiffres, trouvé 'x1'"
    )


def test_one_shape_for_every_refusal():
    refused = ServiceError(ErrorCode.POINTS_MISMATCH, field="result", south=1, north=0)
    body = error_body([refused.as_dict()])
    assert set(body) == {"code", "message", "field", "errors"}
    assert body["errors"] == [
        {"code": "points_mismatch", "message": refused.message, "field": "result"}
    ]
