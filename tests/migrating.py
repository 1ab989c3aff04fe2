"""Moving a test database's schema to a migration and back (the migration tests)."""

from django.db import connection
from django.db.migrations.executor import MigrationExecutor


def migrate(targets):
    """Migrate to `targets` ([(app, migration)]) and return the historical apps there."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state([t for t in targets if t[1]]).apps


def migrate_to_latest():
    """Back to the schema every other test expects: a transactional test shares its database
    with the tests that run after it on the same worker."""
    return migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
