"""Players the register could not link by id wait on the event's register page with their
candidates; the arbiter picks one or creates a new person in one click, each with an audit row.
The same through the API, with the link's version."""

import pytest

from register.models import Person, PlayerLink, RegisterChange
from tests.register.conftest import api_as
from tournaments.services.registration import register_player

pytestmark = pytest.mark.django_db

PAGE = "/t/accra/arbiter/register/"


def url(player) -> str:
    return f"/api/v1/tournaments/accra/players/{player.pk}/person/"


@pytest.fixture
def adwoa(section, alice, adjoa):
    """Registered without an id, under the register's name in another order, with accents."""
    return register_player(section, by=alice, name="Adjoa Owusu-Ánsah", sex="w", federation="GHA")


def test_the_page_lists_unlinked_players_with_ranked_candidates(alice_client, adwoa, adjoa):
    Person.objects.create(name="Adjoa Mensah", sex="w", federation="NGR")
    page = alice_client.get(PAGE)
    assert page.status_code == 200
    text = page.content.decode()
    assert "Adjoa Owusu-Ánsah" in text and "Owusu Ansah Adjoa" in text
    assert "the same name (case, accents and word order aside)" in text
    (row,) = page.context["waiting"]
    assert [c["person"] for c in row["candidates"]] == [adjoa]
    assert PlayerLink.objects.count() == 0  # shown, never linked on a name alone


def test_one_click_links_the_chosen_person_with_an_audit_row(alice_client, alice, adwoa, adjoa):
    answer = alice_client.post(
        PAGE, {"action": "link", "player": adwoa.pk, "person": adjoa.pk, "version": 0}
    )
    assert answer.status_code == 302
    link = PlayerLink.objects.get(player=adwoa)
    assert (link.person, link.how, link.linked_by) == (adjoa, "chosen", alice)
    change = RegisterChange.objects.get(player=adwoa)
    assert (change.kind, change.done_by, change.person) == ("link", alice, adjoa)
    assert "Adjoa Owusu-Ánsah" in adjoa.variants.values_list("name", flat=True)
    assert alice_client.get(PAGE).context["waiting"] == []


def test_one_click_creates_a_new_person_from_the_entry(alice_client, section, alice):
    esi = register_player(
        section, by=alice, name="Esi Asante", sex="w", federation="gha", birth_date="2001/07/19"
    )
    alice_client.post(PAGE, {"action": "create", "player": esi.pk, "version": 0})
    person = PlayerLink.objects.get(player=esi).person
    assert (person.name, person.sex, person.federation) == ("Esi Asante", "w", "GHA")
    assert (str(person.birth_date), person.birth_year) == ("2001-07-19", 2001)
    kinds = list(RegisterChange.objects.order_by("pk").values_list("kind", flat=True))
    assert kinds == ["create", "link"]


def test_an_unlink_needs_a_reason_and_the_player_waits_again(alice_client, adwoa, adjoa):
    alice_client.post(PAGE, {"action": "link", "player": adwoa.pk, "person": adjoa.pk})
    version = RegisterChange.objects.get().pk
    refused = alice_client.post(
        PAGE, {"action": "unlink", "player": adwoa.pk, "version": version}, follow=True
    )
    assert "Say why" in refused.content.decode()
    alice_client.post(
        PAGE, {"action": "unlink", "player": adwoa.pk, "version": version, "reason": "her sister"}
    )
    assert not PlayerLink.objects.exists()
    assert RegisterChange.objects.order_by("pk").last().reason == "her sister"


def test_only_the_events_arbiters_and_officers_reach_the_page(client, charlie, officer, adwoa):
    assert client.get(PAGE).status_code == 302  # to the login page
    client.force_login(charlie)
    assert client.get(PAGE).status_code == 403
    client.force_login(officer)
    assert client.get(PAGE).status_code == 200


def test_the_api_gives_candidates_to_the_arbiter_and_links(alice, adwoa, adjoa):
    api = api_as(alice)
    read = api.get(url(adwoa)).json()
    assert read["person"] is None and read["version"] == 0
    (candidate,) = read["candidates"]
    assert candidate["person"]["id"] == adjoa.pk
    assert candidate["reasons"][0]["code"] == "same_name"
    linked = api.post(url(adwoa), {"person": adjoa.pk}, format="json", HTTP_IF_MATCH='"0"')
    assert linked.status_code == 200, linked.content
    assert linked.json()["person"]["id"] == adjoa.pk and linked.json()["how"] == "chosen"
    assert linked.json()["version"] == RegisterChange.objects.get().pk


def test_an_api_write_names_the_version_it_read(alice, adwoa, adjoa):
    api = api_as(alice)
    missing = api.post(url(adwoa), {"person": adjoa.pk}, format="json")
    assert missing.status_code == 428
    api.post(url(adwoa), {"create": True, "expected_version": 0}, format="json")
    stale = api.post(url(adwoa), {"person": adjoa.pk, "expected_version": 0}, format="json")
    assert stale.status_code == 409
    assert stale.json()["code"] == "link_changed"
    assert stale.json()["field"] == "expected_version"
    version = api.get(url(adwoa)).json()["version"]
    again = api.post(url(adwoa), {"person": adjoa.pk, "expected_version": version}, format="json")
    assert (again.status_code, again.json()["code"]) == (409, "already_linked")


def test_the_api_creates_and_unlinks(alice, adwoa):
    api = api_as(alice)
    created = api.post(url(adwoa), {"create": True, "expected_version": 0}, format="json")
    assert created.status_code == 201
    person = Person.objects.get(pk=created.json()["person"]["id"])
    assert person.name == "Adjoa Owusu-Ánsah"
    version = created.json()["version"]
    gone = api.delete(url(adwoa), {"reason": "wrong", "expected_version": version}, format="json")
    assert gone.status_code == 200 and gone.json()["person"] is None


def test_the_api_refuses_others_in_its_error_shape(charlie, adwoa, adjoa):
    assert api_as().post(url(adwoa), {"person": adjoa.pk}, format="json").status_code == 401
    refused = api_as(charlie).post(
        url(adwoa), {"person": adjoa.pk, "expected_version": 0}, format="json"
    )
    assert refused.status_code == 403
    assert refused.json()["code"] == "register_forbidden"
    # Anyone reads the link of a published tournament's player, without the candidates.
    public = api_as().get(url(adwoa)).json()
    assert public["candidates"] == [] and public["person"] is None


def test_a_merged_person_is_refused_naming_the_person_kept(alice, officer, adwoa, adjoa):
    from register.merging import merge_persons

    other = Person.objects.create(name="Adjoa O. Ansah")
    merge_persons(other, adjoa, by=officer, reason="one person")
    answer = api_as(alice).post(
        url(adwoa), {"person": adjoa.pk, "expected_version": 0}, format="json"
    )
    assert (answer.status_code, answer.json()["code"]) == (409, "person_merged")
    assert "Adjoa O. Ansah" in answer.json()["message"]


def test_the_page_and_the_reasons_read_in_french_and_portuguese(alice_client, adwoa, adjoa):
    french = alice_client.get(PAGE, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Les joueurs et le registre" in french
    assert "le même nom (casse, accents et ordre des mots mis à part)" in french
    portuguese = alice_client.get(PAGE, HTTP_ACCEPT_LANGUAGE="pt").content.decode()
    assert "Os jogadores e o registo" in portuguese
