"""Random values of the public parameters buy no render and no cache entry, through nginx.

The demo on a scratch PostgreSQL database, served by scripts/serve behind nginx with
deploy/nginx.conf. Each public page is read once as a reader would; then every public parameter
is sent malformed, out of range, or to a page that does not read it. A malformed value is a 400,
a round that does not exist a 404, both `Cache-Control: no-store`; a parameter the page does not
read is served the page's copy. Neither nginx's cache folder nor the application's cache table
gains a copy. A random `Authorization: Token` is a 401.
"""

import json
import os
import sys
import urllib.error
import urllib.parse
import urllib.request
from types import SimpleNamespace

import psycopg
import pytest

from tests.servers import (
    free_port,
    load_demo,
    production_env,
    require_nginx,
    scratch_postgres,
    serve,
    start_proxy,
    stop,
    wait_until_served,
)

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs PostgreSQL and gunicorn")

STANDINGS = "/api/tournaments/demo/men/standings/"
GAMES = "/api/tournaments/demo/games/"
PAGE = "/t/demo/men/standings/"
ROUND = "/t/demo/men/round/1/"

# (page, parameter, value, status): what each random value is answered.
RANDOM = [
    (STANDINGS, "round", "999999", 400),
    (STANDINGS, "round", "abc", 400),
    (STANDINGS, "round", "-1", 400),
    (STANDINGS, "round", "1e3", 400),
    (STANDINGS, "round", "٣", 400),
    (STANDINGS, "round", "4321", 404),
    (STANDINGS, "format", "x" * 40, 400),
    (STANDINGS, "format", "no\x00such", 400),
    (STANDINGS, "limit", "abc", 200),  # the standings are no list: not read, the same copy
    (STANDINGS, "ply", "-3", 200),
    (GAMES, "since", "2026-04-02T20:17:34+23:59", 400),
    (GAMES, "since", "0001-01-01T00:00:00+10:00", 400),
    (GAMES, "since", "yesterday", 400),
    (GAMES, "player", "-1", 400),
    (GAMES, "player", "9" * 40, 400),
    (GAMES, "limit", "-5", 400),
    (GAMES, "limit", "9" * 30, 400),
    (GAMES, "offset", "abc", 400),
    (GAMES, "positions", "maybe", 200),  # read by one game's page, not the list
    (PAGE, "round", "999999", 200),  # the page has no rounds to choose
    (PAGE, "print", "<script>", 200),
    (ROUND, "print", "everything", 400),
    (ROUND, "ply", "abc", 200),
]


@pytest.fixture(scope="module")
def hall(tmp_path_factory):
    require_nginx()
    folder = tmp_path_factory.mktemp("random-parameters")
    with scratch_postgres("random_parameters") as url:
        load_demo(production_env(DATABASE_URL=url))
        port = free_port()
        app = serve(url, port, WEB_WORKER_CLASS="sync")
        try:
            wait_until_served(port)
            proxy_port, proxy = start_proxy(port, folder)
            try:
                wait_until_served(proxy_port, "/")
                yield SimpleNamespace(port=proxy_port, database=url, pages=proxy.page_cache)
            finally:
                stop(proxy)
        finally:
            stop(app)


def read(hall, path, **headers):
    request = urllib.request.Request(f"http://127.0.0.1:{hall.port}{path}", headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, answer.headers, answer.read()
    except urllib.error.HTTPError as refusal:
        return refusal.code, refusal.headers, refusal.read()


def kept(hall) -> tuple[int, int]:
    """Copies in nginx's cache folder, and rendered copies in the application's cache table."""
    files = sum(len(names) for _root, _dirs, names in os.walk(hall.pages))
    with psycopg.connect(hall.database) as connection:
        (rows,) = connection.execute(
            "SELECT count(*) FROM oware_cache WHERE cache_key LIKE %s", ["%:page:%"]
        ).fetchone()
    return files, rows


def test_random_parameters_are_refused_without_a_render_or_a_cache_entry(hall):
    for path in (STANDINGS, GAMES, PAGE, ROUND):
        assert read(hall, path)[0] == 200, path
    before = kept(hall)
    assert before[0] > 0 and before[1] > 0, before  # the readers' copies are there to be kept
    seen = []
    for path, name, value, expected in RANDOM:
        query = urllib.parse.urlencode({name: value})
        status, headers, body = read(hall, f"{path}?{query}")
        seen.append((path, name, value, status))
        if expected != 200:
            assert headers["Cache-Control"] == "no-store", (path, name, value)
            if path.startswith("/api/"):
                problem = json.loads(body)
                assert problem["code"] in ("invalid", "not_found"), problem
                if expected == 400:
                    assert problem["field"] == name, problem
    assert [s[3] for s in seen] == [r[3] for r in RANDOM], seen
    assert kept(hall) == before


def test_a_random_token_is_refused_before_any_copy_is_passed_over(hall):
    for path in (STANDINGS, PAGE):
        status, headers, _body = read(hall, path, Authorization="Token " + "f" * 40)
        assert status == 401, path
        assert headers["Cache-Control"] == "no-store"
