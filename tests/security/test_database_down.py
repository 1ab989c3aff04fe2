"""The database stops answering under a running server (gunicorn as scripts/serve starts it, on a
scratch PostgreSQL database that is made unreachable, never the machine's server itself):
anonymous pages are served from their last copy, marked as such; everything else answers 503
with Retry-After; a held table lock costs a request a few seconds, not thirty."""

import sys
import time

import psycopg
import pytest

from tests.servers import (
    fetch,
    free_port,
    load_demo,
    postgres_url,
    production_env,
    scratch_postgres,
    serve,
    stop,
    wait_until_served,
)

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs PostgreSQL and gunicorn")

ADMIN = postgres_url("postgres")
ROUND_PAGE = "/t/demo/men/round/1/"


def admin(sql: str, *params) -> None:
    with psycopg.connect(ADMIN, autocommit=True) as connection:
        connection.execute(sql, params)


def cut_off(name: str) -> None:
    admin(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false')
    admin(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
        " WHERE datname = %s AND pid <> pg_backend_pid()",
        name,
    )


@pytest.fixture(scope="module")
def scratch():
    with scratch_postgres("hostile_down") as url:
        load_demo(production_env(DATABASE_URL=url))
        yield url.rsplit("/", 1)[1], url


@pytest.fixture
def server(scratch):
    """One worker, so that the page it served last is the copy it keeps."""
    name, url = scratch
    port = free_port()
    process = serve(
        url,
        port,
        WEB_CONCURRENCY="1",
        DATABASE_LOCK_TIMEOUT_MS="1000",
        DATABASE_STATEMENT_TIMEOUT_MS="3000",
        DATABASE_CONNECT_TIMEOUT="2",
    )
    try:
        wait_until_served(port)
        yield name, port
    finally:
        admin(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')
        stop(process)


def answer(port, path, **headers):
    import urllib.error
    import urllib.request

    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=20) as page:
            return page.status, dict(page.headers), page.read()
    except urllib.error.HTTPError as refusal:
        return refusal.code, dict(refusal.headers), refusal.read()


def test_while_the_database_is_down_pages_are_copies_and_the_rest_a_clean_503(server):
    name, port = server
    status, _headers, fresh_page = answer(port, ROUND_PAGE)
    assert status == 200 and b"stale-notice" not in fresh_page
    cut_off(name)
    time.sleep(1)  # past the half second a page trusts the revision it read
    try:
        status, headers, page = answer(port, ROUND_PAGE)
        assert status == 200
        assert headers["X-Page-Copy"].startswith("stale")
        assert b"stale-notice" in page and b"may be out of date" in page
        for path in ("/t/demo/men/standings/", "/api/tournaments/demo/men/standings/", "/"):
            status, headers, _body = answer(port, path)
            assert status == 503, path
            assert int(headers["Retry-After"]) > 0, path
        # A signed-in reader never gets the anonymous copy.
        status, headers, _body = answer(port, ROUND_PAGE, Cookie="sessionid=abc")
        assert status == 503 and "Retry-After" in headers
    finally:
        admin(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')
    deadline = time.monotonic() + 20
    while answer(port, ROUND_PAGE)[0] != 200 or b"stale-notice" in answer(port, ROUND_PAGE)[2]:
        assert time.monotonic() < deadline, "the server did not recover"
        time.sleep(0.5)


def test_a_held_table_lock_costs_seconds_not_thirty(server, scratch):
    _name, port = server
    _name, url = scratch
    assert fetch(port, "/api/tournaments/demo/")[0] == 200
    with psycopg.connect(url) as holder:
        holder.execute("LOCK TABLE tournaments_tournament IN ACCESS EXCLUSIVE MODE")
        started = time.monotonic()
        status, headers, _body = answer(port, "/api/tournaments/demo/men/standings/")
        waited = time.monotonic() - started
        holder.rollback()
    assert waited < 6, waited
    assert status == 503 and "Retry-After" in headers
