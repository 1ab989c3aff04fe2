"""What the player-account tests run beside the product: a real SMTP server on loopback
(aiosmtpd) that keeps every mail, and a player with an account."""

import email
import email.policy
import re
from contextlib import contextmanager

from aiosmtpd.controller import Controller
from django.conf import settings as django_settings
from django.contrib.auth import get_user_model

from players.models import Account, AccountLink
from tests.notifications.receivers import task_worker


class Inbox:
    """Keeps each mail the server accepts, as an `email.message.EmailMessage`."""

    def __init__(self):
        self.mails = []

    async def handle_DATA(self, server, session, envelope):
        self.mails.append(email.message_from_bytes(envelope.content, policy=email.policy.default))
        return "250 Message accepted for delivery"

    def texts(self) -> list[str]:
        return [mail.get_body(("plain",)).get_content() for mail in self.mails]


@contextmanager
def smtp_server(port: int):
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield inbox
    finally:
        controller.stop()


def link_in(text: str, route: str) -> str:
    """The path of the first link in `text` under `route` (e.g. /account/unsubscribe/)."""
    found = re.search(re.escape(route) + r"[^\s/]+/", text)
    assert found, text
    return found.group(0)


def make_player_account(address: str, language: str = "en", *, player=None, checked=True):
    """A player's account for `address`, its link to `player` confirmed when one is given."""
    user = get_user_model().objects.create_user(address, email=address, password="p-4-ss-word!")
    account = Account.objects.create(user=user, language=language, email_checked=checked)
    if player is not None:
        AccountLink.objects.create(
            account=account, player=player, status=AccountLink.Status.CONFIRMED
        )
    return account


def mail_worker(port: int, **settings):
    """The task worker, mailing through 127.0.0.1:`port`, signing links as this test process
    checks them, with short pauses (and `settings`)."""
    defaults = {
        "EMAIL_URL": f"smtp+plain://127.0.0.1:{port}",
        "SECRET_KEY": django_settings.SECRET_KEY,
        "SITE_URL": "http://testserver",
        "MAIL_BATCH_SECONDS": "1",
        "MAIL_RETRY_SECONDS": "1,1,2",
        "MAIL_MAX_ATTEMPTS": "50",
    }
    return task_worker(**{**defaults, **settings})
