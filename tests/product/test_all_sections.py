"""Every section's next round in one action: each section paired (and published) on its own,
a section that cannot be paired says why and the others go on."""

import pytest

from tournaments.models import Round
from tournaments.services.errors import ServiceError
from tournaments.services.rounds import pair_all_sections, pair_next_round, publish_all_drafts

pytestmark = pytest.mark.django_db


@pytest.fixture
def women(tournament, make_player):
    group = tournament.sections.create(name="Women", slug="women", order=1, numbered=True)
    for number, name in enumerate(("Ama Serwaa", "Esi Appiah", "Adwoa Owusu", "Akua"), 1):
        make_player(name, number, sex="w", section=group, rating=1900 - number)
    return group


@pytest.fixture
def men(section, make_player):
    for number, name in enumerate(("Kofi", "Yaw", "Kossi", "Komla"), 1):
        make_player(name, number, rating=2000 - number)
    section.numbered = True
    section.save()
    return section


def test_both_sections_are_paired_and_published_at_once(men, women, alice):
    outcomes = pair_all_sections(men.tournament, by=alice, publish=True)
    assert [(o.section.name, o.round.number, o.refusal) for o in outcomes] == [
        ("Men", 1, None),
        ("Women", 1, None),
    ]
    assert set(Round.objects.values_list("status", flat=True)) == {Round.Status.PUBLISHED}
    assert Round.objects.get(section=women).pairings.count() == 2


def test_a_section_that_cannot_be_paired_says_why_and_the_other_goes_on(
    alice_client, men, women, alice
):
    pair_next_round(women, by=alice)  # Women's round 1 is still a draft
    response = alice_client.post("/t/accra/arbiter/pair-all/", follow=True)
    page = response.content.decode()
    assert "Round 1 of Men paired as a draft." in page
    assert "Women: Round 1 is still a draft: publish or delete it first." in page
    assert Round.objects.filter(section=men, number=1).exists()
    assert Round.objects.filter(section=women).count() == 1
    assert response.redirect_chain[-1][0] == "/t/accra/arbiter/all-sections/"


def test_the_refusal_of_each_section_is_its_own(men, women, alice, tournament):
    tournament.sections.create(name="Juniors", slug="juniors", order=2)  # nobody registered
    outcomes = pair_all_sections(tournament, by=alice)
    by_name = {o.section.name: o for o in outcomes}
    assert by_name["Men"].round is not None and by_name["Women"].round is not None
    refusal = by_name["Juniors"].refusal
    assert isinstance(refusal, ServiceError) and refusal.code == "no_players"
    assert refusal.message == "Nobody in Juniors plays round 1."


def test_a_section_never_numbered_is_asked_about_first(alice_client, men, women, make_player):
    women.numbered = False
    women.save()
    make_player("Abena", 5, sex="w", section=women, rating=2500)  # registered last, rated first
    page = alice_client.post("/t/accra/arbiter/pair-all/", {"publish": "on"}).content.decode()
    assert "the players were never numbered" in page and "Women" in page
    assert not Round.objects.exists()
    alice_client.post("/t/accra/arbiter/pair-all/", {"publish": "1", "confirm": "1"})
    assert Round.objects.filter(status=Round.Status.PUBLISHED).count() == 2


def test_every_draft_is_published_with_one_checkbox(alice_client, men, women, alice):
    pair_all_sections(men.tournament, by=alice)
    page = alice_client.get("/t/accra/arbiter/all-sections/").content.decode()
    assert page.count('class="section-boards"') == 2
    refused = alice_client.post("/t/accra/arbiter/publish-all/", follow=True).content.decode()
    assert "to publish." in refused
    assert not Round.objects.filter(status=Round.Status.PUBLISHED).exists()
    alice_client.post("/t/accra/arbiter/publish-all/", {"confirm": "on"})
    assert Round.objects.filter(status=Round.Status.PUBLISHED).count() == 2
    assert publish_all_drafts(men.tournament, by=alice) == []


def test_only_an_arbiter_pairs_every_section(client, charlie, men, women):
    client.force_login(charlie)
    assert client.post("/t/accra/arbiter/pair-all/").status_code in (302, 403, 404)
    assert not Round.objects.exists()
    with pytest.raises(ServiceError):
        pair_all_sections(men.tournament, by=charlie)


def test_sections_never_numbered_are_numbered_by_rating_when_paired_asked_once(
    alice_client, men, women, make_player
):
    for group in (men, women):
        group.numbered = False
        group.save()
    make_player("Kwame", 5, section=men, rating=2600)  # registered last, rated first
    make_player("Abena", 5, sex="w", section=women, rating=2500)
    page = alice_client.post("/t/accra/arbiter/pair-all/", {"publish": "on"}).content.decode()
    # One question for both sections, answered with one button.
    assert page.count("Number every section above by rating, then pair") == 1
    assert "Men, Women: the players were never numbered" in page
    answer = alice_client.post(
        "/t/accra/arbiter/pair-all/", {"publish": "1", "number": "1"}, follow=True
    )
    assert answer.redirect_chain[-1][0] == "/t/accra/arbiter/all-sections/"
    assert Round.objects.filter(status=Round.Status.PUBLISHED).count() == 2
    for group, first in ((men, "Kwame"), (women, "Abena")):
        group.refresh_from_db()
        assert group.numbered
        assert group.players.get(pairing_number=1).name == first


def test_one_section_never_numbered_is_numbered_by_rating_and_paired(
    alice_client, men, make_player
):
    men.numbered = False
    men.save()
    make_player("Kwame", 5, section=men, rating=2600)
    page = alice_client.post("/t/accra/arbiter/men/pair/").content.decode()
    assert "Number by rating, then pair" in page
    alice_client.post("/t/accra/arbiter/men/pair/", {"number": "1"})
    assert men.players.get(pairing_number=1).name == "Kwame"
    assert Round.objects.filter(section=men, number=1).exists()
