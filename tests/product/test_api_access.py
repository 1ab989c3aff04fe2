"""Who may call the API and how often: tokens for scripts, throttling, login lockout."""

import base64

import pytest
from django.core.cache import cache
from django.test import override_settings
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.writes import if_match
from tournaments.models import Round

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_counters():
    """Throttle counters and lockouts live in the cache and the database; start clean."""
    cache.clear()
    yield
    cache.clear()


def test_an_arbiter_creates_replaces_and_revokes_a_token_on_a_page(client, alice):
    client.force_login(alice)
    assert "You have no token" in client.get("/account/tokens/").content.decode()
    client.post("/account/tokens/", {"action": "create"})
    first = Token.objects.get(user=alice).key
    assert first in client.get("/account/tokens/").content.decode()
    client.post("/account/tokens/", {"action": "replace"})
    assert Token.objects.get(user=alice).key != first
    client.post("/account/tokens/", {"action": "revoke"})
    assert not Token.objects.filter(user=alice).exists()


def test_the_token_page_needs_a_login(client):
    response = client.get("/account/tokens/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_a_script_pairs_a_round_with_its_token(alice, section, players):
    token = Token.objects.create(user=alice)
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    version = if_match(api, "accra")
    response = api.post("/api/tournaments/accra/men/pair/", **version)
    assert response.status_code == 201
    assert Round.objects.filter(section=section, number=1).exists()
    token.delete()
    assert api.post("/api/tournaments/accra/men/pair/", **version).status_code == 401


def _with_low_rates():
    from django.conf import settings

    return override_settings(
        REST_FRAMEWORK={
            **settings.REST_FRAMEWORK,
            "DEFAULT_THROTTLE_RATES": {"anon_read": "3/minute", "write": "2/minute"},
        }
    )


def test_anonymous_reads_are_throttled_with_the_error_shape(tournament):
    api = APIClient()
    with _with_low_rates():
        statuses = [api.get("/api/tournaments/").status_code for _ in range(4)]
        last = api.get("/api/tournaments/")
    assert statuses == [200, 200, 200, 429]
    assert last.json()["code"] == "throttled" and "Retry-After" in last


def test_writes_are_throttled_per_user_and_reads_of_a_user_are_not(alice, section, players):
    api = APIClient()
    api.force_authenticate(alice)
    with _with_low_rates():
        writes = [
            api.post("/api/tournaments/accra/men/pair/", **if_match(api, "accra")).status_code
            for _ in range(3)
        ]
        reads = [api.get("/api/tournaments/").status_code for _ in range(5)]
    assert writes == [201, 409, 429]
    assert reads == [200] * 5


def _basic(username, password):
    pair = base64.b64encode(f"{username}:{password}".encode()).decode()
    return {"HTTP_AUTHORIZATION": f"Basic {pair}"}


def test_basic_auth_is_no_credential_of_the_api(alice, section, players):
    # A password on each request would cost a hash each: scripts use tokens.
    api = APIClient()
    right = api.post("/api/tournaments/accra/men/pair/", **_basic("alice", "alice-password-1"))
    assert right.status_code == 401, right.json()
    assert right["WWW-Authenticate"].startswith("Token")
    assert not Round.objects.exists()


@override_settings(AXES_FAILURE_LIMIT=3)
def test_the_login_page_is_locked_out_after_repeated_failures(client, alice):
    for _ in range(3):
        client.post("/accounts/login/", {"username": "alice", "password": "guess"})
    response = client.post(
        "/accounts/login/", {"username": "alice", "password": "alice-password-1"}
    )
    assert response.status_code == 429
    assert "_auth_user_id" not in client.session


@override_settings(AXES_FAILURE_LIMIT=3)
def test_a_right_password_before_the_limit_resets_the_count(client, alice):
    for _ in range(2):
        client.post("/accounts/login/", {"username": "alice", "password": "guess"})
    client.post("/accounts/login/", {"username": "alice", "password": "alice-password-1"})
    assert "_auth_user_id" in client.session
