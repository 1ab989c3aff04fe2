"""The shared cache in a table of the database, with exact counts (oware_tournaments/settings.py).

The budgets every worker shares (wrong live-board codes, password checks) count with the cache's
`add` and `incr`. Django's DatabaseCache keeps pickled values: its `incr` reads the value and
writes it back, so two requests at once may both read 3 and both write 4, and a client guessing
codes from many connections would be allowed more than the documented number. Here a whole
number given to `add` or `set` is kept in a table of counts of its own (the cache table's name
with `_counts`: key, count, expiry as seconds since the epoch), and `incr` raises it with one
`UPDATE … SET count = count + delta … RETURNING count`: the database applies concurrent
increments one after another, each sees its own result, none is lost (PostgreSQL and SQLite
alike). `add` of a count is one `INSERT … ON CONFLICT … DO UPDATE … WHERE` the held count has
run out, so two adds at once make one count. Any other value (a page's copy, a render's claim, a
list) is the DatabaseCache's, as before; `get`, `delete`, `has_key` and `clear` look in both. A
key holds a count or another value, never one then the other. `manage.py migrate` makes the
table (`create_counter_table`, called from tournaments/apps.py after `createcachetable`).
"""

import time

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.db import DatabaseCache
from django.db import connections, router

# Far beyond any budget's window: a count given no timeout.
FOREVER = 2**53


def _is_count(value) -> bool:
    return type(value) is int  # not a bool: a claim's True is a value, not a count


class CountingDatabaseCache(DatabaseCache):
    @property
    def counter_table(self) -> str:
        return f"{self._table}_counts"

    def _cursor(self, write: bool):
        route = router.db_for_write if write else router.db_for_read
        connection = connections[route(self.cache_model_class)]
        return connection, connection.cursor()

    def _expiry(self, timeout) -> float:
        seconds = self.get_backend_timeout(timeout)
        return float(FOREVER) if seconds is None else seconds

    def create_counter_table(self, using: str) -> None:
        """Make the table of counts in database `using`, unless it is there."""
        connection = connections[using]
        table = connection.ops.quote_name(self.counter_table)
        with connection.cursor() as cursor:
            cursor.execute(
                f"CREATE TABLE IF NOT EXISTS {table} ("
                " counter_key varchar(255) NOT NULL PRIMARY KEY,"
                " count bigint NOT NULL,"
                " expires double precision NOT NULL)"
            )

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        if not _is_count(value):
            return super().add(key, value, timeout, version)
        key = self.make_and_validate_key(key, version=version)
        connection, cursor = self._cursor(write=True)
        table = connection.ops.quote_name(self.counter_table)
        now = time.time()
        with cursor:
            # Counts that ran out are dropped as new ones are made: a budget's keys name their
            # client and window, so the table holds about one row per client counting now.
            cursor.execute(f"DELETE FROM {table} WHERE expires < %s", [now])
            cursor.execute(
                f"INSERT INTO {table} (counter_key, count, expires) VALUES (%s, %s, %s)"
                " ON CONFLICT (counter_key) DO UPDATE"
                " SET count = excluded.count, expires = excluded.expires"
                f" WHERE {table}.expires < %s",
                [key, value, self._expiry(timeout), now],
            )
            return cursor.rowcount == 1

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        if not _is_count(value):
            return super().set(key, value, timeout, version)
        key = self.make_and_validate_key(key, version=version)
        connection, cursor = self._cursor(write=True)
        table = connection.ops.quote_name(self.counter_table)
        with cursor:
            cursor.execute(
                f"INSERT INTO {table} (counter_key, count, expires) VALUES (%s, %s, %s)"
                " ON CONFLICT (counter_key) DO UPDATE"
                " SET count = excluded.count, expires = excluded.expires",
                [key, value, self._expiry(timeout)],
            )

    def incr(self, key, delta=1, version=None):
        """The count after adding `delta`, in one statement; ValueError when there is none."""
        made = self.make_and_validate_key(key, version=version)
        connection, cursor = self._cursor(write=True)
        table = connection.ops.quote_name(self.counter_table)
        with cursor:
            cursor.execute(
                f"UPDATE {table} SET count = count + %s"
                " WHERE counter_key = %s AND expires >= %s RETURNING count",
                [delta, made, time.time()],
            )
            row = cursor.fetchone()
        if row is None:
            # Not a count of this table: the DatabaseCache's own read and write (ValueError
            # when the key is not there at all).
            return super().incr(key, delta, version)
        return row[0]

    def get_many(self, keys, version=None):
        found = super().get_many(keys, version)
        missing = {
            self.make_and_validate_key(key, version=version): key
            for key in keys
            if key not in found
        }
        if not missing:
            return found
        connection, cursor = self._cursor(write=False)
        table = connection.ops.quote_name(self.counter_table)
        with cursor:
            cursor.execute(
                f"SELECT counter_key, count FROM {table}"
                f" WHERE counter_key IN ({', '.join(['%s'] * len(missing))}) AND expires >= %s",
                [*missing, time.time()],
            )
            for made, count in cursor.fetchall():
                found[missing[made]] = count
        return found

    def has_key(self, key, version=None):
        return super().has_key(key, version) or key in self.get_many([key], version)

    def _base_delete_many(self, keys):
        deleted = super()._base_delete_many(keys)
        if not keys:
            return deleted
        connection, cursor = self._cursor(write=True)
        table = connection.ops.quote_name(self.counter_table)
        with cursor:
            cursor.execute(
                f"DELETE FROM {table} WHERE counter_key IN ({', '.join(['%s'] * len(keys))})",
                list(keys),
            )
            return bool(deleted or cursor.rowcount)

    def clear(self):
        super().clear()
        connection, cursor = self._cursor(write=True)
        with cursor:
            cursor.execute(f"DELETE FROM {connection.ops.quote_name(self.counter_table)}")
