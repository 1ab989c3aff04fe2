"""A flood of the login form from many addresses is refused at the door, and the hall's pages
are still served meanwhile.

The production setup as compose runs it, the demo on SQLite: scripts/serve with four sync
workers, behind nginx with deploy/nginx.conf and TRUSTED_PROXIES naming it. Eight clients, each
from its own loopback address, post wrong passwords for made-up usernames as fast as they are
answered, while a reader from another address reads /healthz and the cached standings. How fast
the reader is served during a larger flood is measured by bench/login_flood.py
(docs/performance.md), not here.
"""

from types import SimpleNamespace

import pytest

from tests.flooding import flood_while_reading
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
        yield SimpleNamespace(port=port, folder=folder)


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
