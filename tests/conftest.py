"""Fixtures shared by the database tests: small composable pieces of a tournament.

Persons: alice is the arbiter of the tournament, bob is an arbiter elsewhere, charlie a
plain registered user, and an anonymous client is a spectator.
"""

import pytest

# A test that asks for one of these (or is marked django_db) uses the test database.
DATABASE_FIXTURES = {
    "db",
    "transactional_db",
    "django_db_reset_sequences",
    "django_db_serialized_rollback",
    "live_server",
}


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "database: uses the database DATABASE_URL names; the PostgreSQL pass runs these "
        "but a few (`postgresql` below). Set on every test of the test database by the rule below; a "
        "test that reaches PostgreSQL another way is marked by hand.",
    )
    config.addinivalue_line(
        "markers",
        "postgresql: a database test the PostgreSQL pass runs (`pytest -m postgresql`): every "
        "`database` test but those whose queries other tests already send there (below).",
    )


# Database tests the PostgreSQL pass leaves out, as their database work is the same ORM calls
# that other tests already run on PostgreSQL: the browser tests drive the pages and scripts whose
# views the page and API tests call there, and the permissions matrix sends each route the same
# refused or empty writes that the product and hostile-input tests send with real values. Each
# still runs on SQLite, in every `make test`.
NOT_IN_THE_POSTGRESQL_PASS = ("tests/browser/", "tests/security/test_permissions_matrix.py")


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """Mark each test of the test database `database`, before `-m` chooses among them."""
    for item in items:
        uses = DATABASE_FIXTURES.intersection(getattr(item, "fixturenames", ()))
        if uses or item.get_closest_marker("django_db"):
            item.add_marker(pytest.mark.database)
        if item.get_closest_marker("database") and not item.nodeid.startswith(
            NOT_IN_THE_POSTGRESQL_PASS
        ):
            item.add_marker(pytest.mark.postgresql)


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


@pytest.fixture(scope="session")
def demo_rows(django_db_setup, django_db_blocker):
    """The demo tournament's rows, built by `loaddemo` once per test process (tests/demo.py)."""
    from tests.demo import DemoRows

    with django_db_blocker.unblock():
        return DemoRows()


@pytest.fixture
def copy_demo(demo_rows):
    """A function that writes the demo tournament into the test's database as `loaddemo` builds
    it (the arbiter's password is demo-password-1) and returns it; seconds faster than building
    it again. Tests of the command itself still run `loaddemo`."""
    return demo_rows.copy
