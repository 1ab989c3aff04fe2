"""Player accounts as a player meets them: signing up with a link mailed through a real SMTP
server (once, and not after it expires), with a password through the site's own login, asking
to be an entry, the arbiter's confirmation, and then his next game at the top of the public
pages."""

import time
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from django.conf import settings
from django.core import signing
from django.test import override_settings

from oware_tournaments.env import email_settings
from players.models import Account, AccountLink
from players.signin import SIGN_IN_SALT
from tests.notifications.receivers import wait_for
from tests.players.helpers import link_in, mail_worker, make_player_account, smtp_server
from tests.servers import free_port
from tournaments.models import RoundStart
from tournaments.services.rounds import pair_next_round, publish_round

pytestmark = pytest.mark.django_db

SIGN_IN = "/account/player/sign-in/"


@pytest.fixture
def smtp():
    """A real SMTP server, and the task worker that mails the sign-in links through it."""
    port = free_port()
    with (
        smtp_server(port) as inbox,
        mail_worker(port),
        override_settings(
            MAIL_CONFIGURED=True,
            SITE_URL="http://testserver",
            **email_settings(f"smtp+plain://127.0.0.1:{port}"),
        ),
    ):
        yield inbox


@pytest.fixture
def published_round(tournament, section, make_player, alice):
    tournament.published = True
    tournament.save()
    for number, name in enumerate(["Ama Owusu", "Kofi Boateng", "Yaw Mensah", "Afi Appiah"], 1):
        make_player(name, number, rating=2000 - 50 * number)
    return publish_round(pair_next_round(section, by=alice), by=alice)


@pytest.mark.django_db(transaction=True)
def test_a_mailed_link_signs_up_once_and_is_refused_again(client, smtp, django_user_model):
    answer = client.post(
        SIGN_IN,
        {"action": "link", "email": "Ama@Example.org"},
        headers={"accept-language": "fr"},
    )
    # The worker mails it: the page says it is on its way, not that it was sent.
    assert answer.status_code == 200 and "ama@example.org" in answer.content.decode()
    assert "est en route" in answer.content.decode()
    assert not django_user_model.objects.filter(username="ama@example.org").exists()
    wait_for(lambda: smtp.mails, what="the sign-in mail")
    [mail] = smtp.mails
    assert mail["Content-Language"] == "fr"
    assert mail["To"] == "ama@example.org"
    link = link_in(smtp.texts()[0], SIGN_IN)

    # Opening the link (a mail scanner does too) signs nobody in; the button does.
    assert client.get(link).status_code == 200
    assert "_auth_user_id" not in client.session
    answer = client.post(link)
    assert answer.status_code == 302 and answer["Location"] == "/account/player/"
    account = Account.objects.get(user__username="ama@example.org")
    assert account.language == "fr" and account.email_checked
    assert account.user.email == "ama@example.org" and not account.user.has_usable_password()
    # His pages are in his account's language, the one he asked for the link in.
    assert "Mon compte" in client.get("/account/player/").content.decode()

    # Used once: refused, in a new browser as in the same one.
    client.logout()
    again = client.post(link)
    assert again.status_code == 400
    assert "sign_in_link_refused" not in again.content.decode()
    assert "used already" in again.content.decode()
    assert "_auth_user_id" not in client.session


def test_an_expired_or_forged_link_is_refused(client):
    class Earlier(signing.TimestampSigner):
        def timestamp(self):
            return signing.b62_encode(int(time.time()) - 16 * 60)

    expired = Earlier(salt=SIGN_IN_SALT).sign_object({"e": "yaw@example.org", "l": "en", "s": ""})
    answer = client.post(f"{SIGN_IN}{expired}/")
    assert answer.status_code == 400 and "expired" in answer.content.decode()
    forged = expired[:-3] + "abc"
    assert client.post(f"{SIGN_IN}{forged}/").status_code == 400
    assert not Account.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_a_down_smtp_server_holds_up_no_request_and_the_link_leaves_when_it_is_back(client):
    port = free_port()  # nothing listens there yet
    with (
        mail_worker(port),
        override_settings(MAIL_CONFIGURED=True),
    ):
        answer = client.post(SIGN_IN, {"action": "link", "email": "yaw@example.org"})
        assert answer.status_code == 200 and "on its way" in answer.content.decode()
        wait_for(_tried_again, what="a second attempt queued")
        with smtp_server(port) as inbox:
            wait_for(lambda: inbox.mails, what="the link once the server is back")
        link = link_in(inbox.texts()[0], SIGN_IN)
    assert client.post(link).status_code == 302
    assert Account.objects.get().email_checked


def _tried_again() -> bool:
    from django_tasks_db.models import DBTaskResult

    return DBTaskResult.objects.filter(task_path__endswith="send_sign_in_mail").count() >= 2


def test_without_mail_no_link_is_offered(client, settings):
    settings.MAIL_CONFIGURED = False
    page = client.get(SIGN_IN).content.decode()
    assert 'value="link"' not in page and 'value="sign_up"' in page


def test_a_password_account_signs_in_through_the_sites_login(client, django_user_model):
    answer = client.post(
        SIGN_IN,
        {
            "action": "sign_up",
            "email": "kofi@example.org",
            "password1": "seeds-and-pits-48",
            "password2": "seeds-and-pits-48",
        },
    )
    assert answer.status_code == 302 and answer["Location"] == "/account/player/"
    account = Account.objects.get(user__username="kofi@example.org")
    assert not account.email_checked  # no mail before the address is proven
    client.logout()
    wrong = client.post(
        "/accounts/login/", {"username": "kofi@example.org", "password": "not-it-at-all"}
    )
    assert wrong.status_code == 200 and "_auth_user_id" not in client.session
    answer = client.post(
        "/accounts/login/",
        {
            "username": "kofi@example.org",
            "password": "seeds-and-pits-48",
            "next": "/account/player/",
        },
    )
    assert answer.status_code == 302 and answer["Location"] == "/account/player/"
    assert "My games" in client.get("/account/player/").content.decode()
    # A second sign-up with the same address is refused.
    again = client.post(
        SIGN_IN,
        {
            "action": "sign_up",
            "email": "KOFI@example.org",
            "password1": "seeds-and-pits-49",
            "password2": "seeds-and-pits-49",
        },
    )
    assert again.status_code == 200 and "An account with this address exists" in (
        again.content.decode()
    )
    assert django_user_model.objects.filter(username__iexact="kofi@example.org").count() == 1


def test_the_arbiter_confirms_a_link_and_the_player_sees_his_next_game_first(
    client, published_round, tournament, section, alice, charlie
):
    RoundStart.objects.create(
        section=section,
        number=1,
        starts_at=datetime(2026, 3, 5, 14, 0, tzinfo=ZoneInfo(tournament.time_zone)),
    )
    kofi = section.players.get(name="Kofi Boateng")
    seat = published_round.seats.get(player=kofi)
    account = make_player_account("kofi@example.org")
    client.force_login(account.user)

    found = client.get("/account/player/", {"find": "boateng"}).content.decode()
    assert "Kofi Boateng" in found and "Accra Open" in found
    client.post("/account/player/", {"action": "ask", "player": kofi.pk})
    link = AccountLink.objects.get(account=account)
    assert link.status == "asked"
    assert "my-next-game" not in client.get("/t/accra/").content.decode()
    # Asked twice: refused, still one request.
    client.post("/account/player/", {"action": "ask", "player": kofi.pk})
    assert AccountLink.objects.filter(account=account).count() == 1

    # Another player, or the player himself, cannot confirm it; the arbiter can.
    for outsider in (charlie, account.user):
        client.force_login(outsider)
        answer = client.post("/t/accra/arbiter/accounts/", {"action": "confirm", "link": link.pk})
        assert answer.status_code == 403
    link.refresh_from_db()
    assert link.status == "asked"
    client.force_login(alice)
    assert "/t/accra/arbiter/accounts/" in client.get("/t/accra/arbiter/").content.decode()
    page = client.get("/t/accra/arbiter/accounts/").content.decode()
    assert "kofi@example.org" in page and "Kofi Boateng" in page
    client.post("/t/accra/arbiter/accounts/", {"action": "confirm", "link": link.pk})
    link.refresh_from_db()
    assert link.status == "confirmed" and link.decided_by == alice

    client.force_login(account.user)
    opponent = seat.opponent.name
    side = "South" if seat.side.name == "SOUTH" else "North"
    for page in ("/t/accra/", "/t/accra/men/standings/", "/"):
        html = client.get(page).content.decode()
        assert 'class="my-next-game"' in html, page
        assert f"Round 1, board {seat.pairing.board}, {side} against {opponent}" in html, page
        assert "5 March, 14:00" in html
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"  # the switcher's choice
    french = client.get("/t/accra/").content.decode()
    assert "Ma prochaine partie" in french
    del client.cookies[settings.LANGUAGE_COOKIE_NAME]
    games = client.get("/account/player/games/").content.decode()
    assert f"against {opponent}" in games
    # Someone else's session shows nothing of his.
    client.force_login(charlie)
    assert "my-next-game" not in client.get("/t/accra/").content.decode()
    client.logout()
    assert "my-next-game" not in client.get("/t/accra/").content.decode()


def test_an_officer_confirms_a_link_to_a_person_of_the_register(client, published_round, alice):
    from django.contrib.auth.models import Group

    from register.access import OFFICERS_GROUP
    from register.models import Person, PlayerLink

    kofi = published_round.section.players.get(name="Kofi Boateng")
    person = Person.objects.create(name="Kofi Boateng", sex="m")
    PlayerLink.objects.create(player=kofi, person=person, how="chosen")
    account = make_player_account("kofi@example.org")
    client.force_login(account.user)
    client.post("/account/player/", {"action": "ask", "person": person.pk})
    link = AccountLink.objects.get(account=account, person=person)
    # The tournament's arbiter sees it (the person played there).
    client.force_login(alice)
    assert "kofi@example.org" in client.get("/t/accra/arbiter/accounts/").content.decode()
    officer = make_player_account("officer@example.org").user
    officer.groups.add(Group.objects.get(name=OFFICERS_GROUP))
    client.force_login(officer)
    assert "kofi@example.org" in client.get("/register/accounts/").content.decode()
    client.post("/register/accounts/", {"action": "confirm", "link": link.pk})
    link.refresh_from_db()
    assert link.status == "confirmed"
    client.force_login(account.user)
    assert 'class="my-next-game"' in client.get("/t/accra/").content.decode()


def test_an_outsider_sees_neither_an_account_nor_the_decisions(client, published_round, charlie):
    kofi = published_round.section.players.get(name="Kofi Boateng")
    account = make_player_account("kofi@example.org", player=kofi)
    anonymous = client.get("/account/player/")
    assert anonymous.status_code == 302 and anonymous["Location"].startswith("/accounts/login/")
    assert client.get("/t/accra/arbiter/accounts/").status_code == 302
    client.force_login(charlie)
    own = client.get("/account/player/").content.decode()
    assert "kofi@example.org" not in own and "Kofi Boateng" not in own
    assert client.get("/account/player/games/").status_code == 302  # no account: his page
    assert client.get("/register/accounts/").status_code == 403
    assert client.get("/t/accra/arbiter/accounts/").status_code == 403
    assert account.links.get().status == "confirmed"


@pytest.mark.django_db(transaction=True)
def test_a_password_is_set_after_a_link_and_changed_only_with_the_old_one(client, smtp):
    client.post(SIGN_IN, {"action": "link", "email": "afi@example.org"})
    wait_for(lambda: smtp.mails, what="the sign-in mail")
    client.post(link_in(smtp.texts()[0], SIGN_IN))
    new = {
        "action": "password",
        "new_password1": "pits-and-seeds-48",
        "new_password2": "pits-and-seeds-48",
    }
    assert client.post("/account/player/", new).status_code == 302
    client.logout()
    assert client.login(username="afi@example.org", password="pits-and-seeds-48")
    # Now that he has one, a new one needs the old one: a stolen session cannot change it.
    other = {**new, "new_password1": "seeds-of-oware-7", "new_password2": "seeds-of-oware-7"}
    assert client.post("/account/player/", other).status_code == 200
    client.logout()
    assert client.login(username="afi@example.org", password="pits-and-seeds-48")
    answer = client.post("/account/player/", {**other, "old_password": "pits-and-seeds-48"})
    assert answer.status_code == 302
    client.logout()
    assert client.login(username="afi@example.org", password="seeds-of-oware-7")


def test_pages_follow_the_accounts_language_unless_the_reader_chose_one(client, alice):
    make_player_account("ama@example.org", "fr")
    assert client.login(username="ama@example.org", password="p-4-ss-word!")
    # His browser asks for English; his account says French, which the pages follow.
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="en")
    assert page["Content-Language"] == "fr" and '<html lang="fr">' in page.content.decode()
    # He changes his account's language on his page: the next pages follow it.
    chosen = {"action": "settings", "language": "pt", "wants_mail": "on"}
    assert client.post("/account/player/", chosen, HTTP_ACCEPT_LANGUAGE="en").status_code == 302
    assert client.get("/", HTTP_ACCEPT_LANGUAGE="en")["Content-Language"] == "pt"
    # The switcher's choice comes first.
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert client.get("/", HTTP_ACCEPT_LANGUAGE="fr")["Content-Language"] == "en"
    # Someone signed in without a player's account gets his browser's language, as before.
    client.logout()  # and its cookies, the switcher's with them
    client.force_login(alice)
    assert client.get("/", HTTP_ACCEPT_LANGUAGE="fr")["Content-Language"] == "fr"
    assert client.get("/", HTTP_ACCEPT_LANGUAGE="en")["Content-Language"] == "en"
