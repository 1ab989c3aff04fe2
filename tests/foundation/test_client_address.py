"""Behind docker-compose's nginx, every client keeps its own address.

The demo is served by scripts/serve with sync workers, as compose runs it, behind nginx with the
compose configuration and TRUSTED_PROXIES naming the proxy. Clients come from distinct loopback
addresses (127.0.0.2, 127.0.0.3, …), so nginx sees each one as a different client, as in a hall.
"""

import http.client
import re
import subprocess
import sys
import urllib.parse
from types import SimpleNamespace

import pytest

from tests.servers import (
    DEMO_PASSWORD,
    ROOT,
    demo_served,
    nginx_in_front,
    production_env,
    require_nginx,
)

STRANGER, ARBITER, OTHER = "127.0.0.2", "127.0.0.3", "127.0.0.4"
# Low enough to reach in a test, per client address.
ANON_READ_RATE = "8/minute"


@pytest.fixture(scope="module")
def hall(tmp_path_factory):
    require_nginx()
    folder = tmp_path_factory.mktemp("addresses")
    with (
        demo_served(
            folder,
            TRUSTED_PROXIES="127.0.0.1",
            API_ANON_READ_RATE=ANON_READ_RATE,
        ) as app,
        nginx_in_front(app.port, folder, ready="/") as port,
    ):
        yield SimpleNamespace(port=port, database=app.database)


def request(hall, source, method, path, body=None, headers=None, timeout=30):
    connection = http.client.HTTPConnection(
        "127.0.0.1", hall.port, timeout=timeout, source_address=(source, 0)
    )
    try:
        connection.request(method, path, body=body, headers=headers or {})
        answer = connection.getresponse()
        return SimpleNamespace(status=answer.status, headers=answer.headers, body=answer.read())
    finally:
        connection.close()


def log_in(hall, source, password, username="arbiter"):
    """The login form as a browser posts it from `source`: the status of the answer."""
    form = request(hall, source, "GET", "/accounts/login/")
    cookie = re.search(r"csrftoken=([^;]+)", form.headers.get("Set-Cookie", "")).group(1)
    fields = {"username": username, "password": password, "csrfmiddlewaretoken": cookie}
    answer = request(
        hall,
        source,
        "POST",
        "/accounts/login/",
        body=urllib.parse.urlencode(fields),
        headers={
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": f"csrftoken={cookie}",
        },
    )
    return answer


def test_a_strangers_wrong_logins_do_not_lock_the_arbiter_out(hall):
    for _ in range(6):
        refused = log_in(hall, STRANGER, "not-the-password")
        assert refused.status in (200, 429)
    # The stranger's own address is locked for this username...
    assert log_in(hall, STRANGER, DEMO_PASSWORD).status == 429
    # ...while the arbiter, from the hall's other address, logs in.
    logged_in = log_in(hall, ARBITER, DEMO_PASSWORD)
    assert logged_in.status == 302, logged_in.body[:300]
    assert logged_in.headers["Location"] == "/arbiter/"
    # The documented command lifts the lock on the stranger's address.
    lifted = subprocess.run(
        [sys.executable, "manage.py", "unlock_login", "arbiter", "--address", STRANGER],
        cwd=ROOT,
        env=production_env(DATABASE_URL=hall.database),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert lifted.returncode == 0, lifted.stderr
    assert log_in(hall, STRANGER, DEMO_PASSWORD).status == 302


def test_a_forged_forwarded_for_does_not_escape_the_throttle(hall):
    limit = int(ANON_READ_RATE.split("/")[0])
    answers = [
        request(
            hall,
            OTHER,
            "GET",
            "/api/tournaments/",
            headers={"X-Forwarded-For": f"10.0.{n // 250}.{n % 250 + 1}"},
        )
        # Each worker process counts on its own without a shared cache (REDIS_URL): enough
        # requests that one of the two workers sees more than the limit.
        for n in range(2 * limit + 2)
    ]
    statuses = [answer.status for answer in answers]
    assert 429 in statuses, statuses
    throttled = next(answer for answer in answers if answer.status == 429)
    assert int(throttled.headers["Retry-After"]) > 0
    assert throttled.headers["RateLimit-Limit"] == str(limit)
    assert throttled.headers["RateLimit-Remaining"] == "0"
    assert int(throttled.headers["RateLimit-Reset"]) > 0
    # Another client, whatever it claims, still has its own allowance.
    assert request(hall, ARBITER, "GET", "/api/tournaments/").status == 200
