"""Fixtures shared by the database tests: small composable pieces of a tournament.

Persons: alice is the arbiter of the tournament, bob is an arbiter elsewhere, charlie a
plain registered user, and an anonymous client is a spectator.
"""

import shutil
from pathlib import Path

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
    config.pluginmanager.register(LongestFirst())
    if not hasattr(config, "workerinput"):
        # Before xdist starts its test processes, which inherit the folder (tests/servers.py).
        from tests.servers import demo_folder

        demo_folder()
    config.addinivalue_line(
        "markers",
        "database: uses the database DATABASE_URL names; the PostgreSQL pass runs these but a "
        "few (`postgresql` below). Set on every test of the test database by the rule below; "
        "a test that reaches PostgreSQL another way is marked by hand.",
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


# The modules whose tests take longest (servers started, a wheel installed, every page in a
# browser), slowest first: they run first, so that no worker is left with one of them at the end
# of a run while the other has nothing to do. `pytest --durations=40` shows the current ones.
LONGEST_FIRST = (
    "tests/online/test_whole_event.py",
    "tests/publishing/test_mirror_servers.py",
    "tests/foundation/test_documented_commands.py",
    "tests/foundation/test_login_flood.py",
    "tests/foundation/test_installed.py",
    "tests/foundation/test_serving.py",
    "tests/foundation/test_generated_client.py",
    "tests/foundation/test_client_address.py",
    "tests/foundation/test_scale_out.py",
    "tests/security/test_database_down.py",
    "tests/foundation/test_request_log.py",
    "tests/foundation/test_https.py",
    "tests/foundation/test_proxy_cache.py",
    "tests/foundation/test_remote_stream_serving.py",
    "tests/security/test_shared_budgets.py",
    "tests/security/test_random_parameters.py",
)


class LongestFirst:
    """Moves the tests of LONGEST_FIRST that use no test database to the front, after
    pytest-django has put the database tests in its own order (those that flush the database
    last), which this keeps: a stable sort, every module's tests together and in order. A test
    marked `database` by hand for a PostgreSQL database of its own moves too."""

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, items):
        def rank(item) -> int:
            module = item.nodeid.split("::")[0]
            if module in LONGEST_FIRST and not uses_the_test_database(item):
                return LONGEST_FIRST.index(module)
            return len(LONGEST_FIRST)

        items.sort(key=rank)


def uses_the_test_database(item) -> bool:
    uses = DATABASE_FIXTURES.intersection(getattr(item, "fixturenames", ()))
    return bool(uses or item.get_closest_marker("django_db"))


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """Mark each test of the test database `database`, before `-m` chooses among them."""
    for item in items:
        if uses_the_test_database(item):
            item.add_marker(pytest.mark.database)
        if item.get_closest_marker("database") and not item.nodeid.startswith(
            NOT_IN_THE_POSTGRESQL_PASS
        ):
            item.add_marker(pytest.mark.postgresql)


@pytest.fixture(scope="session", autouse=True)
def tasks_of_the_test_settings():
    """Import every app's tasks before any test runs. Django's tasks framework gives a task the
    class of the backend configured when its module is first imported (RQ's differs from the
    database's), and a module imported lazily, first under a test that sets TASKS to RQ
    (tests/notifications/test_redis_queue.py), would keep RQ's tasks for the process's later
    tests."""
    from importlib import import_module
    from importlib.util import find_spec

    from django.apps import apps

    root = Path(__file__).resolve().parents[1]
    for app in apps.get_app_configs():
        if Path(app.path).is_relative_to(root) and find_spec(f"{app.name}.tasks"):
            import_module(f"{app.name}.tasks")


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix):
    """Each test process's test database starts as a copy of one migrated once for the run
    (tests/servers.py, `migrated`) instead of applying the ninety-odd migrations itself (about
    5 s of CPU per process and pass). Django then runs `migrate` on it as usual, which finds
    nothing left to apply: the same schema and the same rows (permissions, groups)."""
    from django.conf import settings

    from tests.servers import migrated_template

    database = settings.DATABASES["default"]
    copied = migrated_template(database)
    if copied is not None and database["ENGINE"] == "django.db.backends.postgresql":
        database["TEST"]["TEMPLATE"] = copied  # CREATE DATABASE … TEMPLATE, by Django itself
        copied = None
    elif copied is not None:
        shutil.copyfile(copied, database["TEST"]["NAME"])
    yield copied
    if copied is not None:
        # Kept by Django (below), so removed here.
        Path(database["TEST"]["NAME"]).unlink(missing_ok=True)


@pytest.fixture(scope="session")
def django_db_keepdb(request, django_db_modify_db_settings):
    """An SQLite test database copied in place above is kept, not erased, by Django's set-up."""
    return bool(request.config.getvalue("reuse_db") or django_db_modify_db_settings)


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
    from tests.isolation import forget_cached

    forget_cached()
    yield


@pytest.fixture
def revision_trusted(monkeypatch):
    """The revision a request read stays trusted for the whole test, not half a second
    (tournaments/freshness.py, STAMP_SECONDS): a test that counts a repeated read's queries then
    does not depend on how fast a loaded machine serves the requests before it."""
    monkeypatch.setattr("tournaments.freshness.STAMP_SECONDS", 3600)


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


@pytest.fixture(scope="session")
def api_schema(django_db_setup, django_db_blocker) -> dict:
    """The OpenAPI schema the API serves (GET /api/schema/, YAML), read once per test process:
    it is the same for every test, and reading its half-megabyte of YAML costs more than most
    tests (the C reader, ten times faster than the pure-Python one)."""
    import yaml
    from django.test import Client

    with django_db_blocker.unblock():
        served = Client().get("/api/schema/")
    assert served.status_code == 200
    return yaml.load(served.content, Loader=yaml.CSafeLoader)
