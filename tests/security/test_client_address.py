"""One notion of the client's address (oware_tournaments/client_address.py), and what reads it:
the API throttle, the login lockout and the budget of password checks."""

import base64
import time
from types import SimpleNamespace

import pytest
from axes.helpers import get_client_ip_address
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.base_user import AbstractBaseUser
from django.http import HttpResponse
from django.test import RequestFactory, override_settings

from oware_tournaments.client_address import (
    ClientAddressMiddleware,
    client_address,
    trusted_proxies,
)
from tournaments import auth_backends
from tournaments.api.throttling import AnonymousReadThrottle

PROXY = trusted_proxies("127.0.0.1, 172.16.0.0/12")


def meta(peer, forwarded=None):
    found = {"REMOTE_ADDR": peer}
    if forwarded is not None:
        found["HTTP_X_FORWARDED_FOR"] = forwarded
    return found


def test_a_client_talking_directly_keeps_its_address_whatever_it_sends():
    assert client_address(meta("203.0.113.9", "10.1.1.1"), PROXY) == "203.0.113.9"
    assert client_address(meta("203.0.113.9", "10.1.1.1"), ()) == "203.0.113.9"


def test_behind_a_trusted_proxy_the_entry_it_appended_is_the_client():
    # The client forged the first entry; nginx appended the address it saw.
    assert client_address(meta("127.0.0.1", "10.1.1.1, 198.51.100.7"), PROXY) == "198.51.100.7"
    # Two trusted hops (an outer proxy in the docker network, then nginx).
    chain = "10.1.1.1, 198.51.100.7, 172.18.0.5"
    assert client_address(meta("127.0.0.1", chain), PROXY) == "198.51.100.7"


def test_a_count_of_proxies_takes_that_many_entries_from_the_right():
    assert client_address(meta("172.18.0.2", "10.1.1.1, 198.51.100.7"), 1) == "198.51.100.7"
    assert client_address(meta("172.18.0.2", "10.1.1.1, 198.51.100.7"), 2) == "10.1.1.1"
    assert client_address(meta("172.18.0.2"), 1) == "172.18.0.2"


def test_garbage_from_a_trusted_proxy_stops_at_the_proxy():
    assert client_address(meta("127.0.0.1", "not-an-address"), PROXY) == "127.0.0.1"
    assert client_address(meta("127.0.0.1", "[2001:db8::1]"), PROXY) == "2001:db8::1"


@override_settings(TRUSTED_PROXIES=PROXY)
def test_the_middleware_gives_every_reader_the_same_address():
    seen = {}

    def remember(request):
        seen["drf"] = AnonymousReadThrottle().get_ident(request)
        seen["axes"] = get_client_ip_address(request)
        return HttpResponse()

    request = RequestFactory().get(
        "/", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="10.9.9.9, 198.51.100.7"
    )
    ClientAddressMiddleware(remember)(request)
    assert seen == {"drf": "198.51.100.7", "axes": "198.51.100.7"}
    assert request.META["PROXY_ADDR"] == "127.0.0.1"


@pytest.mark.django_db
@override_settings(PASSWORD_CHECKS_PER_MINUTE=3)
def test_password_checks_past_the_budget_are_refused_before_hashing(client, monkeypatch):
    hashed = []
    real = ModelBackend.authenticate

    def counting(self, request, username=None, password=None, **kwargs):
        hashed.append(username)
        return real(self, request, username, password, **kwargs)

    monkeypatch.setattr(ModelBackend, "authenticate", counting)
    # Every check in the middle of one minute's window: on a slow machine the next window could
    # otherwise begin between two of them, with a budget of its own.
    middle = (time.time() // 60 + 0.5) * 60
    monkeypatch.setattr(auth_backends, "time", SimpleNamespace(time=lambda: middle))
    for n in range(3):
        page = client.post(
            "/accounts/login/", {"username": f"user{n}", "password": "x"}, REMOTE_ADDR="10.0.0.5"
        )
        assert page.status_code == 200
    refused = client.post(
        "/accounts/login/", {"username": "user9", "password": "x"}, REMOTE_ADDR="10.0.0.5"
    )
    assert refused.status_code == 429
    assert 0 < int(refused["Retry-After"]) <= 61
    assert hashed == ["user0", "user1", "user2"]
    # Another client still has its own budget.
    other = client.post(
        "/accounts/login/", {"username": "user9", "password": "x"}, REMOTE_ADDR="10.0.0.6"
    )
    assert other.status_code == 200


@pytest.mark.django_db
@override_settings(LANGUAGE_CODE="en")
def test_a_locked_out_login_says_when_to_come_back(client, django_user_model):
    django_user_model.objects.create_user("arbiter", password="right-password-1")
    for _ in range(5):
        client.post("/accounts/login/", {"username": "arbiter", "password": "wrong"})
    locked = client.post("/accounts/login/", {"username": "arbiter", "password": "wrong"})
    assert locked.status_code == 429
    assert int(locked["Retry-After"]) == 3600
    other = client.post(
        "/accounts/login/",
        {"username": "arbiter", "password": "right-password-1"},
        REMOTE_ADDR="10.0.0.8",
    )
    assert other.status_code == 302


@pytest.mark.django_db
def test_the_api_takes_no_password(client, django_user_model):
    django_user_model.objects.create_user("arbiter", password="right-password-1")
    basic = base64.b64encode(b"arbiter:right-password-1").decode()
    answer = client.get("/api/tournaments/", HTTP_AUTHORIZATION=f"Basic {basic}")
    # Read as anyone: the header is not a credential the API knows.
    assert answer.status_code == 200
    refused = client.post("/api/tournaments/import/", {}, HTTP_AUTHORIZATION=f"Basic {basic}")
    assert refused.status_code == 401
    assert refused["WWW-Authenticate"].startswith("Token")


@pytest.mark.django_db
@override_settings(PASSWORD_CHECKS_PER_MINUTE=3)
@pytest.mark.parametrize("url", ["/accounts/password_change/", "/admin/password_change/"])
def test_old_passwords_past_the_budget_are_refused_before_hashing(
    client, django_user_model, monkeypatch, url
):
    user = django_user_model.objects.create_user(
        "chief", password="right-password-1", is_staff=True
    )
    client.force_login(user)
    checked = []
    real = AbstractBaseUser.check_password

    def counting(self, raw_password):
        checked.append(raw_password)
        return real(self, raw_password)

    monkeypatch.setattr(AbstractBaseUser, "check_password", counting)
    wrong = {"new_password1": "a-new-long-password-5", "new_password2": "a-new-long-password-5"}
    for n in range(3):
        page = client.post(url, {**wrong, "old_password": f"guess{n}"}, REMOTE_ADDR="10.0.0.7")
        assert page.status_code == 200  # the form again, with its error
    refused = client.post(url, {**wrong, "old_password": "guess9"}, REMOTE_ADDR="10.0.0.7")
    assert refused.status_code == 429
    assert 0 < int(refused["Retry-After"]) <= 61
    assert checked == ["guess0", "guess1", "guess2"]
    # The budget is the login's: that client's login is refused too, before hashing.
    client.logout()
    login = client.post(
        "/accounts/login/", {"username": "chief", "password": "x"}, REMOTE_ADDR="10.0.0.7"
    )
    assert login.status_code == 429
    assert checked == ["guess0", "guess1", "guess2"]
    # Another client still has its own budget.
    client.force_login(user)
    other = client.post(url, {**wrong, "old_password": "guess9"}, REMOTE_ADDR="10.0.0.8")
    assert other.status_code == 200
    assert checked[-1] == "guess9"
