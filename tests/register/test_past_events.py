"""A past event's TRF file becomes a finished tournament whose players are linked by id, the
others left for an officer to confirm; a malformed file is refused with its line and column and
nothing is stored."""

from io import StringIO

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command

from register.models import Person, PlayerLink, RegisterChange
from register.past_events import import_past_event
from tests.register.conftest import ACCRA_2019, MALFORMED
from tournaments.models import Player, Result, Round, Section, Tournament

pytestmark = pytest.mark.django_db


def stored() -> dict:
    return {
        model.__name__: model.objects.count()
        for model in (
            Tournament,
            Section,
            Player,
            Round,
            Result,
            Person,
            PlayerLink,
            RegisterChange,
        )
    }


def text_of(path: str) -> str:
    return open(path, encoding="utf-8").read()


def test_the_command_imports_a_finished_event_and_links_by_id(officer, kofi, kwame, adjoa):
    out = StringIO()
    call_command("import_past_event", ACCRA_2019, "--by", "olivia", stdout=out)
    tournament = Tournament.objects.get()
    assert (tournament.name, tournament.slug) == (
        "Accra Championship 2019",
        "accra-championship-2019",
    )
    assert (tournament.status, tournament.rounds, str(tournament.start_date)) == (
        "finished",
        3,
        "2019-03-02",
    )
    assert tournament.arbiters.get() == officer
    section = tournament.sections.get()
    assert section.rounds.count() == 3 and section.rounds.filter(status="completed").count() == 3
    assert Result.objects.filter(pairing__round__section=section).count() == 6
    linked = dict(PlayerLink.objects.values_list("player__name", "person__name"))
    assert linked == {"Mensah, Kofi": "Kofi Mensah", "Kwamé Boateng": "Kwame Boateng"}
    assert "4 players, 2 linked by identity number, 2 to confirm" in out.getvalue()
    change = RegisterChange.objects.get(kind="import")
    assert change.snapshot == {
        "tournament": "accra-championship-2019",
        "players": 4,
        "rounds": 3,
        "linked": 2,
        "waiting": 2,
    }


def test_the_officer_then_confirms_the_others_on_the_events_page(officer_client, officer, adjoa):
    tournament = import_past_event(text_of(ACCRA_2019), by=officer, name="Accra 2019")
    page = officer_client.get(f"/t/{tournament.slug}/arbiter/register/")
    waiting = {row["player"].name: row for row in page.context["waiting"]}
    assert set(waiting) == {"Mensah, Kofi", "Adjoa Owusu-Ansah", "Kwamé Boateng", "Yaw Darko"}
    assert [c["person"] for c in waiting["Adjoa Owusu-Ansah"]["candidates"]] == [adjoa]
    assert waiting["Yaw Darko"]["candidates"] == []
    player = waiting["Adjoa Owusu-Ansah"]["player"]
    officer_client.post(
        f"/t/{tournament.slug}/arbiter/register/",
        {"action": "link", "player": player.pk, "person": adjoa.pk, "version": 0},
    )
    assert PlayerLink.objects.get(player=player).person == adjoa


def test_the_officers_page_imports_a_file(officer_client, kofi):
    upload = SimpleUploadedFile("accra.trf", text_of(ACCRA_2019).encode())
    answer = officer_client.post(
        "/register/past-event/", {"file": upload, "name": "Accra 2019", "section": "Seniors"}
    )
    assert answer.status_code == 302
    tournament = Tournament.objects.get(name="Accra 2019")
    assert answer["Location"] == f"/t/{tournament.slug}/arbiter/register/"
    assert tournament.sections.get().name == "Seniors" and not tournament.published
    assert PlayerLink.objects.get().person == kofi


def test_a_file_from_another_program_comes_in(officer):
    tournament = import_past_event(text_of("tests/data/trf-real/tbs-held_swiss_5.trf"), by=officer)
    assert tournament.status == "finished" and tournament.rounds == 5
    assert tournament.sections.get().players.count() == 16
    assert PlayerLink.objects.count() == 0  # ids of 0 are nobody's


def test_a_malformed_file_is_refused_with_its_place_and_nothing_is_stored(
    officer_client, officer, kofi
):
    before = stored()
    upload = SimpleUploadedFile("bad.trf", text_of(MALFORMED).encode())
    page = officer_client.post("/register/past-event/", {"file": upload})
    assert page.status_code == 200
    assert "Line 11, column 119: unknown result code" in page.content.decode()
    with pytest.raises(CommandError, match="Line 11, column 119"):
        call_command("import_past_event", MALFORMED, "--by", "olivia")
    assert stored() == before


def test_a_file_the_section_import_refuses_stores_nothing_either(officer, kofi):
    text = text_of(ACCRA_2019).replace("     4 w 1     2 w =", "     3 w 1     2 w =")
    before = stored()
    with pytest.raises(Exception) as error:
        import_past_event(text, by=officer)
    assert error.value.code == "invalid_trf"
    assert stored() == before


def test_only_officers_import(alice):
    with pytest.raises(Exception) as error:
        import_past_event(text_of(ACCRA_2019), by=alice)
    assert error.value.code == "register_forbidden"
    assert not Tournament.objects.exists()


def test_newcomers_without_any_candidate_get_persons_in_one_action(officer_client, officer, adjoa):
    tournament = import_past_event(text_of(ACCRA_2019), by=officer)
    page = f"/t/{tournament.slug}/arbiter/register/"
    officer_client.post(page, {"action": "strangers"})
    made = dict(PlayerLink.objects.values_list("player__name", "how"))
    # Adjoa has a candidate: she still waits for the officer to choose.
    assert made == {"Mensah, Kofi": "created", "Kwamé Boateng": "created", "Yaw Darko": "created"}
    (waiting,) = officer_client.get(page).context["waiting"]
    assert waiting["player"].name == "Adjoa Owusu-Ansah"
