"""HTTPS in the two documented setups (docs/deployment.md), each with the application told to
redirect plain HTTP (SECURE_PROXY_SSL=1, SECURE_SSL_REDIRECT=1): nginx ending TLS itself with a
certificate made here, and an outer terminator in front of nginx that says so in
X-Forwarded-Proto. Neither may redirect a page to itself, and the links the application writes
out in full (QR codes, the API's next page) must say https.
"""

import os
import ssl
import subprocess
import urllib.error
import urllib.request
from types import SimpleNamespace

import pytest

from tests.servers import (
    demo_served,
    free_port,
    nginx_in_front,
    require_nginx,
)

# These start servers on databases of their own, so the suite's database changes nothing: the
# PostgreSQL pass of .ci/run leaves them to the SQLite pass.
pytestmark = pytest.mark.skipif(
    os.environ.get("DATABASE_URL", "").startswith("postgres"), reason="run in the SQLite pass"
)


class NoRedirects(urllib.request.HTTPRedirectHandler):
    # A redirect is what is tested: it is read, not followed.
    def redirect_request(self, *args, **kwargs):
        return None


def get(url: str, headers: dict | None = None) -> SimpleNamespace:
    unverified = ssl.create_default_context()
    unverified.check_hostname = False
    unverified.verify_mode = ssl.CERT_NONE  # the test's own self-signed certificate
    opener = urllib.request.build_opener(
        NoRedirects, urllib.request.HTTPSHandler(context=unverified)
    )
    try:
        with opener.open(urllib.request.Request(url, headers=headers or {}), timeout=30) as page:
            return SimpleNamespace(status=page.status, headers=page.headers, body=page.read())
    except urllib.error.HTTPError as answer:
        return SimpleNamespace(status=answer.code, headers=answer.headers, body=answer.read())


@pytest.fixture(scope="module")
def https(tmp_path_factory):
    require_nginx()
    folder = tmp_path_factory.mktemp("https")
    certificate, key = folder / "certificate.pem", folder / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"]
        + ["-subj", "/CN=127.0.0.1", "-keyout", str(key), "-out", str(certificate)],
        check=True,
        capture_output=True,
    )
    tls_port = free_port()
    with (
        demo_served(
            folder, SECURE_PROXY_SSL="1", SECURE_SSL_REDIRECT="1", SECURE_COOKIES="1"
        ) as app,
        # An outer terminator's nginx (plain HTTP in), and nginx ending TLS itself.
        nginx_in_front(app.port, folder / "outer") as plain_port,
        nginx_in_front(
            app.port, folder / "own", ready=None, tls=(tls_port, certificate, key)
        ) as own_port,
    ):
        yield SimpleNamespace(plain=plain_port, own=own_port, tls=tls_port)


def test_behind_an_outer_terminator_pages_are_served_not_redirected_to_themselves(https):
    forwarded = {"X-Forwarded-Proto": "https"}
    for path in ("/", "/t/demo/", "/accounts/login/", "/api/tournaments/"):
        page = get(f"http://127.0.0.1:{https.plain}{path}", forwarded)
        assert page.status == 200, (path, page.status, page.headers.get("Location"))
    # Plain HTTP that reached nginx without the terminator is sent to HTTPS.
    page = get(f"http://127.0.0.1:{https.plain}/t/demo/")
    assert page.status == 301
    assert page.headers["Location"] == f"https://127.0.0.1:{https.plain}/t/demo/"


def test_behind_an_outer_terminator_full_links_say_https(https):
    forwarded = {"X-Forwarded-Proto": "https"}
    page = get(f"http://127.0.0.1:{https.plain}/t/demo/", forwarded).body.decode()
    assert f"https://127.0.0.1:{https.plain}/t/demo/" in page  # the QR code's address
    assert "http://127.0.0.1" not in page
    listing = get(
        f"http://127.0.0.1:{https.plain}/api/tournaments/demo/men/players/?limit=2", forwarded
    )
    assert b'"next":"https://127.0.0.1' in listing.body.replace(b" ", b"")


def test_nginx_ending_tls_itself_serves_pages_and_redirects_plain_http(https):
    for path in ("/", "/t/demo/", "/accounts/login/", "/api/tournaments/"):
        page = get(f"https://127.0.0.1:{https.tls}{path}")
        assert page.status == 200, (path, page.status, page.headers.get("Location"))
    page = get(f"https://127.0.0.1:{https.tls}/t/demo/").body.decode()
    assert f"https://127.0.0.1:{https.tls}/t/demo/" in page
    assert "http://127.0.0.1" not in page
    # Plain HTTP is sent to HTTPS by nginx, whatever scheme the client claims.
    for claimed in ({}, {"X-Forwarded-Proto": "https"}):
        page = get(f"http://127.0.0.1:{https.own}/t/demo/", claimed)
        assert page.status == 301
        assert page.headers["Location"] == "https://127.0.0.1/t/demo/"
