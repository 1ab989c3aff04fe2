"""The register's fixtures: an officer (in the "Register officers" group the migrations make),
persons of the register, and API clients."""

import pytest
from rest_framework.test import APIClient

from register.models import Person

ACCRA_2019 = "tests/data/register/accra-2019.trf"
MALFORMED = "tests/data/register/malformed.trf"


@pytest.fixture
def officer(django_user_model):
    from django.contrib.auth.models import Group

    user = django_user_model.objects.create_user("olivia", password="olivia-password-1")
    user.groups.add(Group.objects.get(name="Register officers"))
    return user


@pytest.fixture
def officer_client(client, officer):
    client.force_login(officer)
    return client


@pytest.fixture
def kofi():
    """Known to the register by his TRF id."""
    return Person.objects.create(
        name="Kofi Mensah",
        sex="m",
        federation="GHA",
        birth_date=__import__("datetime").date(1990, 4, 12),
        trf_id="10000001",
    )


@pytest.fixture
def kwame():
    """Known by the federation's id, without the accent his entries may carry."""
    return Person.objects.create(
        name="Kwame Boateng", sex="m", federation="CIV", birth_year=1992, federation_id="10000003"
    )


@pytest.fixture
def adjoa():
    """Known by name only: no id, so only ever a candidate."""
    return Person.objects.create(name="Owusu Ansah Adjoa", sex="w", federation="GHA")


def api_as(user=None) -> APIClient:
    api = APIClient()
    if user is not None:
        api.force_authenticate(user)
    return api
