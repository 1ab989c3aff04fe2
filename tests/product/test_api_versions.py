"""A result written through the API names the version it changes — `expected_version` in the body
or `If-Match` — so that a script never silently overwrites a result saved meanwhile."""

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

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
