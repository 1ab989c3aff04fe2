"""A person's birth date and identity numbers are personal data: register officers and the
arbiters of an event he played in read them; anyone else, another event's arbiter or a
superuser's staff aside, reads null."""

import pytest

from register.models import Person
from tests.register.conftest import api_as
from tournaments.models import Tournament
from tournaments.services.registration import register_player

pytestmark = pytest.mark.django_db

PERSONAL = ("birth_date", "birth_year", "federation_id", "trf_id")


def personal(data: dict) -> tuple:
    return tuple(data[field] for field in PERSONAL)


@pytest.fixture
def played(section, alice, kofi):
    """Kofi played in alice's tournament (linked by his TRF id)."""
    return register_player(
        section, by=alice, name="Kofi Mensah", sex="m", identity_number="10000001"
    )


@pytest.fixture
def other_arbiter(django_user_model):
    bob = django_user_model.objects.create_user("bob", password="bob-password-1")
    Tournament.objects.create(name="Kumasi Open", slug="kumasi").arbiters.add(bob)
    return bob


def test_the_person_api_shows_them_to_officers_and_the_events_arbiters(
    played, kofi, officer, alice, other_arbiter, charlie
):
    address = f"/api/v1/register/persons/{kofi.pk}/"
    full = ("1990-04-12", 1990, "", "10000001")
    assert personal(api_as(officer).get(address).json()) == full
    assert personal(api_as(alice).get(address).json()) == full
    for reader in (None, charlie, other_arbiter):
        data = api_as(reader).get(address).json()
        assert personal(data) == (None, None, None, None)
        assert data["name"] == "Kofi Mensah" and data["federation"] == "GHA"


def test_the_list_shows_them_per_person(played, kofi, kwame, alice):
    rows = {
        row["id"]: row for row in api_as(alice).get("/api/v1/register/persons/").json()["results"]
    }
    assert personal(rows[kofi.pk])[3] == "10000001"
    assert personal(rows[kwame.pk]) == (None, None, None, None)  # never played in her events
    anonymous = api_as().get("/api/v1/register/persons/?q=kofi").json()["results"]
    assert [personal(row) for row in anonymous] == [(None, None, None, None)]


def test_the_player_link_hides_them_from_the_public(played, kofi, alice):
    address = f"/api/v1/tournaments/accra/players/{played.pk}/person/"
    assert api_as(alice).get(address).json()["person"]["trf_id"] == "10000001"
    public = api_as().get(address).json()
    assert public["person"]["id"] == kofi.pk and public["person"]["trf_id"] is None


def test_the_person_page_shows_them_to_officers_and_the_events_arbiters(
    client, played, kofi, officer, alice, other_arbiter
):
    page = f"/register/person/{kofi.pk}/"
    for reader in (officer, alice):
        client.force_login(reader)
        text = client.get(page).content.decode()
        assert "1990-04-12" in text and "10000001" in text
    client.force_login(other_arbiter)
    assert client.get(page).status_code == 403
    client.logout()
    assert client.get(page).status_code == 302


def test_an_arbiter_reads_the_page_but_only_officers_change_it(client, played, kofi, alice):
    client.force_login(alice)
    page = f"/register/person/{kofi.pk}/"
    assert "Merge" not in client.get(page).content.decode()
    answer = client.post(page, {"action": "edit", "name": "Someone", "sex": "m"})
    assert answer.status_code == 403
    assert Person.objects.get(pk=kofi.pk).name == "Kofi Mensah"


def test_an_officer_edits_a_person_and_an_id_stays_unique(officer_client, kofi, kwame):
    page = f"/register/person/{kwame.pk}/"
    answer = officer_client.post(page, {"action": "ids", "federation_id": "", "trf_id": "10000001"})
    assert answer.status_code == 200
    assert "Another person has this TRF id." in answer.content.decode()
    assert Person.objects.get(pk=kwame.pk).trf_id == ""
    officer_client.post(
        page,
        {
            "action": "edit",
            "name": "Kwame Boateng",
            "sex": "m",
            "federation": "gha",
            "club": "Abidjan",
        },
    )
    kwame.refresh_from_db()
    assert (kwame.federation, kwame.club) == ("GHA", "Abidjan")
