"""One request, followed through both logs: nginx (deploy/nginx.conf) in front of scripts/serve,
as compose runs them. nginx's access line and the application's lines carry the same request id
(nginx makes it, passes it on as X-Request-ID, the application logs and answers it) and the same
client address: the connection's, or behind a listed outer terminator the address that
terminator appended to X-Forwarded-For (deploy/outer-proxies/), never one a client forged."""

import http.client
import re
import time
import uuid
from types import SimpleNamespace

import pytest

from tests.servers import (
    demo_served,
    nginx_in_front,
    require_nginx,
)

TERMINATOR = "127.0.0.9"  # the outer load balancer, listed in deploy/outer-proxies/
PHONE = "127.0.0.5"  # a client talking to nginx directly


@pytest.fixture(scope="module")
def logged(tmp_path_factory):
    require_nginx()
    folder = tmp_path_factory.mktemp("request-log")
    app_log = folder / "app.log"
    # nginx alone is trusted by the application: it has already settled the client's address.
    with (
        demo_served(folder, log=app_log, TRUSTED_PROXIES="1") as app,
        nginx_in_front(app.port, folder, outer_proxies=(TERMINATOR,)) as port,
    ):
        yield SimpleNamespace(port=port, app_log=app_log, access_log=folder / "access.log")


def ask(logged, source: str, path: str, forwarded: str | None = None) -> str:
    """GET `path` through nginx from `source`; the request id the answer names."""
    connection = http.client.HTTPConnection(
        "127.0.0.1", logged.port, timeout=30, source_address=(source, 0)
    )
    try:
        headers = {"X-Forwarded-For": forwarded} if forwarded else {}
        connection.request("GET", path, headers=headers)
        answer = connection.getresponse()
        answer.read()
        return answer.headers["X-Request-ID"]
    finally:
        connection.close()


def line_with(file, pattern: str) -> str:
    """The log line of `file` matching `pattern`, waiting for the server to write it."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if file.exists():
            for line in file.read_text().splitlines():
                if re.search(pattern, line):
                    return line
        time.sleep(0.1)
    pytest.fail(f"no line matching {pattern!r} in {file.name}")


def both_logs_say(logged, request_id: str, client: str, path: str) -> None:
    address = re.escape(client)
    # nginx: the client's address first, the id the application answered.
    line_with(logged.access_log, rf"^{address} \[.*\] \"GET {re.escape(path)} .* id={request_id} ")
    # the application's access line: the same id and the same client.
    line_with(logged.app_log, rf"ACCESS \[{request_id} {address}\] \"GET {re.escape(path)} ")


def test_a_direct_client_is_logged_with_its_address_and_one_request_id(logged):
    path = f"/healthz?probe={uuid.uuid4().hex}"
    request_id = ask(logged, PHONE, path)
    assert re.fullmatch(r"[0-9a-f]{32}", request_id)  # nginx's $request_id, passed on
    both_logs_say(logged, request_id, PHONE, path)


def test_a_forged_forwarded_for_changes_no_log(logged):
    path = f"/healthz?forged={uuid.uuid4().hex}"
    request_id = ask(logged, PHONE, path, forwarded="10.6.6.6")
    both_logs_say(logged, request_id, PHONE, path)


def test_behind_the_outer_terminator_both_logs_show_the_client_it_saw(logged):
    path = f"/healthz?outer={uuid.uuid4().hex}"
    request_id = ask(logged, TERMINATOR, path, forwarded="203.0.113.50")
    both_logs_say(logged, request_id, "203.0.113.50", path)
    # A client's own entry in front of the terminator's is not believed either.
    path = f"/healthz?outer-forged={uuid.uuid4().hex}"
    request_id = ask(logged, TERMINATOR, path, forwarded="10.6.6.6, 203.0.113.51")
    both_logs_say(logged, request_id, "203.0.113.51", path)


def test_the_applications_own_log_lines_carry_the_same_id_and_client(logged):
    path = f"/no-such-page-{uuid.uuid4().hex}/"
    request_id = ask(logged, TERMINATOR, path, forwarded="203.0.113.52")
    both_logs_say(logged, request_id, "203.0.113.52", path)
    line_with(
        logged.app_log,
        rf"WARNING \[{request_id} 203\.0\.113\.52\] django\.request: Not Found: {re.escape(path)}$",
    )
