"""Creating a tournament, its sections and teams, and changing its settings."""

import pytest
from django.contrib.auth.models import Permission

from tournaments.models import Team, Tournament
from tournaments.services.errors import ServiceError
from tournaments.services.events import create_tournament, update_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser(django_user_model):
    user = django_user_model.objects.create_user("olga", password="olga-password-1")
    user.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    return django_user_model.objects.get(pk=user.pk)  # permissions are cached per instance


def form_data(**changes):
    data = {
        "name": "Kumasi Open",
        "slug": "kumasi",
        "rounds": "7",
        "minutes_per_player": "20",
        "clock_warning_minutes": "3",
        "variant": "abapa",
        "bye_points": "1",
        "tiebreaks": "PTS,DE,PS,BH,SB",
        "team_tiebreaks": "TP,LGS,PS,BH,SB",
        "avoid_teammates": "on",
        "status": "registration",
        "published": "on",
        "sections": "Men, Women",
    }
    data.update(changes)
    return data


def test_an_organiser_creates_a_tournament_and_becomes_its_arbiter(client, organiser):
    client.force_login(organiser)
    response = client.post("/new-tournament/", form_data())
    assert response.status_code == 302 and response["Location"] == "/t/kumasi/arbiter/"
    kumasi = Tournament.objects.get(slug="kumasi")
    assert list(kumasi.sections.values_list("slug", "name")) == [("men", "Men"), ("women", "Women")]
    assert kumasi.is_arbiter(organiser)


def test_an_unknown_tiebreak_is_named_in_the_form(client, organiser):
    client.force_login(organiser)
    response = client.post("/new-tournament/", form_data(tiebreaks="PTS,XYZ"))
    assert response.status_code == 200
    assert "unknown tie-break code" in response.content.decode()
    assert not Tournament.objects.exists()


def test_a_user_without_the_permission_cannot_create_tournaments(client, charlie):
    client.force_login(charlie)
    assert client.post("/new-tournament/", form_data()).status_code == 403
    with pytest.raises(ServiceError):
        create_tournament(by=charlie, sections=["Open"], name="X", slug="x")
    assert not Tournament.objects.exists()


def test_two_sections_with_one_name_are_refused(organiser):
    with pytest.raises(ServiceError) as error:
        create_tournament(by=organiser, sections=["Men", "men"], name="X", slug="x")
    assert error.value.field == "sections"
    assert not Tournament.objects.exists()


def test_the_arbiter_registers_teams_with_unique_codes(client, alice, tournament):
    client.force_login(alice)
    client.post("/t/accra/arbiter/teams/", {"name": "Ghana", "code": "GHA", "coach": "Kwame"})
    response = client.post(
        "/t/accra/arbiter/teams/", {"name": "Ghana B", "code": "GHA", "coach": "Ama"}
    )
    assert response.status_code == 200
    assert "already exists" in response.content.decode()
    assert list(Team.objects.values_list("code", flat=True)) == ["GHA"]


def test_rounds_cannot_drop_below_those_paired(tournament, section, players, alice):
    from tournaments.services.rounds import pair_next_round

    pair_next_round(section, by=alice)
    with pytest.raises(ServiceError) as error:
        update_tournament(tournament, by=alice, rounds=0)
    assert error.value.field == "rounds"
    update_tournament(tournament, by=alice, rounds=9, venue="Accra")
    tournament.refresh_from_db()
    assert (tournament.rounds, tournament.venue) == (9, "Accra")


def test_settings_are_for_the_tournament_arbiters_only(client, charlie, tournament):
    client.force_login(charlie)
    assert client.get("/t/accra/arbiter/settings/").status_code == 403
    assert client.post("/t/accra/arbiter/teams/", {"name": "X", "code": "X"}).status_code == 403
