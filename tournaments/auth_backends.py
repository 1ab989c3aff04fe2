"""Login lockout (django-axes) and a per-client budget of password checks, for every way a
password reaches Django: the login page and the admin's through `authenticate`, the old password
of a password change (the account's page and the admin's) through `password_checks_budgeted`.
The API takes tokens, never passwords.

Hashing a password costs a worker a large fraction of a second on purpose; a client that sends
many (every username of a list, or one after another) would keep every worker hashing. So each
client address may have its password checked PASSWORD_CHECKS_PER_MINUTE times a minute; past
that it is refused before anything is hashed, and told when to come back.
"""

import time
from functools import wraps

from axes.backends import AxesStandaloneBackend
from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import PermissionDenied

from tournaments.views.refusals import login_refused

WINDOW_SECONDS = 60


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


def password_checks_budgeted(view):
    """Wrap a view whose POST checks a password outside `authenticate` (a password change asks
    for the old one): each POST counts as one check of the client's budget, and past it the view
    answers the login's 429 before its form hashes anything."""

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        if request.method == "POST":
            wait = password_check_wait(request)
            if wait:
                request.password_checks_wait = wait
                return login_refused(request)
        return view(request, *args, **kwargs)

    return wrapped
