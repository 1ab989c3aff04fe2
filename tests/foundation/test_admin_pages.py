import pytest
from django.apps import apps
from django.urls import reverse

pytestmark = pytest.mark.django_db

MODELS = [model for model in apps.get_app_config("tournaments").get_models()]


@pytest.fixture
def superuser_client(client, django_user_model):
    django_user_model.objects.create_superuser("root", "root@example.org", "root-password-1")
    client.login(username="root", password="root-password-1")
    return client


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.__name__)
def test_every_model_has_an_admin_list_that_loads(superuser_client, model, section, make_player):
    make_player("Ama", 1)
    url = reverse(f"admin:tournaments_{model._meta.model_name}_changelist")
    assert superuser_client.get(url).status_code == 200


EDITABLE = ["Tournament", "Section", "Team", "Player", "RequestedBye"]
WRITTEN_BY_SERVICES = ["Round", "Pairing", "Seat", "Result", "ResultChange"]


@pytest.mark.parametrize("name", EDITABLE)
def test_every_editable_model_has_an_admin_add_form_that_loads(superuser_client, name):
    url = reverse(f"admin:tournaments_{name.lower()}_add")
    assert superuser_client.get(url).status_code == 200


@pytest.mark.parametrize("name", WRITTEN_BY_SERVICES)
def test_rounds_pairings_and_results_are_not_added_by_hand(superuser_client, name):
    url = reverse(f"admin:tournaments_{name.lower()}_add")
    assert superuser_client.get(url).status_code == 403


def test_a_result_cannot_be_changed_or_deleted_in_the_admin(superuser_client, make_player, section):
    from decimal import Decimal

    from tournaments.models import Pairing, Result, Round

    round_ = Round.objects.create(section=section, number=1, status="published")
    game = Pairing.objects.create(
        round=round_, board=1, south=make_player("A", 1), north=make_player("B", 2)
    )
    result = Result.objects.create(
        pairing=game,
        ending="draw24",
        south_seeds=24,
        north_seeds=24,
        south_points=Decimal("0.5"),
        north_points=Decimal("0.5"),
    )
    change = reverse("admin:tournaments_result_change", args=[result.pk])
    response = superuser_client.post(change, {"south_points": "1", "north_points": "0"})
    assert response.status_code in (200, 403)
    result.refresh_from_db()
    assert result.south_points == Decimal("0.5")
    delete = reverse("admin:tournaments_result_delete", args=[result.pk])
    assert superuser_client.post(delete, {"post": "yes"}).status_code == 403
    assert (
        superuser_client.post(
            reverse("admin:tournaments_round_delete", args=[round_.pk]), {"post": "yes"}
        ).status_code
        == 403
    )
    assert Result.objects.filter(pk=result.pk).exists()


def test_a_player_change_page_loads(superuser_client, make_player):
    player = make_player("Ama", 1)
    url = reverse("admin:tournaments_player_change", args=[player.pk])
    response = superuser_client.get(url)
    assert response.status_code == 200
    assert b"Ama" in response.content


def test_a_spectator_is_sent_to_the_admin_login(client):
    response = client.get(reverse("admin:tournaments_tournament_changelist"))
    assert response.status_code == 302
    assert "/admin/login/" in response["Location"]


def test_the_audit_trail_cannot_be_changed_or_deleted_in_the_admin(
    superuser_client, make_player, section
):
    from tournaments.models import Pairing, ResultChange, Round

    round_ = Round.objects.create(section=section, number=1, status="published")
    game = Pairing.objects.create(
        round=round_, board=1, south=make_player("A", 1), north=make_player("B", 2)
    )
    entry = ResultChange.objects.create(
        pairing=game, before=None, after={"ending": "draw24"}, reason="typed from the slip"
    )
    change = reverse("admin:tournaments_resultchange_change", args=[entry.pk])
    assert superuser_client.get(change).status_code == 200, "the trail is shown"
    superuser_client.post(change, {"reason": "rewritten", "after": "{}"})
    delete = reverse("admin:tournaments_resultchange_delete", args=[entry.pk])
    assert superuser_client.post(delete, {"post": "yes"}).status_code == 403
    entry.refresh_from_db()
    assert (entry.reason, entry.after) == ("typed from the slip", {"ending": "draw24"})
