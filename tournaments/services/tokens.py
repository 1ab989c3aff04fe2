"""API tokens for scripts: a script sends `Authorization: Token <key>` instead of a password.

Each user has at most one token; issuing a new one replaces the old, revoking deletes it. A
token gives the rights of its user, no more.
"""

from django.db import transaction
from rest_framework.authtoken.models import Token


def current_token(user) -> Token | None:
    return Token.objects.filter(user=user).first()


@transaction.atomic
def issue_token(user) -> Token:
    """A new token for `user`; the previous one, if any, stops working."""
    Token.objects.filter(user=user).delete()
    return Token.objects.create(user=user)


def revoke_token(user) -> None:
    """`user`'s token stops working."""
    Token.objects.filter(user=user).delete()
