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


@pytest.mark.parametrize(
    "model", [m for m in MODELS if m.__name__ != "ResultChange"], ids=lambda m: m.__name__
)
def test_every_model_has_an_admin_add_form_that_loads(superuser_client, model):
    url = reverse(f"admin:tournaments_{model._meta.model_name}_add")
    assert superuser_client.get(url).status_code == 200


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
