"""Password work is bounded: new hashes are Argon2id at the product's parameters, an older PBKDF2
hash is rewritten at its owner's next login, and the whole deployment checks at most
PASSWORD_CHECKS_AT_ONCE passwords at a time, past which a login, a password change and a reset
are refused (429, Retry-After) before anything is hashed, without counting as a failed login."""

import pytest
from axes.models import AccessAttempt
from django.contrib.auth.hashers import make_password
from django.contrib.auth.tokens import default_token_generator
from django.test import override_settings
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from oware_tournaments import settings as production
from tournaments.auth_backends import password_check_slot

pytestmark = pytest.mark.django_db

# The deployment's hashers, not the test settings' fast one.
production_hashers = override_settings(PASSWORD_HASHERS=production.PASSWORD_HASHERS)


@production_hashers
def test_new_passwords_are_argon2id_at_the_products_parameters(django_user_model):
    user = django_user_model.objects.create_user("new", password="a-new-password-1")
    assert user.password.startswith("argon2$argon2id$v=19$m=19456,t=2,p=1$")


@production_hashers
def test_an_old_pbkdf2_hash_is_rewritten_as_argon2id_at_login(client, django_user_model):
    user = django_user_model.objects.create_user("old")
    user.password = make_password("an-old-password-1", hasher="pbkdf2_sha256")
    user.save()
    assert user.password.startswith("pbkdf2_sha256$")
    answer = client.post("/accounts/login/", {"username": "old", "password": "an-old-password-1"})
    assert answer.status_code == 302
    user.refresh_from_db()
    assert user.password.startswith("argon2$argon2id$")
    assert user.check_password("an-old-password-1")


def test_a_login_with_every_slot_taken_is_refused_before_hashing(client, alice, monkeypatch):
    with override_settings(PASSWORD_CHECKS_AT_ONCE=1), password_check_slot():
        hashed = []
        monkeypatch.setattr(type(alice), "check_password", lambda *a: hashed.append(a))
        refused = client.post(
            "/accounts/login/", {"username": "alice", "password": "alice-password-1"}
        )
    assert refused.status_code == 429 and refused["Retry-After"] == "1"
    assert hashed == []
    # A refusal for want of a slot is no failed attempt of the username.
    assert not AccessAttempt.objects.exists()
    monkeypatch.undo()
    # Once the slot is free the same login goes through.
    answer = client.post("/accounts/login/", {"username": "alice", "password": "alice-password-1"})
    assert answer.status_code == 302


def test_a_password_change_with_every_slot_taken_is_refused(client, alice):
    client.force_login(alice)
    form = {
        "old_password": "alice-password-1",
        "new_password1": "a-brand-new-password-9",
        "new_password2": "a-brand-new-password-9",
    }
    with override_settings(PASSWORD_CHECKS_AT_ONCE=1), password_check_slot():
        refused = client.post("/accounts/password_change/", form)
    assert refused.status_code == 429 and refused["Retry-After"] == "1"
    alice.refresh_from_db()
    assert alice.check_password("alice-password-1")
    assert client.post("/accounts/password_change/", form).status_code == 302


def test_a_password_reset_with_every_slot_taken_is_refused(client, alice):
    uid = urlsafe_base64_encode(force_bytes(alice.pk))
    token = default_token_generator.make_token(alice)
    form_page = client.get(f"/accounts/reset/{uid}/{token}/")
    assert form_page.status_code == 302  # to the set-password address, the token in the session
    form = {"new_password1": "a-brand-new-password-9", "new_password2": "a-brand-new-password-9"}
    with override_settings(PASSWORD_CHECKS_AT_ONCE=1), password_check_slot():
        refused = client.post(form_page["Location"], form)
    assert refused.status_code == 429 and refused["Retry-After"] == "1"
    alice.refresh_from_db()
    assert alice.check_password("alice-password-1")
    assert client.post(form_page["Location"], form).status_code == 302
