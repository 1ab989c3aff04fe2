"""Every way a player enters an event links him to a person: at once when his identity number
is a person's federation id or TRF id, and never on a name alone."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from register.models import PlayerLink, RegisterChange
from tests.register.conftest import api_as
from tests.writes import if_match
from tournaments.models import Player, Tournament
from tournaments.services.registration import register_player
from tournaments.services.trf_import import import_trf_section

pytestmark = pytest.mark.django_db

PLAYERS_PAGE = "/t/accra/arbiter/men/players/"
IMPORT_PAGE = "/t/accra/arbiter/men/players/import/"


def person_of(name: str):
    link = PlayerLink.objects.filter(player__name=name).select_related("person").first()
    return link and link.person


def test_the_players_page_links_an_exact_trf_id(alice_client, section, kofi):
    answer = alice_client.post(
        PLAYERS_PAGE,
        {"action": "register", "name": "K. Mensah", "sex": "m", "identity_number": "10000001"},
    )
    assert answer.status_code == 302
    assert person_of("K. Mensah") == kofi
    link = PlayerLink.objects.get(person=kofi)
    assert link.how == PlayerLink.How.SAME_ID
    # The entry's name becomes one of his names; the audit keeps the link.
    assert set(kofi.variants.values_list("name", flat=True)) == {"Kofi Mensah", "K. Mensah"}
    change = RegisterChange.objects.get(kind="link", player=link.player)
    assert change.snapshot["how"] == "id" and change.person == kofi


def test_a_csv_file_links_by_its_id_column(alice_client, section, kwame, adjoa):
    text = "name,sex,federation,id\nKwamé Boateng,m,CIV,10000003\nAdjoa Owusu-Ansah,w,GHA,\n"
    upload = SimpleUploadedFile("players.csv", text.encode(), content_type="text/csv")
    preview = alice_client.post(IMPORT_PAGE, {"kind": "csv", "file": upload})
    assert preview.status_code == 200
    answer = alice_client.post(IMPORT_PAGE, {"kind": "csv", "content": text, "confirm": "1"})
    assert answer.status_code == 302
    assert Player.objects.count() == 2
    assert person_of("Kwamé Boateng") == kwame
    # Adjoa's name is the register's Owusu Ansah Adjoa in another order: not linked silently.
    assert person_of("Adjoa Owusu-Ansah") is None


def test_a_trf_players_file_links_by_its_id_columns(alice_client, section, kofi, kwame):
    text = open("tests/data/register/accra-2019.trf", encoding="utf-8").read()
    answer = alice_client.post(IMPORT_PAGE, {"kind": "trf", "content": text, "confirm": "1"})
    assert answer.status_code == 302
    assert (person_of("Mensah, Kofi"), person_of("Kwamé Boateng")) == (kofi, kwame)
    assert PlayerLink.objects.count() == 2


def test_a_trf_section_links_by_id(tournament, alice, kofi, kwame, adjoa):
    text = open("tests/data/register/accra-2019.trf", encoding="utf-8").read()
    import_trf_section(tournament, "Open", text, by=alice)
    assert person_of("Mensah, Kofi") == kofi
    assert person_of("Kwamé Boateng") == kwame
    assert person_of("Adjoa Owusu-Ansah") is None and person_of("Yaw Darko") is None


def test_the_api_links_by_id(alice, section, tournament, kwame):
    api = api_as(alice)
    fields = {"name": "Boateng Kwame", "sex": "m", "identity_number": "10000003"}
    answer = api.post(
        "/api/v1/tournaments/accra/men/players/", fields, format="json", **if_match(api, "accra")
    )
    assert answer.status_code == 201, answer.content
    assert person_of("Boateng Kwame") == kwame


def test_an_id_entered_later_links_then(section, alice, kofi):
    from tournaments.services.registration import update_player

    player = register_player(section, by=alice, name="Kofi Mensah", sex="m")
    assert person_of("Kofi Mensah") is None  # the same name, but no id: nothing linked
    update_player(player, by=alice, identity_number="10000001")
    assert person_of("Kofi Mensah") == kofi


def test_an_unknown_id_or_a_name_alone_links_nobody(section, alice, kofi, adjoa):
    register_player(section, by=alice, name="Kofi Mensah", sex="m", identity_number="999")
    register_player(section, by=alice, name="Adjoa Owusu Ansah", sex="m")
    assert PlayerLink.objects.count() == 0
    assert RegisterChange.objects.count() == 0


def test_an_id_two_persons_hold_links_nobody(section, alice, kofi, kwame):
    kwame.federation_id = "10000001"  # kofi's TRF id is kwame's federation id: a person decides
    kwame.save()
    register_player(section, by=alice, name="Kofi Mensah", sex="m", identity_number="10000001")
    assert PlayerLink.objects.count() == 0


def test_deleting_a_tournament_takes_its_links_and_keeps_the_person(section, alice, kofi):
    register_player(section, by=alice, name="Kofi", sex="m", identity_number="10000001")
    Tournament.objects.all().delete()
    assert PlayerLink.objects.count() == 0
    kofi.refresh_from_db()
