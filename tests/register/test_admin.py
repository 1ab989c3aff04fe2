"""The register in the admin: every list loads, a person is added there with his name among his
variants, and the register's audit is read only."""

import pytest
from django.urls import reverse

from register.models import NameVariant, Person, RegisterChange

pytestmark = pytest.mark.django_db


@pytest.fixture
def superuser_client(client, django_user_model):
    client.force_login(django_user_model.objects.create_superuser("root", "r@example.org", "pw"))
    return client


@pytest.mark.parametrize("model", ["person", "playerlink", "registerchange"])
def test_every_list_loads(superuser_client, model, kofi):
    assert superuser_client.get(reverse(f"admin:register_{model}_changelist")).status_code == 200


def test_a_person_is_added_and_edited_in_the_admin(superuser_client, kofi):
    assert superuser_client.get(reverse("admin:register_person_add")).status_code == 200
    change = reverse("admin:register_person_change", args=[kofi.pk])
    assert superuser_client.get(change).status_code == 200
    answer = superuser_client.post(
        reverse("admin:register_person_add"),
        {
            "name": "Esi  Asante",
            "sex": "w",
            "federation": "GHA",
            "variants-TOTAL_FORMS": "0",
            "variants-INITIAL_FORMS": "0",
            "links-TOTAL_FORMS": "0",
            "links-INITIAL_FORMS": "0",
        },
    )
    assert answer.status_code == 302, answer.content.decode()[:2000]
    esi = Person.objects.get(name="Esi Asante")
    assert list(NameVariant.objects.filter(person=esi).values_list("key", flat=True)) == [
        "asante esi"
    ]


def test_the_audit_is_read_only(superuser_client, kofi):
    change = RegisterChange.objects.create(kind="merge", subject="x", person=kofi)
    assert superuser_client.get(reverse("admin:register_registerchange_add")).status_code == 403
    delete = reverse("admin:register_registerchange_delete", args=[change.pk])
    assert superuser_client.post(delete, {"post": "yes"}).status_code == 403
