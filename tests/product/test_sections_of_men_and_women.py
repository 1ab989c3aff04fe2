"""Sections of men and of women: created as Open, Men or Women (by default from the name, in
every language of the product), and a player of the other sex refused with that reason on every
way in: the registration form, a CSV or TRF players file, a TRF section and the API."""

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.test import APIClient

from tests.writes import if_match
from tournaments.models import Player, Section, Team, Tournament
from tournaments.models.event import kind_from_name
from tournaments.services.events import create_tournament
from tournaments.services.trf_import import import_trf_section

pytestmark = pytest.mark.django_db

TRF = (Path(__file__).parents[1] / "data" / "trf-import" / "main-case004.trf").read_text()
REFUSAL = "The section Women is for female players only."


@pytest.fixture
def women(tournament):
    return tournament.sections.create(name="Women", slug="women", sex=Section.Kind.WOMEN)


@pytest.mark.parametrize(
    "name, kind",
    [
        ("Men", "m"),
        ("Women", "w"),
        ("Hommes", "m"),
        ("Femmes", "w"),
        ("Homens", "m"),
        ("Mulheres", "w"),
        ("Open", ""),
        ("Juniors", ""),
        ("Women U20", "w"),
    ],
)
def test_a_sections_kind_follows_its_name(name, kind):
    assert kind_from_name(name) == kind


def test_a_new_tournaments_sections_take_the_kind_their_name_says(alice, django_user_model):
    alice.is_superuser = True
    alice.save()
    event = create_tournament(
        by=alice, sections=["Hommes", "Femmes", "Open"], name="Lomé", slug="lome"
    )
    assert [(s.name, s.sex) for s in event.sections.order_by("order")] == [
        ("Hommes", "m"),
        ("Femmes", "w"),
        ("Open", ""),
    ]


def test_the_new_tournament_form_chooses_a_kind_in_brackets(alice_client, alice):
    alice.is_superuser = True
    alice.save()
    alice_client.post(
        "/new-tournament/",
        {
            "name": "Cape Coast",
            "slug": "cape",
            "rounds": 5,
            "minutes_per_player": 20,
            "clock_warning_minutes": 3,
            "variant": "abapa",
            "bye_points": "1",
            "tiebreaks": "PTS,DE,PS,BH,SB",
            "team_tiebreaks": "TP,LGS,PS,BH,SB",
            "avoid_teammates": "on",
            "players_per_team_per_section": 2,
            "team_has_coach": "on",
            "published": "on",
            "sections": "Men (open), Juniors (women), Women",
        },
    )
    event = Tournament.objects.get(slug="cape")
    assert [(s.name, s.sex) for s in event.sections.order_by("order")] == [
        ("Men", ""),
        ("Juniors", "w"),
        ("Women", "w"),
    ]


def test_the_registration_form_refuses_a_man_in_a_womens_section(alice_client, women):
    page = alice_client.post(
        "/t/accra/arbiter/women/players/", {"action": "register", "name": "Kofi", "sex": "m"}
    ).content.decode()
    assert REFUSAL in page
    assert not Player.objects.exists()


def test_a_csv_import_refuses_the_row_for_its_sex_not_as_a_team_quota(
    alice_client, women, tournament
):
    Team.objects.create(tournament=tournament, name="Ghana", code="GHA")
    text = "name,sex,team code\nAma,w,GHA\nAdwoa,w,GHA\nKofi,m,GHA\n"
    page = alice_client.post(
        "/t/accra/arbiter/women/players/import/",
        {"kind": "csv", "file": SimpleUploadedFile("p.csv", text.encode())},
    ).content.decode()
    assert REFUSAL in page
    assert "would have more than" not in page
    assert not Player.objects.exists()


def test_a_trf_players_file_refuses_a_man_in_a_womens_section(alice_client, women):
    line = next(line for line in TRF.splitlines() if line.startswith("001"))
    man = line[:9] + "m" + line[10:]
    page = alice_client.post(
        "/t/accra/arbiter/women/players/import/",
        {"kind": "trf", "file": SimpleUploadedFile("p.trf", (man + "\n").encode())},
    ).content.decode()
    assert REFUSAL in page
    assert not Player.objects.exists()


def test_a_trf_section_named_women_refuses_a_man(tournament, alice):
    lines = TRF.splitlines()
    index = next(i for i, line in enumerate(lines) if line.startswith("001"))
    lines[index] = lines[index][:9] + "m" + lines[index][10:]
    with pytest.raises(Exception) as refused:
        import_trf_section(tournament, "Femmes", "\n".join(lines) + "\n", by=alice)
    assert refused.value.code == "wrong_sex"
    assert "Test0001 Player0001: the section Femmes is for female players only." == (
        refused.value.message
    )
    assert not tournament.sections.filter(name="Femmes").exists()
    # The same file as an open section is imported.
    section = import_trf_section(tournament, "Mixed", "\n".join(lines) + "\n", by=alice)
    assert section.sex == ""


def test_the_trf_section_api_refuses_a_man_among_women_and_takes_a_kind(tournament, alice):
    lines = TRF.splitlines()
    index = next(i for i, line in enumerate(lines) if line.startswith("001"))
    lines[index] = lines[index][:9] + "m" + lines[index][10:]
    api = APIClient()
    api.force_authenticate(alice)
    url = "/api/v1/tournaments/accra/sections/import-trf/"
    body = {"name": "Ladies", "trf": "\n".join(lines) + "\n", "kind": "women"}
    refused = api.post(url, body, format="json", **if_match(api, "accra"))
    assert refused.status_code == 400
    assert refused.json()["code"] == "wrong_sex" and refused.json()["field"] == "file"
    body["kind"] = "open"
    assert api.post(url, body, format="json", **if_match(api, "accra")).status_code == 201


def test_the_api_refuses_a_man_in_a_womens_section(women, alice):
    api = APIClient()
    api.force_authenticate(alice)
    response = api.post(
        "/api/v1/tournaments/accra/women/players/",
        {"name": "Kofi", "sex": "m"},
        format="json",
        **if_match(api, "accra"),
    )
    assert response.status_code == 400
    body = response.json()
    assert (body["code"], body["field"], body["message"]) == ("wrong_sex", "sex", REFUSAL)


def test_the_demo_sections_are_of_men_and_of_women(copy_demo):

    copy_demo()
    demo = Tournament.objects.get(slug="demo")
    assert dict(demo.sections.values_list("slug", "sex")) == {"men": "m", "women": "w"}
