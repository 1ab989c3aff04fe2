"""The shared cache in a table of the database counts exactly
(oware_tournaments/counting_cache.py): many threads, each on a connection of its own, counting
one budget at once lose no count, on the test database (SQLite, and PostgreSQL in the
`database` pass)."""

import pytest
from django.conf import settings as django_settings
from django.core.cache import caches
from django.core.management import call_command
from django.db import connection
from django.test import override_settings

from oware_tournaments.counting_cache import CountingDatabaseCache
from tests import threads

THREADS = 12
ROUNDS = 5
# On PostgreSQL the cache has a connection of its own to the test database
# (oware_tournaments/routers.py).
pytestmark = pytest.mark.django_db(
    transaction=True,
    databases=["default", "cache"] if "cache" in django_settings.DATABASES else ["default"],
)


@pytest.fixture
def counting(settings):
    """A CountingDatabaseCache under the alias `counting`, its two tables in the test database."""
    counted = {
        "BACKEND": "oware_tournaments.counting_cache.CountingDatabaseCache",
        "LOCATION": "test_counting_cache",
    }
    with override_settings(CACHES={**settings.CACHES, "counting": counted}):
        call_command("createcachetable", database="default", verbosity=0)
        cache = caches["counting"]
        cache.create_counter_table("default")
        cache.clear()
        yield cache
        cache.clear()
        with connection.cursor() as cursor:
            for table in ("test_counting_cache", "test_counting_cache_counts"):
                cursor.execute(f"DROP TABLE {connection.ops.quote_name(table)}")


def at_once(work) -> list:
    return threads.at_once(work, THREADS)


def test_increments_at_once_are_all_counted(counting):
    assert counting.add("budget", 0, 60) is True

    def count():
        return [caches["counting"].incr("budget") for _ in range(ROUNDS)]

    seen = [value for values in at_once(count) for value in values]
    # Each increment saw its own count: none read the same as another.
    assert sorted(seen) == list(range(1, THREADS * ROUNDS + 1))
    assert counting.get("budget") == THREADS * ROUNDS


def test_of_adds_at_once_exactly_one_makes_the_count(counting):
    made = at_once(lambda: caches["counting"].add("fresh", 1, 60))
    assert made.count(True) == 1
    assert counting.get("fresh") == 1


def test_a_count_runs_out_and_is_made_again(counting):
    assert counting.add("window", 5, 60) is True
    assert counting.add("window", 1, 60) is False  # held: not replaced
    assert counting.incr("window") == 6 and counting.decr("window", 2) == 4
    counting.set("window", 9, -1)  # already run out
    assert counting.get("window") is None and counting.has_key("window") is False
    with pytest.raises(ValueError):
        counting.incr("window")
    assert counting.add("window", 1, 60) is True and counting.get("window") == 1
    counting.delete("window")
    assert counting.get("window", "gone") == "gone"


def test_other_values_are_kept_as_the_database_cache_keeps_them(counting):
    assert counting.add("claim", True, 60) is True and counting.add("claim", True, 60) is False
    counting.set("copy", {"page": b"<html>"}, 60)
    assert counting.get_many(["claim", "copy"]) == {"claim": True, "copy": {"page": b"<html>"}}
    assert isinstance(counting, CountingDatabaseCache)
    # A value that is no count is not counted.
    counting.set("old", [1], 60)
    with pytest.raises(TypeError):
        counting.incr("old")
