"""The demo tournament (`loaddemo`) built once per test process and copied into the tests that
ask for it (the `copy_demo` fixture of tests/conftest.py).

Building the demo pairs and plays five rounds through the services: seconds of work that each
test of the demo used to repeat. Here `loaddemo` runs once, in a transaction that is rolled back
after its new rows are read; a test then gets those very rows written again as they were
(primary keys included, no model signals, as `loaddata` writes them), in the database mode the
test runs in (rolled back with the test, or committed for a live server). Timestamps move by the
time since the build, so the copy reads as built just now. Rows the demo points at without having
made them (a permission) are found again by their natural keys, which stay the same when a
transactional test's flush has recreated them under new ids.
"""

import io
import os
from contextlib import contextmanager

from django.apps import apps
from django.core.management import call_command
from django.core.management.color import no_style
from django.db import connection, models, transaction
from django.db.models.sql import InsertQuery
from django.utils import timezone

# The arbiter's password in every copy, as `DEMO_PASSWORD=demo-password-1 loaddemo` sets it.
PASSWORD = "demo-password-1"

# On SQLite, the built rows take ids from here on, so that rows a test made before copying the
# demo (smaller ids, counted again from 1 after each rollback) never meet them. PostgreSQL's
# sequences are not rolled back: ids taken by the build are never given out again anyway.
FIRST_ID = 1_000_000


def _tables():
    return [
        model
        for model in apps.get_models(include_auto_created=True)
        if model._meta.managed and not model._meta.proxy and not model._meta.swapped
    ]


def _foreign_keys(model):
    return [
        field
        for field in model._meta.local_concrete_fields
        if field.is_relation and (field.many_to_one or field.one_to_one)
    ]


@contextmanager
def _environment(**variables):
    before = {name: os.environ.get(name) for name in variables}
    os.environ.update(variables)
    try:
        yield
    finally:
        for name, value in before.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


class DemoRows:
    """The rows `loaddemo` adds to the database as it is now, read once; `copy()` writes them."""

    def __init__(self):
        tables = _tables()
        present = {model: self._values(model) for model in tables}
        with transaction.atomic():
            if connection.vendor == "sqlite":
                self._start_ids_at(FIRST_ID, tables)
            with _environment(DEMO_PASSWORD=PASSWORD):
                call_command("loaddemo", stdout=io.StringIO())
            self.built_at = timezone.now()
            self.rows = []  # (model, [instance, …], [(instance, field, natural key), …])
            for model in tables:
                after = self._values(model)
                kept = present[model]
                if any(after.get(pk) != values for pk, values in kept.items()):
                    raise RuntimeError(f"loaddemo changed rows of {model.__name__} it did not add")
                new = [row for row in model._base_manager.order_by("pk") if row.pk not in kept]
                if new:
                    self.rows.append((model, new, self._references(new, present)))
            transaction.set_rollback(True)

    @staticmethod
    def _values(model) -> dict:
        names = [field.attname for field in model._meta.local_concrete_fields]
        return {row[0]: row for row in model._base_manager.values_list("pk", *names)}

    @staticmethod
    def _start_ids_at(first: int, tables) -> None:
        with connection.cursor() as cursor:
            for model in tables:
                table = model._meta.db_table
                cursor.execute("DELETE FROM sqlite_sequence WHERE name = %s", [table])
                cursor.execute(
                    "INSERT INTO sqlite_sequence (name, seq) VALUES (%s, %s)", [table, first]
                )

    @staticmethod
    def _references(new, present) -> list:
        """The foreign keys of `new` rows to rows that were there before the build."""
        found = []
        for field in _foreign_keys(type(new[0])):
            target = field.related_model._meta.concrete_model
            key = field.target_field.attname
            for row in new:
                value = getattr(row, field.attname)
                if value is None or target not in present:
                    continue
                if field.target_field.primary_key and value not in present[target]:
                    continue
                existing = target._base_manager.filter(**{key: value}).first()
                if existing is None or existing.pk not in present[target]:
                    continue
                found.append((row, field, existing.natural_key()))
        return found

    def copy(self):
        """Write the demo's rows into the test database; returns the demo tournament."""
        from tournaments.freshness import forget_stamps
        from tournaments.models import Tournament

        shift = timezone.now() - self.built_at
        with transaction.atomic():
            for model, rows, references in self.rows:
                fields = model._meta.local_concrete_fields
                copies = {id(row): self._fresh(model, row, fields, shift) for row in rows}
                for row, field, natural_key in references:
                    target = field.related_model._meta.concrete_model
                    found = target._default_manager.get_by_natural_key(*natural_key)
                    setattr(
                        copies[id(row)], field.attname, getattr(found, field.target_field.attname)
                    )
                self._insert(model, fields, list(copies.values()))
            with connection.cursor() as cursor:
                for sql in connection.ops.sequence_reset_sql(
                    no_style(), [m for m, *_ in self.rows]
                ):
                    cursor.execute(sql)
        forget_stamps()
        return Tournament.objects.get(slug="demo")

    @staticmethod
    def _fresh(model, row, fields, shift):
        values = {}
        for field in fields:
            value = getattr(row, field.attname)
            if isinstance(field, models.DateTimeField) and value is not None:
                value += shift
            values[field.attname] = value
        return model(**values)

    @staticmethod
    def _insert(model, fields, rows) -> None:
        size = connection.ops.bulk_batch_size(fields, rows) or len(rows)
        for start in range(0, len(rows), size):
            query = InsertQuery(model)
            query.insert_values(fields, rows[start : start + size], raw=True)
            query.get_compiler(connection=connection).execute_sql()
