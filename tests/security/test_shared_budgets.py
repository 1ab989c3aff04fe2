"""Without Redis, the budgets and the last copies of pages hold per deployment, not per worker:
four gunicorn workers (scripts/serve, as compose runs them) on a scratch PostgreSQL database
share the database's cache table and this machine's last copies. A client gets the documented
number of wrong live-board codes and API reads, whichever worker answers, and a page read once
is served as a copy by every worker while the database does not answer. The counts are exact:
claims sent all at once, answered by every worker together, get the budget and not one more."""

import json
import re
import sys
import threading
import time
import urllib.error
import urllib.request
from types import SimpleNamespace

import psycopg
import pytest

from tests.servers import (
    free_port,
    load_demo,
    production_env,
    run_django,
    scratch_postgres,
    serve,
    stop,
    wait_until_served,
)

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs PostgreSQL and gunicorn")

ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"
WORKERS = 4
CODE_ATTEMPTS = 10
ANON_READS = 12


@pytest.fixture(scope="module")
def deployment():
    with scratch_postgres("shared_budgets") as url:
        load_demo(production_env(DATABASE_URL=url))
        issued = run_django(
            "import django; django.setup()\n"
            "from games.live import live_board_code\n"
            "from tournaments.models import Pairing\n"
            "pairing = Pairing.objects.filter(round__section__tournament__slug='demo',"
            " north__isnull=False).order_by('-round__number').first()\n"
            "print(live_board_code(pairing))",
            DATABASE_URL=url,
        )
        assert issued.returncode == 0, issued.stderr
        code = issued.stdout.split()[-1]
        port = free_port()
        process = serve(
            url,
            port,
            WEB_CONCURRENCY=str(WORKERS),
            WEB_WORKER_CLASS="sync",
            LIVE_CODE_ATTEMPTS=str(CODE_ATTEMPTS),
            API_ANON_READ_RATE=f"{ANON_READS}/minute",
            DATABASE_CONNECT_TIMEOUT="2",
        )
        name = url.rsplit("/", 1)[1]
        try:
            wait_until_served(port)
            yield SimpleNamespace(port=port, code=code, name=name, url=url)
        finally:
            admin(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')
            stop(process)


def admin(sql: str, *params) -> None:
    with psycopg.connect(ADMIN, autocommit=True) as connection:
        connection.execute(sql, params)


def ask(port, path, body=None, headers=None):
    """One request on a connection of its own (so any worker may take it): status, headers."""
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        data=None if body is None else json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "Connection": "close", **(headers or {})},
    )
    try:
        with urllib.request.urlopen(request, timeout=20) as answer:
            return answer.status, dict(answer.headers), answer.read()
    except urllib.error.HTTPError as refusal:
        return refusal.code, dict(refusal.headers), refusal.read()


def test_wrong_live_board_codes_are_counted_for_the_whole_deployment(deployment):
    page = f"/t/demo/board/{deployment.code}/"
    _status, headers, _body = ask(deployment.port, page)
    csrf = re.search(r"csrftoken=([^;]+)", headers["Set-Cookie"]).group(1)
    form = {"Cookie": f"csrftoken={csrf}", "X-CSRFToken": csrf}
    body = {"action": "claim", "side": "S", "device": "guessing-device-01", "code": "AAAAAA"}
    answers = [ask(deployment.port, f"{page}moves/", body, form) for _ in range(CODE_ATTEMPTS + 3)]
    statuses = [status for status, _headers, _body in answers]
    assert json.loads(answers[0][2])["code"] == "wrong_code"
    assert statuses[:CODE_ATTEMPTS] == [403] * CODE_ATTEMPTS, statuses
    assert set(statuses[CODE_ATTEMPTS:]) == {429}, statuses


def test_wrong_codes_sent_at_once_to_every_worker_are_counted_exactly(deployment):
    # A budget of its own: the counts the test above made are dropped.
    with psycopg.connect(deployment.url, autocommit=True) as connection:
        connection.execute("DELETE FROM oware_cache_counts")
    page = f"/t/demo/board/{deployment.code}/"
    _status, headers, _body = ask(deployment.port, page)
    csrf = re.search(r"csrftoken=([^;]+)", headers["Set-Cookie"]).group(1)
    form = {"Cookie": f"csrftoken={csrf}", "X-CSRFToken": csrf}
    body = {"action": "claim", "side": "S", "device": "guessing-device-02", "code": "AAAAAA"}
    sent = 3 * CODE_ATTEMPTS
    start, statuses = threading.Barrier(sent), []

    def guess():
        start.wait()
        statuses.append(ask(deployment.port, f"{page}moves/", body, form)[0])

    guessers = [threading.Thread(target=guess) for _ in range(sent)]
    for guesser in guessers:
        guesser.start()
    for guesser in guessers:
        guesser.join()
    # Each on a connection of its own, the claims were spread over the four workers; exactly
    # the budget was checked (and found wrong), every other one refused before any check.
    assert sorted(statuses) == [403] * CODE_ATTEMPTS + [429] * (sent - CODE_ATTEMPTS)


def test_the_api_throttle_is_counted_for_the_whole_deployment(deployment):
    statuses = [ask(deployment.port, "/api/tournaments/")[0] for _ in range(ANON_READS + 3)]
    assert statuses[:ANON_READS] == [200] * ANON_READS, statuses
    assert set(statuses[ANON_READS:]) == {429}, statuses


def test_a_page_read_once_is_a_copy_on_every_worker_while_the_database_is_down(deployment):
    page = "/t/demo/men/round/1/"
    status, _headers, fresh = ask(deployment.port, page)
    assert status == 200 and b"stale-notice" not in fresh
    admin(f'ALTER DATABASE "{deployment.name}" ALLOW_CONNECTIONS false')
    admin(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
        " WHERE datname = %s AND pid <> pg_backend_pid()",
        deployment.name,
    )
    time.sleep(1)  # past the half second a page trusts the revision it read
    try:
        # Each on a new connection: the workers that never served the page answer too.
        answers = [ask(deployment.port, page) for _ in range(3 * WORKERS)]
    finally:
        admin(f'ALTER DATABASE "{deployment.name}" ALLOW_CONNECTIONS true')
    assert [status for status, _headers, _body in answers] == [200] * len(answers)
    for _status, headers, body in answers:
        assert headers["X-Page-Copy"].startswith("stale") and b"stale-notice" in body
