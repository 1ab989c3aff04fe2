"""Arbiter accounts and mail: the first account from one command, further ones from a page, and
a password reset that sends a real mail through SMTP (aiosmtpd on loopback) or is not offered."""

import os
import re
import subprocess
import sys

import pytest
from django.contrib.auth.models import Permission
from django.test import override_settings

from oware_tournaments.env import email_settings
from tests.players.helpers import smtp_server
from tests.servers import ROOT, free_port, migrated, production_env

pytestmark = pytest.mark.django_db


@pytest.fixture
def smtp():
    port = free_port()
    with smtp_server(port) as inbox:
        # The settings EMAIL_URL=smtp+plain://127.0.0.1:<port> gives (checked below).
        with override_settings(
            MAIL_CONFIGURED=True, **email_settings(f"smtp+plain://127.0.0.1:{port}")
        ):
            yield inbox


def test_email_url_names_the_whole_mail_setup():
    # Django 6.1 and later: the default mailer of MAILERS.
    assert email_settings("smtp://mailer:p%40ss@mail.example:2525", mailers=True) == {
        "MAILERS": {
            "default": {
                "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
                "OPTIONS": {
                    "host": "mail.example",
                    "port": 2525,
                    "username": "mailer",
                    "password": "p@ss",
                    "use_tls": True,
                    "use_ssl": False,
                },
            }
        }
    }
    smtps = email_settings("smtps://mail.example", mailers=True)["MAILERS"]["default"]
    assert smtps["OPTIONS"]["port"] == 465 and smtps["OPTIONS"]["use_ssl"] is True
    # Older Django: the EMAIL_* settings.
    assert email_settings("smtp://mailer:p%40ss@mail.example:2525", mailers=False) == {
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "EMAIL_HOST": "mail.example",
        "EMAIL_PORT": 2525,
        "EMAIL_HOST_USER": "mailer",
        "EMAIL_HOST_PASSWORD": "p@ss",
        "EMAIL_USE_TLS": True,
        "EMAIL_USE_SSL": False,
    }
    assert email_settings("smtps://mail.example", mailers=False)["EMAIL_PORT"] == 465
    assert email_settings("") == {}
    with pytest.raises(ValueError):
        email_settings("mail.example:25")


def test_a_password_reset_sends_a_real_mail_whose_link_sets_a_new_password(
    client, django_user_model, smtp
):
    # An id as long as those given out after the demo's rows (tests/demo.py, FIRST_ID): the
    # link's line is then longer than a mail's line may be.
    alice = django_user_model.objects.create_user(
        "alice", email="alice@example.org", password="alice-password-1", id=1_000_066
    )
    assert "Forgot your password?" in client.get("/accounts/login/").content.decode()
    sent = client.post("/accounts/password_reset/", {"email": "alice@example.org"})
    assert sent.status_code == 302
    assert [mail["To"] for mail in smtp.mails] == ["alice@example.org"]
    # The body as a mail reader shows it: the link's line is sent quoted-printable, folded by
    # soft line breaks that a search of the raw bytes would cut it at.
    [body] = smtp.texts()
    link = re.search(r"https?://[^/\s]+(/accounts/reset/\S+/)", body).group(1)
    form = client.get(link, follow=True)
    assert form.status_code == 200
    new_password = "a-new-and-long-password-7"
    done = client.post(
        form.redirect_chain[-1][0],
        {"new_password1": new_password, "new_password2": new_password},
    )
    assert done.status_code == 302
    alice.refresh_from_db()
    assert alice.check_password(new_password)


@override_settings(MAIL_CONFIGURED=False)
def test_without_mail_no_reset_is_offered_and_none_claimed(client, alice):
    assert "password_reset" not in client.get("/accounts/login/").content.decode()
    assert client.get("/accounts/password_reset/").status_code == 404
    assert client.post("/accounts/password_reset/", {"email": "a@example.org"}).status_code == 404
    assert client.get("/accounts/password_reset/done/").status_code == 404


def test_a_user_allowed_to_add_users_creates_arbiter_accounts_from_a_page(client, alice, charlie):
    client.force_login(charlie)
    assert client.get("/accounts/arbiters/new/").status_code == 403
    alice.user_permissions.add(Permission.objects.get(codename="add_user"))
    client.force_login(alice)
    assert "/accounts/arbiters/new/" in client.get("/arbiter/").content.decode()
    password = "an-arbiter-password-9"
    created = client.post(
        "/accounts/arbiters/new/",
        {
            "username": "bea",
            "email": "bea@example.org",
            "password1": password,
            "password2": password,
        },
    )
    assert created.status_code == 302
    client.logout()
    assert client.login(username="bea", password=password)
    assert client.get("/new-tournament/").status_code == 200


def test_the_first_arbiter_account_is_made_by_the_documented_command(tmp_path):
    # docs/deployment.md, "The first arbiter account".
    env = production_env(
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        DJANGO_SUPERUSER_PASSWORD="first-arbiter-password-3",
    )
    migrated(env["DATABASE_URL"])
    manage = [sys.executable, "manage.py"]
    subprocess.run(
        [*manage, "createsuperuser", "--no-input", "--username", "chief"]
        + ["--email", "chief@example.org"],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
    )
    check = (
        "import django; django.setup(); from django.contrib.auth import authenticate; "
        "user = authenticate(username='chief', password='first-arbiter-password-3'); "
        "print(user.has_perm('tournaments.add_tournament'), user.has_perm('auth.add_user'))"
    )
    shown = subprocess.run(
        [sys.executable, "-c", check],
        cwd=ROOT,
        env={**env, "DJANGO_SETTINGS_MODULE": "oware_tournaments.settings"},
        check=True,
        capture_output=True,
        text=True,
    )
    assert shown.stdout.split() == ["True", "True"]
    assert os.path.exists(tmp_path / "db.sqlite3")


def test_mail_from_email_url_starts_without_a_deprecation_warning():
    # Django 6.1 deprecates the EMAIL_* settings in favour of MAILERS, and warns at start when
    # they are set: EMAIL_URL gives MAILERS there, so nothing warns, even as an error.
    script = (
        "import django; django.setup(); from django.core import mail; "
        "connection = mail.mailers.default if hasattr(mail, 'mailers') else mail.get_connection(); "
        "print(connection.host, connection.port, connection.use_tls)"
    )
    run = subprocess.run(
        [
            sys.executable,
            "-W",
            "error::DeprecationWarning",
            "-W",
            "error::PendingDeprecationWarning",
        ]
        + ["-c", script],
        cwd=ROOT,
        env=production_env(
            DJANGO_SETTINGS_MODULE="oware_tournaments.settings",
            EMAIL_URL="smtp://u:p@mail.example:2525",
        ),
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["mail.example", "2525", "True"]
