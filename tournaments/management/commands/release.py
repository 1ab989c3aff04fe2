"""manage.py release: migrate the database and collect the static files, one server at a time.

Every application server runs this as it starts (scripts/serve: in gunicorn's master, before
its port opens, oware_tournaments/gunicorn_hooks.py). Several starting at once on a new database
would each apply the same migrations, and all but one would fail on the tables and indexes the
first one made; on PostgreSQL a session-level advisory lock makes the others wait, then find
nothing left to apply. SQLite serialises writers by itself.

Collecting hashes every static file again (a few seconds of CPU), so it is skipped when the
files it would collect are those it collected last time: a restart, or a second server started
on the same image, then costs only the migration check.
"""

import fcntl
import hashlib
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles.finders import get_finders
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db import connection

# Any fixed number names the lock; this one is "owar" in ASCII.
MIGRATION_LOCK = 0x6F776172

# Beside the collected files: what they were collected from (static_sources below).
COLLECTED_FROM = ".collected-from"


def static_sources() -> str:
    """A digest of every file collectstatic would copy (its name, size and modification time)
    and of the storage that would write them."""
    digest = hashlib.sha256(settings.STORAGES["staticfiles"]["BACKEND"].encode())
    files = []
    for finder in get_finders():
        for path, storage in finder.list([]):
            stat = Path(storage.path(path)).stat()
            files.append(f"{path}\0{stat.st_size}\0{stat.st_mtime_ns}")
    for line in sorted(files):
        digest.update(line.encode() + b"\n")
    return digest.hexdigest()


def collect_static() -> None:
    """Collect unless the files are those collected last time. Two starts at once on one folder
    take turns, holding a lock on the marker: servers on SQLite, or on one machine's folder,
    which PostgreSQL's advisory lock does not cover, would otherwise write the same files and
    manifest together. The second then finds the first's collection and skips."""
    root = Path(settings.STATIC_ROOT)
    root.mkdir(parents=True, exist_ok=True)
    sources = static_sources()
    with open(root / COLLECTED_FROM, "a+", encoding="utf-8") as marker:
        fcntl.flock(marker, fcntl.LOCK_EX)  # released as the file closes
        marker.seek(0)
        if marker.read() == sources:
            return
        call_command("collectstatic", interactive=False, verbosity=0)
        marker.seek(0)
        marker.truncate()
        marker.write(sources)


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
            collect_static()
        finally:
            if locked:
                with connection.cursor() as cursor:
                    cursor.execute("SELECT pg_advisory_unlock(%s)", [MIGRATION_LOCK])
