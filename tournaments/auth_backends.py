"""Login lockout (django-axes) and a per-client budget of password checks, for every way a
password reaches Django: the login page and the admin's through `authenticate`, the old password
of a password change (the account's page and the admin's) through `password_checks_budgeted`.
The API takes tokens, never passwords.

Hashing a password costs a worker tens of milliseconds on purpose (oware_tournaments/hashers.py);
a client that sends many (every username of a list, or one after another) would keep every worker
hashing. So each client address may have its password checked PASSWORD_CHECKS_PER_MINUTE times a
minute; past that it is refused before anything is hashed, and told when to come back. And since
many addresses together could still keep every core hashing, the whole deployment runs at most
PASSWORD_CHECKS_AT_ONCE checks at a time: one more is refused at once (429, Retry-After: 1)
rather than queued. The slots are keys of the shared cache (oware_tournaments/settings.py), so
every worker and machine counts the same ones; a slot its holder never gave back (a killed worker)
runs out after SLOT_SECONDS.
"""

import random
import time
import uuid
from contextlib import contextmanager
from functools import wraps

from axes.backends import AxesStandaloneBackend
from django.conf import settings
from django.contrib.auth.backends import ModelBackend
from django.core.cache import cache
from django.core.exceptions import PermissionDenied

from tournaments.views.refusals import login_refused

WINDOW_SECONDS = 60
# Longer than any check takes (an old PBKDF2 hash on a loaded machine): a slot outlives its
# check only when its holder died.
SLOT_SECONDS = 10
# What a check refused for want of a slot is told: the checks ahead of it end within a second.
BUSY_WAIT = 1


class TooManyChecks(Exception):
    """Every slot of the deployment's password checks is taken."""


@contextmanager
def password_check_slot():
    """Hold one of the deployment's PASSWORD_CHECKS_AT_ONCE slots for the block; raise
    TooManyChecks at once when none is free."""
    slots = list(range(settings.PASSWORD_CHECKS_AT_ONCE))
    random.shuffle(slots)  # two checks starting together seldom try the same slot first
    holder = uuid.uuid4().hex
    for slot in slots:
        key = f"password-check-slot:{slot}"
        if cache.add(key, holder, SLOT_SECONDS):
            break
    else:
        raise TooManyChecks
    try:
        yield
    finally:
        if cache.get(key) == holder:
            cache.delete(key)


def password_check_wait(request) -> int:
    """Count one password check for the request's client; the seconds it must wait before the
    next one is allowed (0: this one may go ahead)."""
    now = time.time()
    window = int(now // WINDOW_SECONDS)
    key = f"password-checks:{request.META.get('REMOTE_ADDR', '')}:{window}"
    cache.add(key, 0, WINDOW_SECONDS * 2)
    try:
        checks = cache.incr(key)
    except ValueError:  # dropped by the cache between the two calls
        checks = 1
    if checks <= settings.PASSWORD_CHECKS_PER_MINUTE:
        return 0
    return max(1, int((window + 1) * WINDOW_SECONDS - now) + 1)


class LockoutBackend(AxesStandaloneBackend):
    """Refuses logins from a username and address locked out after repeated failures, and from
    a client past its budget of password checks.

    A login without an HTTP request (a management command, a test client's `login`) has no
    address to lock and nobody guessing over the network: it is left to the next backend.
    """

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        wait = password_check_wait(request)
        if wait:
            # AxesMiddleware turns the flag into the refusal (429 with Retry-After,
            # tournaments/views/refusals.py); PermissionDenied stops Django before any hashing.
            request.password_checks_wait = wait
            request.axes_locked_out = True
            raise PermissionDenied
        return super().authenticate(request, username, password, **kwargs)


class BoundedModelBackend(ModelBackend):
    """Django's check of a username and password, within one of the deployment's slots of
    password checks (an unknown username is hashed too, as Django does against timing). With
    every slot taken the login is refused as AxesMiddleware refuses a lockout, without counting
    as a failure of the username."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return super().authenticate(request, username, password, **kwargs)
        try:
            with password_check_slot():
                return super().authenticate(request, username, password, **kwargs)
        except TooManyChecks:
            request.password_checks_wait = BUSY_WAIT
            request.axes_locked_out = True
            raise PermissionDenied from None


def password_checks_budgeted(view):
    """Wrap a view whose POST hashes a password outside `authenticate` (a password change asks
    for the old one and hashes the new one, a reset hashes the new one): each POST counts as one
    check of the client's budget and runs within one of the deployment's slots; past the budget,
    or with every slot taken, the view answers the login's 429 before its form hashes
    anything."""

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        if request.method != "POST":
            return view(request, *args, **kwargs)
        wait = password_check_wait(request)
        if wait:
            request.password_checks_wait = wait
            return login_refused(request)
        try:
            with password_check_slot():
                return view(request, *args, **kwargs)
        except TooManyChecks:
            request.password_checks_wait = BUSY_WAIT
            return login_refused(request)

    return wrapped
