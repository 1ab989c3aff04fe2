"""Fixtures shared by the database tests: small composable pieces of a tournament.

Persons: alice is the arbiter of the tournament, bob is an arbiter elsewhere, charlie a
plain registered user, and an anonymous client is a spectator.
"""

import pytest


@pytest.fixture(autouse=True)
def default_language():
    """Each test starts in the default language: a page requested in French activates French for
    the thread that served it (LocaleMiddleware never deactivates), and the next test on that
    worker would otherwise read its messages in French."""
    yield
    from django.utils import translation

    translation.deactivate()


@pytest.fixture
def alice(django_user_model):
    return django_user_model.objects.create_user("alice", password="alice-password-1")


@pytest.fixture
def alice_client(client, alice):
    """The test client, logged in as the tournament's arbiter."""
    client.force_login(alice)
    return client


@pytest.fixture
def charlie(django_user_model):
    return django_user_model.objects.create_user("charlie", password="charlie-password-1")


@pytest.fixture
def tournament(alice):
    from tournaments.models import Tournament

    event = Tournament.objects.create(name="Accra Open", slug="accra")
    event.arbiters.add(alice)
    return event


@pytest.fixture
def section(tournament):
    return tournament.sections.create(name="Men", slug="men")


@pytest.fixture
def make_player(section):
    from tournaments.models import Player

    def make(name, number, **fields):
        fields.setdefault("sex", "m")
        fields.setdefault("section", section)
        return Player.objects.create(name=name, pairing_number=number, **fields)

    return make


@pytest.fixture(autouse=True)
def empty_cache():
    """Each test starts with an empty cache and no remembered revision: database rows are rolled
    back between tests, and what was cached for one test's tournament must not answer for the
    next one's."""
    from django.core.cache import cache

    from tournaments.freshness import forget_stamps
    from tournaments.views.caching import remembered

    cache.clear()
    remembered.clear()
    forget_stamps()
    yield
