"""An officer merges duplicates and splits a wrong merge back from its audit row: links and
name variants move, the duplicate is kept marked merged, and no tournament's rows change."""

import datetime

import pytest

from register.linking import link_player, person_with_id
from register.merging import merge_persons, split_merge
from register.models import NameVariant, Person, PlayerLink, RegisterChange
from tournaments.models import Player, Result
from tournaments.services.trf_import import import_trf_section

pytestmark = pytest.mark.django_db


def state():
    """Everything the register holds, and the tournaments' players and results as they are."""
    return {
        "persons": list(Person.objects.order_by("pk").values()),
        "variants": list(NameVariant.objects.order_by("pk").values("pk", "person", "name")),
        "links": list(PlayerLink.objects.order_by("pk").values("pk", "player", "person", "how")),
        "players": list(Player.objects.order_by("pk").values()),
        "results": list(Result.objects.order_by("pk").values()),
    }


@pytest.fixture
def event(tournament, alice, kofi, kwame):
    """Accra 2019 as a section: Kofi and Kwame linked by id; Adjoa and Yaw waiting."""
    tournament.rounds = 5
    tournament.save()
    text = open("tests/data/register/accra-2019.trf", encoding="utf-8").read()
    return import_trf_section(tournament, "Open", text, by=alice)


@pytest.fixture
def twin(event, alice):
    """A duplicate of Kofi: Yaw's entry linked to a second 'Kofi' by mistake, with a birth date
    Kofi's own record lacks and a club."""
    person = Person.objects.create(
        name="Mensah Kofi", federation="GHA", club="Accra Seeds", federation_id="GHA-77"
    )
    link_player(Player.objects.get(name="Yaw Darko"), person, by=alice)
    return person


def test_a_merge_moves_links_and_variants_and_keeps_the_duplicate(officer, kofi, twin):
    tournaments_before = state()["players"], state()["results"]
    change = merge_persons(kofi, twin, by=officer, reason="the same man")
    twin.refresh_from_db()
    kofi.refresh_from_db()
    assert twin.merged_into == kofi and Person.objects.filter(pk=twin.pk).exists()
    names = set(kofi.variants.values_list("name", flat=True))
    assert {"Kofi Mensah", "Mensah, Kofi", "Mensah Kofi", "Yaw Darko"} <= names
    assert sorted(kofi.links.values_list("player__name", flat=True)) == [
        "Mensah, Kofi",
        "Yaw Darko",
    ]
    assert kofi.club == "Accra Seeds"  # filled from the duplicate; his own fields stay
    assert kofi.birth_date == datetime.date(1990, 4, 12)
    assert (change.kind, change.done_by, change.reason, change.other) == (
        "merge",
        officer,
        "the same man",
        twin,
    )
    assert change.snapshot["filled"] == {"club": ["", "Accra Seeds"]}
    # The duplicate's id still finds the person kept.
    assert person_with_id("GHA-77") == kofi
    assert (state()["players"], state()["results"]) == tournaments_before


def test_a_split_restores_exactly_what_was_there(officer, kofi, twin):
    before = state()
    merge = merge_persons(kofi, twin, by=officer, reason="the same man")
    split = split_merge(merge, by=officer, reason="two men after all")
    assert state() == before
    assert (split.kind, split.undoes, split.reason) == ("split", merge, "two men after all")
    assert split.snapshot["links"] == merge.snapshot["links"]


def test_merge_and_split_through_the_officers_pages(officer_client, kofi, twin):
    before = state()
    page = f"/register/person/{kofi.pk}/"
    merged = officer_client.post(
        page, {"action": "merge", "duplicate": twin.pk, "reason": "same"}, follow=True
    )
    assert "was merged into Kofi Mensah" in merged.content.decode()
    audit = officer_client.get("/register/audit/").content.decode()
    merge = RegisterChange.objects.get(kind="merge")
    assert f"/register/audit/{merge.pk}/split/" in audit
    officer_client.post(f"/register/audit/{merge.pk}/split/", {"reason": "not the same"})
    assert state() == before
    assert "/split/" not in officer_client.get("/register/audit/").content.decode()


def test_refusals(officer, alice, kofi, twin, kwame):
    with pytest.raises(Exception) as error:
        merge_persons(kofi, twin, by=alice, reason="x")
    assert error.value.code == "register_forbidden"
    with pytest.raises(Exception) as error:
        merge_persons(kofi, kofi, by=officer, reason="x")
    assert error.value.code == "same_person"
    with pytest.raises(Exception) as error:
        merge_persons(kofi, twin, by=officer, reason=" ")
    assert error.value.code == "reason_required"
    first = merge_persons(kofi, twin, by=officer, reason="same")
    with pytest.raises(Exception) as error:
        merge_persons(kwame, twin, by=officer, reason="again")
    assert error.value.code == "person_merged"
    later = merge_persons(kwame, kofi, by=officer, reason="all one")
    with pytest.raises(Exception) as error:
        split_merge(first, by=officer, reason="x")
    assert (error.value.code, error.value.case) == ("split_impossible", "later")
    split_merge(later, by=officer, reason="no")
    split_merge(first, by=officer, reason="no")
    with pytest.raises(Exception) as error:
        split_merge(first, by=officer, reason="x")
    assert (error.value.code, error.value.case) == ("split_impossible", "done")


def test_only_officers_reach_the_officers_pages(client, alice, officer):
    for page in ("/register/", "/register/audit/", "/register/past-event/"):
        assert client.get(page).status_code == 302
        client.force_login(alice)
        assert client.get(page).status_code == 403
        client.force_login(officer)
        assert client.get(page).status_code == 200
        client.logout()


def test_the_officer_finds_people_by_any_name_or_id(officer_client, kofi, twin, kwame):
    found = officer_client.get("/register/?q=kwamé").context["page"].object_list
    assert list(found) == [kwame]
    found = officer_client.get("/register/?q=MENSAH").context["page"].object_list
    assert set(found) == {kofi, twin}
    found = officer_client.get("/register/?q=10000001").context["page"].object_list
    assert list(found) == [kofi]
