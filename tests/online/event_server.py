"""An online event's server for the tests and the benchmark: a scratch PostgreSQL database with an
organiser and players (each with his API token), served by scripts/serve, with the task worker
(`manage.py task_worker`, the database's queue) beside it on the same database."""

import json
from contextlib import contextmanager
from types import SimpleNamespace

from tests.servers import (
    free_port,
    production_env,
    run_django,
    scratch_postgres,
    serve,
    stop,
    task_worker_process,
    wait_until_served,
)

BOTS_WRITE_RATE = "100000/minute"

SETUP = """
import json
import django
django.setup()
from django.core.management import call_command
call_command("migrate", "--no-input", verbosity=0)
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from players.models import Account
from tournaments.services.tokens import issue_token
users = get_user_model().objects
organiser = users.create_user("organiser", password="organiser-pass-1")
organiser.user_permissions.add(Permission.objects.get(codename="add_tournament"))
tokens = {"organiser": issue_token(organiser).key}
for n in range(%(players)d):
    address = f"player{n}@example.org"
    user = users.create_user(address, email=address, password="player-pass-1")
    Account.objects.create(user=user, email_checked=True)
    tokens[f"player{n}"] = issue_token(user).key
stranger = users.create_user("stranger", password="stranger-pass-1")
tokens["stranger"] = issue_token(stranger).key
print(json.dumps(tokens))
"""


def task_worker(database_url: str):
    """The task worker on `database_url`, with the database's queue."""
    queue_in_database = {"REDIS_URL": "", "CACHE_URL": "", "TASKS_REDIS_URL": ""}
    return task_worker_process(production_env(DATABASE_URL=database_url, **queue_in_database))


@contextmanager
def event_server(players: int, *, workers: int = 2, prefix: str = "online_event"):
    """Yields (port, database URL, tokens by name: organiser, player0…, stranger) once the
    server answers, its task worker running; stops both and drops the database after.

    Bots move as fast as the server answers, far beyond the 120 writes a minute a user's token
    is allowed by default (API_WRITE_RATE), which would stretch a one-minute game over minutes:
    the server here allows them."""
    with scratch_postgres(prefix) as database:
        made = run_django(SETUP % {"players": players}, timeout=300, DATABASE_URL=database)
        assert made.returncode == 0, made.stderr[-3000:]
        tokens = json.loads(made.stdout.strip().splitlines()[-1])
        port = free_port()
        server = serve(
            database,
            port,
            WEB_CONCURRENCY=str(workers),
            PUBLISH_WORKER="0",
            API_WRITE_RATE=BOTS_WRITE_RATE,
        )
        try:
            wait_until_served(port, "/healthz")
            with task_worker(database) as worker:
                yield SimpleNamespace(port=port, database=database, tokens=tokens, worker=worker)
        finally:
            stop(server)
