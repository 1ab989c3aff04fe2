"""The production start holds up on a busy hall's network: slow, dropped and refused clients,
a database that does not answer, HTTPS settings and the shared cache.

These start real processes (gunicorn through scripts/serve, a silent TCP listener, Redis) on
loopback addresses only.
"""

import json
import os
import re
import socket
import subprocess
import sys
import urllib.request

import pytest

from tests.servers import (
    ROOT,
    fetch,
    free_port,
    migrated,
    nginx_in_front,
    production_env,
    require_nginx,
    serve,
    stop,
    wait_until_served,
)


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """The documented production start (scripts/serve) on SQLite, with two workers."""
    database = f"sqlite:///{tmp_path_factory.mktemp('serve') / 'db.sqlite3'}"
    migrated(database)
    port = free_port()
    server = serve(database, port)
    try:
        wait_until_served(port, "/")
        yield port
    finally:
        stop(server)


def half_sent_request(port: int, path: str, length: int = 1000) -> socket.socket:
    client = socket.create_connection(("127.0.0.1", port))
    client.sendall(
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        f"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {length}\r\n\r\n"
        "username=arbiter&pass".encode()
    )
    return client


def test_clients_that_send_half_a_body_do_not_stall_the_server(served):
    idle = [half_sent_request(served, "/accounts/login/") for _ in range(6)]
    try:
        # With one-request-per-worker servers the page waited for the idle clients to give up.
        page = urllib.request.urlopen(f"http://127.0.0.1:{served}/", timeout=20)
        assert page.status == 200
    finally:
        for client in idle:
            client.close()


def test_a_body_cut_short_is_refused_not_parsed(served):
    client = half_sent_request(served, "/accounts/login/")
    client.shutdown(socket.SHUT_WR)
    client.settimeout(30)
    answer = b""
    while chunk := client.recv(4096):
        answer += chunk
    client.close()
    assert answer.startswith(b"HTTP/1.1 400")
    assert b"ended before its declared length" in answer


def test_a_database_that_does_not_answer_fails_within_the_connect_timeout():
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        port = silent.getsockname()[1]
        run = subprocess.run(
            [
                sys.executable,
                "-c",
                "import django; django.setup(); from django.db import connection; "
                "connection.ensure_connection()",
            ],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
            env=production_env(
                DJANGO_SETTINGS_MODULE="oware_tournaments.settings",
                DATABASE_URL=f"postgres://oware@127.0.0.1:{port}/oware",
                DATABASE_CONNECT_TIMEOUT="2",
            ),
        )
    assert run.returncode != 0
    assert "timeout expired" in run.stderr


def deployment_check(*options: str, **settings: str) -> subprocess.CompletedProcess:
    """`manage.py check --deploy` under the production settings of the guide's HTTPS site, with
    `settings` on top. Several workers share one cache (docs/deployment.md, "What the workers
    share"): REDIS_URL is set; the check does not connect to it."""
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", *options],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env=production_env(
            DJANGO_SETTINGS_MODULE="oware_tournaments.settings",
            ALLOWED_HOSTS="oware.example",
            SECURE_COOKIES="1",
            SECURE_SSL_REDIRECT="1",
            SECURE_HSTS_SECONDS="31536000",
            SECURE_PROXY_SSL="1",
            REDIS_URL="redis://127.0.0.1:6379/0",
            **settings,
        ),
    )


def test_the_deployment_check_is_clean_with_the_documented_https_settings():
    run = deployment_check(
        "--fail-level", "WARNING", SECURE_HSTS_INCLUDE_SUBDOMAINS="1", SECURE_HSTS_PRELOAD="1"
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "no issues" in run.stdout


def test_the_deployment_check_names_only_the_hsts_choices_left_out():
    # The guide's HTTPS settings without the two HSTS options it keeps for sites whose every
    # subdomain is HTTPS: exactly their two warnings, as the guide says.
    run = deployment_check(CSRF_TRUSTED_ORIGINS="https://oware.example")
    assert run.returncode == 0, run.stdout + run.stderr
    warned = sorted(set(re.findall(r"\(([\w.]+\.W\d+)\)", run.stdout + run.stderr)))
    assert warned == ["security.W005", "security.W021"], run.stdout + run.stderr


def redis_answers() -> bool:
    try:
        with socket.create_connection(("127.0.0.1", 6379), timeout=1):
            return True
    except OSError:
        return False


def test_app_servers_share_the_redis_cache_named_by_redis_url():
    if not redis_answers():
        if os.environ.get("CI"):
            pytest.fail("Redis is not running on 127.0.0.1:6379")
        pytest.skip("no Redis on 127.0.0.1:6379")
    script = (
        "import django, json, sys; django.setup(); from django.core.cache import cache; "
        "from django.conf import settings; "
        "cache.set('serving-test', sys.argv[1]) if sys.argv[1] != '-' else None; "
        "print(json.dumps([settings.CACHES['default']['BACKEND'], cache.get('serving-test')]))"
    )
    env = production_env(
        DJANGO_SETTINGS_MODULE="oware_tournaments.settings", REDIS_URL="redis://127.0.0.1:6379/15"
    )
    writer, reader = (
        subprocess.run(
            [sys.executable, "-c", script, value],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        for value in ("seen-by-both", "-")
    )
    assert writer.returncode == 0, writer.stderr
    backend, value = json.loads(reader.stdout)
    assert backend == "django.core.cache.backends.redis.RedisCache"
    assert value == "seen-by-both"


@pytest.mark.django_db
def test_a_refused_request_is_logged_in_one_line(client, charlie, tournament, caplog):
    client.force_login(charlie)
    response = client.get(f"/t/{tournament.slug}/arbiter/")
    assert response.status_code == 403
    refusals = [r for r in caplog.records if r.name == "django.request"]
    assert refusals, "the refusal was not logged at all"
    assert all(r.exc_info is None and r.exc_text is None for r in refusals)
    assert "Forbidden" in refusals[0].getMessage()


@pytest.mark.django_db
def test_the_health_check_answers_without_the_database(client, django_assert_num_queries):
    with django_assert_num_queries(0):
        response = client.get("/healthz")
    assert response.status_code == 200
    assert response.content == b"ok"


def test_behind_the_compose_proxy_sync_workers_are_not_stalled_by_half_sent_bodies(tmp_path):
    """docker-compose's start: nginx (deploy/nginx.conf) in front of plain sync workers. Alone,
    each half-sent body would hold a sync worker until the timeout; nginx reads bodies whole
    before passing them on, so the two workers stay free for everyone else."""
    require_nginx()
    database = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    migrated(database)
    app_port = free_port()
    server = serve(database, app_port, WEB_WORKER_CLASS="sync")
    try:
        with nginx_in_front(app_port, tmp_path, ready="/") as proxy_port:
            stalled = [half_sent_request(proxy_port, "/accounts/login/") for _ in range(6)]
            # Straight to the workers this read would wait for REQUEST_TIMEOUT (30 s): timed out.
            assert fetch(proxy_port, "/", timeout=10)[0] == 200
            for client in stalled:
                client.close()
    finally:
        stop(server)
