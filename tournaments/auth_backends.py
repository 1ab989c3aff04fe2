"""Login lockout (django-axes) for every way a password reaches Django: the login page, the
admin and HTTP basic authentication on the API."""

from axes.backends import AxesStandaloneBackend


class LockoutBackend(AxesStandaloneBackend):
    """Refuses logins from a username and address locked out after repeated failures.

    A login without an HTTP request (a management command, a test client's `login`) has no
    address to lock and nobody guessing over the network: it is left to the next backend.
    """

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username, password, **kwargs)
