"""A flood of the login form from many addresses is refused at the door, a flood of Basic
credentials to the API is refused without a password checked, and the hall's pages are still
served meanwhile.

The production setup as compose runs it, the demo on SQLite: scripts/serve with four sync
workers, behind nginx with deploy/nginx.conf and TRUSTED_PROXIES naming it. Eight clients, each
from its own loopback address, post wrong passwords as fast as they are answered, while a reader
from another address reads /healthz and the cached standings. How fast the reader is served
during a larger flood is measured by bench/login_flood.py (docs/performance.md), not here.
"""

import sqlite3
from types import SimpleNamespace

import pytest

from tests.flooding import flood_basic, flood_while_reading, flooders_addresses
from tests.servers import demo_served, nginx_in_front, require_nginx


@pytest.fixture(scope="module")
def hall(tmp_path_factory):
    require_nginx()
    folder = tmp_path_factory.mktemp("flood")
    with (
        demo_served(
            folder,
            log=folder / "server.log",
            WEB_CONCURRENCY="4",
            TRUSTED_PROXIES="127.0.0.1",
        ) as app,
        nginx_in_front(app.port, folder / "proxy", ready="/") as port,
    ):
        yield SimpleNamespace(port=port, folder=folder, database=app.database)


def test_a_login_flood_from_many_addresses_is_refused_and_the_pages_still_served(hall):
    taken, statuses = flood_while_reading(hall.port, flooders=8, seconds=3)
    report = {"reads": len(taken), "flood": dict(statuses)}
    assert taken and {status for _t, _path, status in taken} == {200}, report
    # Every post was answered, checked (200) or refused past the budgets with a time to come
    # back (429), none left to time out; the budgets were reached.
    assert statuses[429] > 0, report
    assert {key for key in statuses if key not in (200, 429)} <= {
        f"Retry-After: {n}" for n in range(1, 61)
    }, report


def test_a_flood_of_basic_credentials_is_refused_without_a_password_checked(hall):
    """The API takes a token or a session, never a password: Basic credentials, however many,
    are answered as no credentials are, so a flood of them costs the server no hashing."""
    taken, statuses = flood_while_reading(hall.port, 8, 3, flood_basic, first=100)
    report = {"reads": len(taken), "flood": dict(statuses)}
    assert taken and {status for _t, _path, status in taken} == {200}, report
    assert set(statuses) == {"401 Token"}, report
    # Not one of them was checked as a login: django-axes kept no attempt from the flooders.
    with sqlite3.connect(hall.database.removeprefix("sqlite:///")) as database:
        attempted = {ip for (ip,) in database.execute("SELECT ip_address FROM axes_accessattempt")}
    assert not attempted & set(flooders_addresses(8, first=100)), report
