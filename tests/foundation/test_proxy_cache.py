"""docker-compose's nginx (deploy/nginx.conf) shares public pages among anonymous readers.

The demo is served by scripts/serve with sync workers, as compose runs it, behind nginx with the
compose configuration. A copy is shared only when the application marks it (X-Accel-Expires, on
anonymous reads of a published tournament) and only until the end of the second; arbiters and
API clients with credentials always reach the application.
"""

import base64
import json
import time
import urllib.error
import urllib.parse
import urllib.request
from http.cookiejar import CookieJar
from types import SimpleNamespace

import pytest

from tests.servers import (
    DEMO_PASSWORD,
    demo_served,
    nginx_in_front,
    require_nginx,
)

# A shared copy lives until the end of the second it was made in; a reader polling for a saved
# result must see it after that. Far more than that is allowed here, for a loaded machine.
SEEN_WITHIN = 10.0


@pytest.fixture(scope="module")
def hall(tmp_path_factory):
    require_nginx()
    folder = tmp_path_factory.mktemp("proxied")
    with (
        demo_served(folder) as app,
        nginx_in_front(app.port, folder, ready="/") as port,
    ):
        rounds = read(port, "/api/tournaments/demo/men/rounds/").json()
        rounds = rounds.get("results", rounds) if isinstance(rounds, dict) else rounds
        last = max(r["number"] for r in rounds if r["status"] != "draft")
        yield SimpleNamespace(port=port, token=app.token, round=last)


class Answer(SimpleNamespace):
    def json(self):
        return json.loads(self.body)

    @property
    def cache(self) -> str:
        return self.headers.get("X-Cache-Status", "")


def read(port, path, headers=None, opener=None, data=None) -> Answer:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}", headers=headers or {}, data=data
    )
    try:
        # urlopen's opener is made once per process: a new one would make a TLS context and read
        # the system's certificates again (some 40 ms of CPU a request).
        with (opener.open if opener else urllib.request.urlopen)(request, timeout=30) as answer:
            return Answer(status=answer.status, headers=answer.headers, body=answer.read())
    except urllib.error.HTTPError as refusal:
        return Answer(status=refusal.code, headers=refusal.headers, body=refusal.read())


def save_result(hall, game_id: int, south: int) -> Answer:
    auth = {"Authorization": f"Token {hall.token}"}
    # The version the write changes, read as the arbiter (a token's reads are never a copy).
    game = read(hall.port, f"/api/tournaments/demo/games/{game_id}/", headers=auth)
    version = json.loads(game.body)["version"]
    return read(
        hall.port,
        f"/api/tournaments/demo/games/{game_id}/result/",
        headers={**auth, "Content-Type": "application/json", "If-Match": f'"{version}"'},
        data=json.dumps(
            {"ending": "capture", "south_seeds": south, "north_seeds": 47 - south, "reason": "x"}
        ).encode(),
    )


def statuses(port, path, times=20, **options) -> list[str]:
    return [read(port, path, **options).cache for _ in range(times)]


def test_repeated_public_reads_are_answered_from_the_shared_copy(hall):
    for path in (
        f"/t/demo/men/round/{hall.round}/",
        "/t/demo/men/standings/",
        "/api/tournaments/demo/men/standings/",
    ):
        seen = statuses(hall.port, path)
        assert "HIT" in seen, (path, seen)
        # The application's validators still reach the phone; the proxy's own header does not.
        answer = read(hall.port, path)
        assert answer.headers["ETag"] and answer.headers["Cache-Control"] == "no-cache"
        assert "X-Accel-Expires" not in answer.headers


def test_a_saved_result_reaches_readers_once_the_copy_runs_out(hall):
    path = f"/api/tournaments/demo/men/rounds/{hall.round}/"
    board = next(p for p in read(hall.port, path).json()["pairings"] if p["north"] is not None)
    before = board["result"]["south_seeds"] if board["result"] else None
    south = 30 if before != 30 else 29
    saved = save_result(hall, board["id"], south)
    assert saved.status == 200, saved.body
    deadline = time.monotonic() + SEEN_WITHIN
    shown = before
    while shown != south and time.monotonic() < deadline:
        pairing = next(
            p for p in read(hall.port, path).json()["pairings"] if p["id"] == board["id"]
        )
        shown = pairing["result"]["south_seeds"]
        time.sleep(0.05)
    assert shown == south


def test_a_lone_reader_after_a_quiet_while_is_sent_the_saved_result(hall):
    # A crowd keeps the copies fresh; a reader alone, after a quiet while, must not be sent the
    # copy the last reader left (as nginx does when it fetches the next one in the background).
    path = f"/api/tournaments/demo/men/rounds/{hall.round}/"
    board = next(p for p in read(hall.port, path).json()["pairings"] if p["north"] is not None)
    assert "HIT" in statuses(hall.port, path)  # a copy is kept
    south = 30 if board["result"] and board["result"]["south_seeds"] != 30 else 29
    saved = save_result(hall, board["id"], south)
    assert saved.status == 200, saved.body
    # Past the end of the kept copy's second and the application's half second of trust in the
    # revision it read: nothing may still show the old result.
    time.sleep(2.5)
    pairing = next(p for p in read(hall.port, path).json()["pairings"] if p["id"] == board["id"])
    assert pairing["result"]["south_seeds"] == south


def test_an_api_client_with_credentials_always_reaches_the_application(hall):
    headers = {"Authorization": f"Token {hall.token}"}
    seen = statuses(hall.port, "/api/tournaments/demo/men/standings/", headers=headers, times=5)
    assert set(seen) == {"BYPASS"}


def test_a_logged_in_arbiter_is_never_served_the_shared_copy(hall):
    path = f"/t/demo/men/round/{hall.round}/"
    assert "HIT" in statuses(hall.port, path)  # an anonymous copy is there to be served
    cookies = CookieJar()
    arbiter = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(cookies))
    read(hall.port, "/accounts/login/", opener=arbiter)
    csrf = next(cookie.value for cookie in cookies if cookie.name == "csrftoken")
    form = {"username": "arbiter", "password": DEMO_PASSWORD, "csrfmiddlewaretoken": csrf}
    read(
        hall.port,
        "/accounts/login/",
        opener=arbiter,
        data=urllib.parse.urlencode(form).encode(),
        headers={"Referer": f"http://127.0.0.1:{hall.port}/accounts/login/"},
    )
    assert any(cookie.name == "sessionid" for cookie in cookies)
    for _ in range(3):
        page = read(hall.port, path, opener=arbiter)
        assert page.cache == "BYPASS"
        assert "Log out" in page.body.decode()
    # ...and what the arbiter was sent was not kept for the others.
    assert "Log out" not in read(hall.port, path).body.decode()


def test_each_language_has_its_own_shared_copy(hall):
    path = f"/t/demo/men/round/{hall.round}/"
    for _ in range(3):
        english = read(hall.port, path, headers={"Accept-Language": "en"})
        french = read(hall.port, path, headers={"Accept-Language": "fr"})
        assert english.body != french.body
        assert english.headers["Content-Language"] == "en"
        assert french.headers["Content-Language"] == "fr"


def test_unmarked_answers_are_never_kept(hall):
    # The health check (no mark), a page that sets a cookie (the login form), a missing page.
    for path in ("/healthz", "/accounts/login/", "/t/demo/men/round/99/"):
        seen = statuses(hall.port, path, times=5)
        assert "HIT" not in seen, (path, seen)


def test_a_phone_holding_the_current_copy_gets_304_from_the_proxy(hall):
    path = "/t/demo/men/standings/"
    first = next(
        answer for answer in (read(hall.port, path) for _ in range(50)) if answer.cache == "HIT"
    )
    again = read(hall.port, path, headers={"If-None-Match": first.headers["ETag"]})
    assert again.status == 304
    assert again.body == b""


def test_unknown_query_parameters_and_foreign_credentials_share_the_copy(hall):
    path = "/api/tournaments/demo/men/standings/"
    plain = read(hall.port, path)
    basic = {"Authorization": "Basic " + base64.b64encode(b"arbiter:guess").decode()}
    for options in ({}, {"headers": basic}):
        seen = [read(hall.port, f"{path}?nonce={n}", **options) for n in range(20)]
        assert "HIT" in [answer.cache for answer in seen], options
        assert all(answer.status == 200 for answer in seen)
        assert all(answer.body == plain.body for answer in seen if answer.cache == "HIT")
    # A known parameter has its own copy, read as the application reads it.
    table = [read(hall.port, f"{path}?format=csv&nonce={n}") for n in range(10)]
    assert "HIT" in [answer.cache for answer in table]
    assert {answer.headers["Content-Type"].split(";")[0] for answer in table} == {"text/csv"}
