"""Signing in without a password: a link mailed to the address, signed, valid
`SIGN_IN_LINK_MINUTES`, good once; and the signed one-click unsubscribe link of every mail.

A sign-in link carries the address, the language to give a new account and the moment the
address's account last signed in (nothing for an account not made yet). Signing in changes that
moment, so a link that has been used once no longer matches and is refused: no table of tokens.
"""

from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model, login
from django.core import signing
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from players.models import Account
from tournaments.services.errors import ErrorCode, ServiceError

SIGN_IN_SALT = "players.sign-in"
UNSUBSCRIBE_SALT = "players.unsubscribe"
# The backend a link's sign-in is recorded under (no password was checked).
BACKEND = "tournaments.auth_backends.BoundedModelBackend"
# The session's mark of a signed-in player: the pages look for his next game only then, so an
# arbiter's pages cost no query more.
PLAYS = "plays"
# The session's copy of the signed-in player's language (his account's), which the pages follow
# when the reader has not chosen one (players/language.py): read without a query.
LANGUAGE = "players.language"


def _user_of(email: str):
    return get_user_model().objects.filter(username__iexact=email).first()


def _stamp(user) -> str:
    return "" if user is None or user.last_login is None else user.last_login.isoformat()


class _SignerAt(signing.TimestampSigner):
    """A signer whose stamp is the moment the link was asked for, not the moment it is
    mailed: the link is valid from the request on."""

    def __init__(self, made_at: int, **kwargs):
        super().__init__(**kwargs)
        self.made_at = made_at

    def timestamp(self):
        return signing.b62_encode(self.made_at)


def sign_in_token(email: str, language: str, made_at: int | None = None) -> str:
    """The token of a sign-in link for `email` (lower-cased), made at `made_at` (seconds since
    the epoch; now when not given)."""
    email = email.strip().lower()
    payload = {"e": email, "l": language, "s": _stamp(_user_of(email))}
    if made_at is None:
        return signing.TimestampSigner(salt=SIGN_IN_SALT).sign_object(payload)
    return _SignerAt(made_at, salt=SIGN_IN_SALT).sign_object(payload)


def sign_in_path(token: str) -> str:
    return reverse("players:sign_in_link", kwargs={"token": token})


def check_sign_in(token: str) -> dict:
    """The link's payload if it is valid, unexpired and unused; else `ServiceError`."""
    signer = signing.TimestampSigner(salt=SIGN_IN_SALT)
    try:
        payload = signer.unsign_object(
            token, max_age=timedelta(minutes=settings.SIGN_IN_LINK_MINUTES)
        )
    except signing.SignatureExpired:
        raise ServiceError(ErrorCode.SIGN_IN_LINK_REFUSED, case="expired") from None
    except (signing.BadSignature, ValueError, TypeError):
        raise ServiceError(ErrorCode.SIGN_IN_LINK_REFUSED) from None
    if not isinstance(payload, dict) or not {"e", "l", "s"} <= payload.keys():
        raise ServiceError(ErrorCode.SIGN_IN_LINK_REFUSED)
    if payload["s"] != _stamp(_user_of(payload["e"])):
        raise ServiceError(ErrorCode.SIGN_IN_LINK_REFUSED, case="used")
    return payload


def sign_in_with_link(request, token: str) -> Account:
    """Sign in the owner of the link (making his account on the first link): the address is
    his, checked. A second use of the link is refused."""
    with transaction.atomic():
        payload = check_sign_in(token)
        email = payload["e"]
        user = _user_of(email)
        User = get_user_model()
        if user is None:
            user = User.objects.create_user(username=email, email=email)
            user.set_unusable_password()
            user.save()
        elif not user.email:
            user.email = email
            user.save(update_fields=["email"])
        language = payload["l"] if payload["l"] in dict(settings.LANGUAGES) else "en"
        account, _created = Account.objects.get_or_create(
            user=user, defaults={"language": language}
        )
        account.email_checked = True
        account.save(update_fields=["email_checked"])
        # A lost race between two tabs opening the same link: only one changes the moment.
        changed = User.objects.filter(pk=user.pk, last_login=user.last_login).update(
            last_login=timezone.now()
        )
        if not changed:
            raise ServiceError(ErrorCode.SIGN_IN_LINK_REFUSED, case="used")
    user.refresh_from_db()
    login(request, user, backend=BACKEND)
    mark_player(request.session, account)
    return account


def remember_player(sender, request, user, **kwargs):
    """At each login, mark the session of a player who has an account (`PLAYS`), with his
    account's language."""
    if request is not None and hasattr(request, "session"):
        account = Account.objects.filter(user=user).only("language").first()
        if account is not None:
            mark_player(request.session, account)


def mark_player(session, account: Account) -> None:
    """Mark `session` as a signed-in player's, and keep his account's language in it."""
    session[PLAYS] = True
    session[LANGUAGE] = account.language


def unsubscribe_token(account: Account) -> str:
    return signing.Signer(salt=UNSUBSCRIBE_SALT).sign(str(account.pk))


def account_of_unsubscribe(token: str) -> Account:
    try:
        pk = signing.Signer(salt=UNSUBSCRIBE_SALT).unsign(token)
    except signing.BadSignature:
        raise ServiceError(ErrorCode.UNSUBSCRIBE_LINK_REFUSED) from None
    account = Account.objects.filter(pk=int(pk)).first() if pk.isdigit() else None
    if account is None:
        raise ServiceError(ErrorCode.UNSUBSCRIBE_LINK_REFUSED)
    return account
