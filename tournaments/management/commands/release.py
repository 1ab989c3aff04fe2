"""manage.py release: migrate the database and collect the static files, one server at a time.

Every application server runs this as it starts (scripts/serve). Several starting at once on a
new database would each apply the same migrations, and all but one would fail on the tables and
indexes the first one made; on PostgreSQL a session-level advisory lock makes the others wait,
then find nothing left to apply. SQLite serialises writers by itself.
"""

from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db import connection

# Any fixed number names the lock; this one is "owar" in ASCII.
MIGRATION_LOCK = 0x6F776172


class Command(BaseCommand):
    help = "Apply migrations and collect static files, waiting for any other server doing so."

    def handle(self, *args, **options):
        locked = connection.vendor == "postgresql"
        if locked:
            with connection.cursor() as cursor:
                # Waiting for the lock (another server migrating) is expected: neither the
                # statement timeout nor the lock timeout (DATABASE_LOCK_TIMEOUT_MS) applies.
                cursor.execute("SET statement_timeout = 0")
                cursor.execute("SET lock_timeout = 0")
                cursor.execute("SELECT pg_advisory_lock(%s)", [MIGRATION_LOCK])
        try:
            call_command("migrate", interactive=False, verbosity=options["verbosity"])
            call_command("collectstatic", interactive=False, verbosity=0)
        finally:
            if locked:
                with connection.cursor() as cursor:
                    cursor.execute("SELECT pg_advisory_unlock(%s)", [MIGRATION_LOCK])
