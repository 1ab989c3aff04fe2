"""An online event's server for the tests and the benchmark: a scratch PostgreSQL database with an
organiser and players (each with his API token), served by scripts/serve, with the task worker
(`manage.py task_worker`, the database's queue) beside it on the same database; for the
benchmark, as docker-compose runs it: sync web workers, the streams' ASGI server
(scripts/serve-stream) and nginx (deploy/nginx.conf) in front of both, and with its `scale`
profile, a Redis for the cache and the tasks' queue."""

import json
from contextlib import ExitStack, contextmanager
from pathlib import Path
from types import SimpleNamespace

from tests.servers import (
    free_port,
    migrated,
    nginx_in_front,
    production_env,
    run_django,
    scratch_postgres,
    serve,
    serve_stream,
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


def task_worker(database_url: str, **queues):
    """The task worker on `database_url`, with the database's queue unless `queues` names a
    Redis (`redis_settings`)."""
    queue_in_database = {"REDIS_URL": "", "CACHE_URL": "", "TASKS_REDIS_URL": ""}
    env = production_env(DATABASE_URL=database_url, **{**queue_in_database, **queues})
    return task_worker_process(env)


def redis_settings(redis: str) -> dict:
    """The cache and the tasks' queue in the Redis server `redis` (redis://host:port), each in a
    database of its own, as docker-compose's `scale` profile; none for an empty `redis`."""
    if not redis:
        return {}
    import redis as client

    urls = {
        "REDIS_URL": f"{redis}/{CACHE_DATABASE}",
        "TASKS_REDIS_URL": f"{redis}/{TASKS_DATABASE}",
    }
    for url in urls.values():
        client.Redis.from_url(url).flushdb()  # nothing left by an earlier event's run
    return urls


@contextmanager
def event_server(
    players: int,
    *,
    workers: int = 2,
    prefix: str = "online_event",
    compose: Path | None = None,
    stream_workers: int = 2,
    redis: str = "",
    log: Path | None = None,
):
    """Yields (port, database URL, tokens by name: organiser, player0…, stranger; `processes`:
    the process group of each server by name) once the server answers, its task worker
    running; stops them all and drops the database after.

    `compose`: a folder for nginx's files and the servers' logs; the server is then
    docker-compose's (`workers` sync workers as its `web` service runs them, `stream_workers`
    uvicorn workers for the streams, nginx in front: `port` is nginx's). Without it, `port` is
    scripts/serve's own, threaded workers, and a stream holds one of their threads. `redis`
    (redis://host:port): the cache and the tasks' queue there (`redis_settings`), else in the
    database. `log`: the file the web server's output goes to, without `compose` (with it,
    `web.log` in its folder).

    Bots move as fast as the server answers, far beyond the 120 writes a minute a user's token
    is allowed by default (API_WRITE_RATE), which would stretch a one-minute game over minutes:
    the server here allows them."""
    with scratch_postgres(prefix) as database, ExitStack() as running:
        migrated(database)  # SETUP's migrate then finds nothing left to apply
        made = run_django(SETUP % {"players": players}, timeout=300, DATABASE_URL=database)
        assert made.returncode == 0, made.stderr[-3000:]
        tokens = json.loads(made.stdout.strip().splitlines()[-1])
        port = free_port()
        web = {"WEB_WORKER_CLASS": "sync", "TRUSTED_PROXIES": "1"} if compose else {}
        queues = redis_settings(redis)
        server = serve(
            database,
            port,
            WEB_CONCURRENCY=str(workers),
            API_WRITE_RATE=BOTS_WRITE_RATE,
            log=compose / "web.log" if compose else log,
            **web,
            **queues,
        )
        running.callback(stop, server)
        processes = {"web": server.pid}
        wait_until_served(port, "/healthz")
        if compose:
            stream_port = free_port()
            streams = serve_stream(
                database,
                stream_port,
                log=compose / "stream.log",
                STREAM_CONCURRENCY=str(stream_workers),
                TRUSTED_PROXIES="1",
                **queues,
            )
            running.callback(stop, streams)
            processes["stream"] = streams.pid
            wait_until_served(stream_port, "/healthz")
            port = running.enter_context(nginx_in_front(port, compose, stream_port=stream_port))
            processes["nginx"] = _proxy_of(compose)
        worker = running.enter_context(task_worker(database, **queues))
        processes["worker"] = worker.pid
        yield SimpleNamespace(
            port=port, database=database, tokens=tokens, worker=worker, processes=processes
        )


# Redis databases of the bench's own, apart from those the tests use.
CACHE_DATABASE, TASKS_DATABASE = 11, 12


def _proxy_of(folder: Path) -> int:
    """nginx's master process id, from its pid file."""
    return int((folder / "nginx.pid").read_text().strip())
