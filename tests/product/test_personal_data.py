"""A player's identity number and birth date are personal data: the tournament's arbiters see
them in the API's players (JSON and the players.csv file) and in the TRF export; anyone else,
another arbiter included, reads them as null or blank, and no public page shows them."""

import csv
import io

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.writes import if_match
from tournaments.trf import parse

pytestmark = pytest.mark.django_db

PLAYERS = "/api/v1/tournaments/accra/men/players/"
IDENTITY = ("12345678901", "1990/04/12")


@pytest.fixture
def ama(make_player):
    make_player("Kofi", 2)
    return make_player("Ama", 1, identity_number=IDENTITY[0], birth_date=IDENTITY[1])


def api_as(user=None) -> APIClient:
    api = APIClient()
    if user is not None:
        api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
    return api


def personal(row: dict) -> tuple:
    return (row["identity_number"], row["birth_date"])


def test_the_arbiter_sees_them_and_anyone_read_after_does_not(alice, ama):
    # The arbiter first: a cached answer must not carry his view to the next reader.
    arbiter = api_as(alice)
    assert personal(arbiter.get(PLAYERS).json()["results"][0]) == IDENTITY
    assert personal(arbiter.get(f"{PLAYERS}{ama.pk}/").json()) == IDENTITY
    anonymous = api_as()
    assert personal(anonymous.get(PLAYERS).json()["results"][0]) == (None, None)
    assert personal(anonymous.get(f"{PLAYERS}{ama.pk}/").json()) == (None, None)


def test_an_arbiter_of_another_tournament_does_not_see_them(charlie, ama):
    charlie.is_staff = True  # staff is no arbiter of this tournament
    charlie.save()
    assert personal(api_as(charlie).get(PLAYERS).json()["results"][0]) == (None, None)


def test_the_players_file_has_them_for_the_arbiter_only(alice, ama):
    answer = api_as(alice).get("/api/v1/tournaments/accra/men/players.csv")
    assert answer["Content-Disposition"] == 'attachment; filename="accra-men-players.csv"'
    rows = list(csv.DictReader(io.StringIO(answer.content.decode())))
    assert [row["name"] for row in rows] == ["Ama", "Kofi"]
    assert personal(rows[0]) == IDENTITY
    public = api_as().get("/api/v1/tournaments/accra/men/players.csv").content.decode()
    rows = list(csv.DictReader(io.StringIO(public)))
    assert personal(rows[0]) == ("", "")
    assert IDENTITY[1] not in public


def test_a_player_registered_over_the_api_comes_back_with_them(alice, section):
    fields = {"name": "Esi", "sex": "w", "identity_number": "42", "birth_date": "2001/07/19"}
    api = api_as(alice)
    answer = api.post(PLAYERS, fields, format="json", **if_match(api, "accra"))
    assert answer.status_code == 201, answer.content
    assert personal(answer.json()) == ("42", "2001/07/19")


def test_the_trf_export_has_them_for_the_arbiter_only(alice, ama):
    address = "/api/v1/tournaments/accra/men/trf/"
    mine = parse(api_as(alice).get(address).content).player(1)
    assert (mine.fide_id, mine.birth_date) == IDENTITY
    theirs = parse(api_as().get(address).content).player(1)
    assert (theirs.fide_id, theirs.birth_date) == ("", "")


def test_no_public_page_shows_them(client, ama):
    for page in ("/t/accra/men/", "/t/accra/men/player/1/", "/t/accra/men/standings/"):
        text = client.get(page).content.decode()
        assert IDENTITY[0] not in text and IDENTITY[1] not in text, page
