"""The production start (scripts/serve) as the serving and fault tests run it: real gunicorn
processes on a free loopback port."""

import atexit
import fcntl
import hashlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[1]

# The nginx the serving tests put in front, as docker-compose does.
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


def require_nginx() -> None:
    """Skip the calling test without nginx on this machine; in CI (which installs it), fail."""
    if not os.path.exists(NGINX):
        if os.environ.get("CI"):
            pytest.fail("nginx is not installed")
        pytest.skip("nginx is not installed (apt-get install nginx-light)")


# The PostgreSQL server the tests make scratch databases on: TEST_DATABASE_URL's (its database
# name is left out), by default user postgres, trusted, on 127.0.0.1:5432 (README, "Tests").
TEST_DATABASE_URL = (
    os.environ.get("TEST_DATABASE_URL") or "postgres://postgres@127.0.0.1:5432/postgres"
)
_SERVER = urlsplit(TEST_DATABASE_URL)
POSTGRES_SERVER = f"{_SERVER.scheme}://{_SERVER.netloc}"
POSTGRES_HOST, POSTGRES_PORT = _SERVER.hostname or "127.0.0.1", _SERVER.port or 5432


def postgres_url(name: str, host: str | None = None, port: int | None = None) -> str:
    """The address of database `name` on the test server, as its user (through another host and
    port, such as a relay, when given)."""
    user = _SERVER.netloc.rpartition("@")[0]
    where = f"{host or POSTGRES_HOST}:{port or POSTGRES_PORT}"
    return f"{_SERVER.scheme}://{user + '@' if user else ''}{where}/{name}"


@contextmanager
def scratch_postgres(prefix: str):
    """A new, empty database on the test PostgreSQL server: yields its URL, and drops it after.
    Skips the test (fails it in CI) where there is no server or no psql."""
    name = f"{prefix}_{uuid.uuid4().hex[:10]}"
    psql = ["psql", "-q", f"{POSTGRES_SERVER}/postgres", "-c"]
    created = (
        subprocess.run([*psql, f'CREATE DATABASE "{name}"'], capture_output=True)
        if shutil.which("psql")
        else None
    )
    if created is None or created.returncode != 0:
        if os.environ.get("CI"):
            pytest.fail(f"no PostgreSQL at {POSTGRES_SERVER}")
        pytest.skip(f"no PostgreSQL at {POSTGRES_SERVER}")
    try:
        yield f"{POSTGRES_SERVER}/{name}"
    finally:
        subprocess.run([*psql, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'], check=False)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def production_env(**extra) -> dict:
    """This process's environment without its Django and database settings, in production mode."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DJANGO_", "DATABASE_")) and k != "DATA_DIR"
    }
    env.update(DEBUG="0", SECRET_KEY="server-tests-" + "k" * 50, ALLOWED_HOSTS="127.0.0.1")
    # Production refuses to start without a database named: a command that needs none (check
    # --deploy) gets a folder of its own for one.
    env["DATA_DIR"] = tempfile.mkdtemp(prefix="data-", dir=_data_folders())
    env.update(extra)
    return env


@cache
def _data_folders() -> Path:
    """The folder of this test process's DATA_DIRs, removed as the process ends."""
    folder = tempfile.mkdtemp(prefix="oware-data-")
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return Path(folder)


def run_django(script: str, timeout: float = 120, **env) -> subprocess.CompletedProcess:
    """`script` run by a fresh Python under the production settings (oware_tournaments.settings)
    and `env`: what a server's process would do, without a server. Its output is text."""
    return subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
        env=production_env(DJANGO_SETTINGS_MODULE="oware_tournaments.settings", **env),
    )


# The arbiter's password of the demos the serving tests build (`load_demo`) unless they name
# another: one password for all of them, so that they share one build (below).
DEMO_PASSWORD = "demo-password-1"


def load_demo(env: dict) -> str:
    """Migrate the database of `env`, load the demo into it, and return an API token of its
    arbiter (scripts write with a token: no password hashing on each request). The arbiter's
    password is DEMO_PASSWORD unless `env` names another.

    The first call of a test run with the same settings builds the demo in a database of its
    own (an SQLite file, or a PostgreSQL template database), and every call, in any of the run's
    test processes, copies it (token included) into the new, empty database `env` names: a
    copy instead of ninety-odd migrations and a demo build each time (about 10 s of CPU)."""
    env = {"DEMO_PASSWORD": DEMO_PASSWORD, **env}
    url = env.get("DATABASE_URL", "")
    if not (url.startswith("sqlite:///") or _is_empty_postgres(url)):
        return _build_demo(env)
    # A process's own database, its test's name and its data folder (new for each environment)
    # say nothing about the demo it holds.
    usual, own = production_env(), ("DATABASE_URL", "PYTEST_CURRENT_TEST", "DATA_DIR")
    settings = sorted((k, v) for k, v in env.items() if k not in own and usual.get(k) != v)
    key = hashlib.sha256(repr(settings).encode()).hexdigest()[:16]
    if url.startswith("sqlite:///"):
        built = _built_once(f"demo-{key}", lambda folder: _build_sqlite_demo(folder, env))
        shutil.copyfile(built / "db.sqlite3", url.removeprefix("sqlite:///"))
    else:
        built = _built_once(
            f"demo-postgres-{key}", lambda folder: _build_postgres_demo(folder, key, env)
        )
        _copy_postgres(_template_name(f"demo_{key}"), url)
    return (built / "token").read_text()


def migrated(database_url: str) -> None:
    """Give the new, empty database `database_url` (an SQLite file's, or one of the test
    PostgreSQL server) the latest schema, as `manage.py migrate` leaves it: a copy of a database
    migrated once per test run, instead of the ninety-odd migrations (about 5 s of CPU) again.
    For the servers whose tests are not about migrating; `manage.py release` then finds nothing
    left to apply."""
    if database_url.startswith("sqlite:///"):
        built = _built_once("migrated-sqlite", _migrate_sqlite)
        shutil.copyfile(built / "db.sqlite3", database_url.removeprefix("sqlite:///"))
    elif _is_empty_postgres(database_url):
        _built_once("migrated-postgres", lambda _folder: _migrate_postgres())
        _copy_postgres(_template_name("migrated"), database_url)
    else:
        _manage(production_env(DATABASE_URL=database_url), "migrate", "--no-input", "-v0")


def migrated_template(database: dict) -> str | None:
    """For the test database of Django's settings `database`: the migrated SQLite file to copy,
    or the PostgreSQL template to create it from (when it is on the test PostgreSQL server);
    None for another database. Built once per test run, as `migrated` copies them."""
    if database["ENGINE"] == "django.db.backends.sqlite3":
        return str(_built_once("migrated-sqlite", _migrate_sqlite) / "db.sqlite3")
    server = (database.get("HOST") or "localhost", int(database.get("PORT") or 5432))
    user = urlsplit(TEST_DATABASE_URL).username
    if database["ENGINE"] != "django.db.backends.postgresql" or (
        server != (POSTGRES_HOST, POSTGRES_PORT) or database.get("USER") != user
    ):
        return None
    _built_once("migrated-postgres", lambda _folder: _migrate_postgres())
    return _template_name("migrated")


def _built_once(name: str, build) -> Path:
    """The folder `name` of this run's demo folder, filled by `build(folder)` in the first of the
    run's processes that asks for it; the others wait for it under a lock, then read it."""
    folder = demo_folder() / name
    with open(f"{folder}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (folder / "built").exists():
            folder.mkdir(exist_ok=True)
            build(folder)
            (folder / "built").touch()
    return folder


def _migrate_sqlite(folder: Path) -> None:
    database = f"sqlite:///{folder / 'db.sqlite3'}"
    _manage(production_env(DATABASE_URL=database), "migrate", "--no-input", "-v0")


def _build_sqlite_demo(folder: Path, env: dict) -> None:
    database = folder / "db.sqlite3"
    migrated(f"sqlite:///{database}")
    token = _load_demo_into({**env, "DATABASE_URL": f"sqlite:///{database}"})
    (folder / "token").write_text(token)


def _migrate_postgres() -> None:
    template = _template_name("migrated")
    _admin(f'CREATE DATABASE "{template}"')
    database = f"{POSTGRES_SERVER}/{template}"
    _manage(production_env(DATABASE_URL=database), "migrate", "--no-input", "-v0")


def _build_postgres_demo(folder: Path, key: str, env: dict) -> None:
    template = _template_name(f"demo_{key}")
    _admin(f'CREATE DATABASE "{template}"')
    migrated(f"{POSTGRES_SERVER}/{template}")
    token = _load_demo_into({**env, "DATABASE_URL": f"{POSTGRES_SERVER}/{template}"})
    (folder / "token").write_text(token)


# This run's PostgreSQL template databases, named after its demo folder, dropped with it.
TEMPLATE_PREFIX = "oware_template_"


def _template_name(what: str) -> str:
    run = hashlib.sha256(str(demo_folder()).encode()).hexdigest()[:10]
    return f"{TEMPLATE_PREFIX}{run}_{what}"


def _admin(*statements: str) -> None:
    """Statements run one by one on the test PostgreSQL server's `postgres` database."""
    import psycopg

    with psycopg.connect(f"{POSTGRES_SERVER}/postgres", autocommit=True) as connection:
        for statement in statements:
            connection.execute(statement)


def _is_empty_postgres(url: str) -> bool:
    """Whether `url` names a database of the test PostgreSQL server with no table yet (such as
    a new scratch_postgres one), which a copy of a template may replace."""
    if not url.startswith(f"{POSTGRES_SERVER}/"):
        return False
    import psycopg

    with psycopg.connect(url) as connection:
        tables = connection.execute(
            "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'"
        ).fetchone()
    return tables[0] == 0


def _copy_postgres(template: str, url: str) -> None:
    """Replace the empty database `url` names by a copy of `template` (PostgreSQL copies its
    files). The template takes no connection while it is copied: one that has just closed may
    still be ending on the server, so a refused copy is tried again."""
    import psycopg

    name = url.rsplit("/", 1)[1]
    for attempt in range(50):
        try:
            _admin(
                f'DROP DATABASE IF EXISTS "{name}"',
                f'CREATE DATABASE "{name}" TEMPLATE "{template}"',
            )
            return
        except psycopg.errors.ObjectInUse:
            if attempt == 49:
                raise
            time.sleep(0.1)


def _drop_templates(folder: str) -> None:
    """At the end of the run: its PostgreSQL templates, if it made any (each has a folder of
    the run's demo folder, made before the template)."""
    if not any(Path(folder).glob("*-postgres*/")):
        return
    import psycopg

    with psycopg.connect(f"{POSTGRES_SERVER}/postgres", autocommit=True) as connection:
        run = hashlib.sha256(folder.encode()).hexdigest()[:10]
        names = connection.execute(
            "SELECT datname FROM pg_database WHERE datname LIKE %s",
            [f"{TEMPLATE_PREFIX}{run}_%"],
        ).fetchall()
        for (name,) in names:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


# The folder of the demos built in this test run, shared by its test processes: named by the
# first process (pytest's main one, before it starts the others) in the environment they inherit.
DEMOS_VARIABLE = "OWARE_TEST_DEMOS"


def demo_folder() -> Path:
    if not os.environ.get(DEMOS_VARIABLE):
        folder = tempfile.mkdtemp(prefix="oware-demos-")
        os.environ[DEMOS_VARIABLE] = folder
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        atexit.register(_drop_templates, folder)  # first: atexit runs the last one first
    return Path(os.environ[DEMOS_VARIABLE])


def _manage(env: dict, *command: str) -> str:
    """`manage.py command` under `env`; its output. A failure says why in the test's report (a
    database refusing connections, a migration failing)."""
    done = subprocess.run(
        [sys.executable, "manage.py", *command], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, f"manage.py {command[0]}: {done.stderr[-2000:]}"
    return done.stdout


def _load_demo_into(env: dict) -> str:
    """`loaddemo` into the migrated database of `env`; an API token of its arbiter."""
    _manage(env, "loaddemo")
    return _manage(env, "api_token", "arbiter").split()[-1]


def _build_demo(env: dict) -> str:
    """The demo built in place: migrations and `loaddemo` in the database `env` names."""
    _manage(env, "migrate", "--no-input", "-v0")
    return _load_demo_into(env)


def serve(database_url: str, port: int, log: Path | None = None, **extra) -> subprocess.Popen:
    """Start scripts/serve on `port`, with two workers unless `extra` sets WEB_CONCURRENCY (any
    other variable of `extra` is set too); its output goes to the file `log`, if given. Stop it
    with `stop`.

    Without the publishing worker unless `extra` asks for it (PUBLISH_WORKER="1"): only a venue
    that sends to a public server needs one, and each costs a Django start and a poll a second."""
    defaults = {"WEB_CONCURRENCY": "2", "PUBLISH_WORKER": "0"}
    return _start("scripts/serve", database_url, port, log, **{**defaults, **extra})


def serve_stream(
    database_url: str, port: int, log: Path | None = None, **extra
) -> subprocess.Popen:
    """Start scripts/serve-stream (the remote games' streams, ASGI) on `port`, with any variable
    of `extra` set; its output goes to the file `log`, if given. It does not migrate: start
    `serve` on the same database first. Stop it with `stop`."""
    return _start("scripts/serve-stream", database_url, port, log, **extra)


def _start(script: str, database_url: str, port: int, log: Path | None, **settings):
    """`script` serving `database_url` on `port` in a session of its own (`stop` ends it all)."""
    env = production_env(
        DATABASE_URL=database_url, BIND=f"127.0.0.1:{port}", PYTHON=sys.executable, **settings
    )
    output = open(log, "ab") if log else subprocess.DEVNULL  # noqa: SIM115 (the server's)
    try:
        return subprocess.Popen(
            ["sh", script],
            cwd=ROOT,
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT if log else subprocess.DEVNULL,
            start_new_session=True,
        )
    finally:
        if log:
            output.close()  # the server keeps its own copy of the file


@contextmanager
def demo_served(folder: Path, log: Path | None = None, **env):
    """The demo in an SQLite database of `folder` (its arbiter's password DEMO_PASSWORD), served
    by scripts/serve with sync workers as compose runs them behind nginx (any variable of `env`
    set too, WEB_WORKER_CLASS included); yields (port, database, token) once it answers, and
    stops it after."""
    database = f"sqlite:///{folder / 'db.sqlite3'}"
    token = load_demo(production_env(DATABASE_URL=database))
    port = free_port()
    server = serve(database, port, log=log, **{"WEB_WORKER_CLASS": "sync", **env})
    try:
        wait_until_served(port, "/healthz")
        yield SimpleNamespace(port=port, database=database, token=token)
    finally:
        stop(server)


@contextmanager
def nginx_in_front(app_port: int, folder: Path, ready: str | None = "/healthz", **options):
    """`start_proxy` (its options too) for a `with`: yields nginx's port once a plain GET of
    `ready` answers 200 through it (None: no wait, as for a proxy that sends plain HTTP to
    HTTPS), and stops nginx after. Skips the test where nginx is missing."""
    require_nginx()
    folder.mkdir(parents=True, exist_ok=True)
    port, proxy = start_proxy(app_port, folder, **options)
    try:
        if ready:
            wait_until_served(port, ready)
        yield port
    finally:
        stop(proxy)


@contextmanager
def task_worker_process(env: dict):
    """`manage.py task_worker` (the queue the settings of `env` choose) polling every 0.2 s,
    its output kept in a file (`.log`) for a test to quote; stopped after."""
    log = tempfile.TemporaryFile()  # noqa: SIM115 (the worker's, closed below)
    worker = subprocess.Popen(
        [sys.executable, "manage.py", "task_worker", "--interval", "0.2", "--no-startup-delay"],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    worker.log = log
    try:
        yield worker
    finally:
        worker.terminate()
        try:
            worker.wait(timeout=20)
        except subprocess.TimeoutExpired:
            worker.kill()
            worker.wait()
        log.close()


def stop(server: subprocess.Popen) -> None:
    os.killpg(server.pid, signal.SIGTERM)
    server.wait(timeout=30)
    if getattr(server, "page_cache", None):
        shutil.rmtree(server.page_cache, ignore_errors=True)


def fetch(port: int, path: str, timeout: float = 10) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=timeout) as page:
            return page.status, page.read()
    except urllib.error.HTTPError as refusal:
        return refusal.code, refusal.read()


def wait_until_served(port: int, path: str = "/healthz", seconds: float = 90) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if fetch(port, path, timeout=2)[0] == 200:
                return
        except OSError:
            pass  # refused or timed out while it starts
        time.sleep(0.3)
    pytest.fail(f"the server did not answer {path}")


def start_proxy(
    upstream_port: int,
    folder: Path,
    tls: tuple[int, Path, Path] | None = None,
    outer_proxies: tuple[str, ...] = (),
    stream_port: int | None = None,
) -> tuple[int, subprocess.Popen]:
    """nginx with the compose setup's own configuration (deploy/nginx.conf), its upstream pointed
    at 127.0.0.1:`upstream_port`, on a free loopback port. Returns (port, process); stop it with
    `stop`. Needs nginx on the PATH. With `tls` (port, certificate, key), nginx also ends HTTPS
    on that port as deploy/tls/ sets it up. `outer_proxies` are the addresses of a terminator in
    front, listed as deploy/outer-proxies/ lists them. `stream_port`: the ASGI server of the
    remote games' streams (scripts/serve-stream), the application's port when none is given.
    The access log is `folder`/access.log."""
    port = free_port()
    config = (ROOT / "deploy" / "nginx.conf").read_text()
    if tls:
        config = config.replace("/etc/nginx/tls/", f"{_tls_listener(folder, *tls)}/")
    outer = folder / "outer-proxies"
    outer.mkdir(exist_ok=True)
    (outer / "terminator.conf").write_text(
        "".join(f"set_real_ip_from {address};\n" for address in outer_proxies)
    )
    config = config.replace("/etc/nginx/outer-proxies/", f"{outer}/")
    config = config.replace("server web:8000;", f"server 127.0.0.1:{upstream_port};")
    config = config.replace(
        "server stream:8001;", f"server 127.0.0.1:{stream_port or upstream_port};"
    )
    page_cache = _page_cache()
    config = config.replace("/var/cache/nginx/pages", str(page_cache))
    config = config.replace("listen 80;", f"listen 127.0.0.1:{port};")
    config = config.replace("/var/log/nginx/access.log", str(folder / "access.log"))
    config = f"pid {folder}/nginx.pid;\nerror_log {folder}/error.log;\n" + config
    (folder / "nginx.conf").write_text(config)
    process = subprocess.Popen(
        ["nginx", "-c", str(folder / "nginx.conf"), "-g", "daemon off;"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    process.page_cache = page_cache
    return port, process


def _tls_listener(folder: Path, port: int, certificate: Path, key: Path) -> Path:
    """deploy/tls/ rendered as the nginx image renders it (envsubst), listening on `port`."""
    listener = (ROOT / "deploy" / "tls" / "listen.conf.template").read_text()
    listener = listener.replace("${TLS_CERTIFICATE}", str(certificate))
    listener = listener.replace("${TLS_CERTIFICATE_KEY}", str(key))
    listener = listener.replace("listen 443 ssl;", f"listen 127.0.0.1:{port} ssl;")
    (folder / "tls").mkdir(exist_ok=True)
    (folder / "tls" / "listen.conf").write_text(listener)
    return folder / "tls"


def _page_cache() -> Path:
    """A folder for nginx's page copies in memory, as compose mounts a tmpfs for them (on disk, a
    database flush could stall an nginx worker), open to nginx's own worker user."""
    memory = "/dev/shm" if os.path.isdir("/dev/shm") else None
    folder = Path(tempfile.mkdtemp(prefix="oware-proxy-pages-", dir=memory))
    folder.chmod(0o777)
    return folder
