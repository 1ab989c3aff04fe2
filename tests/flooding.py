"""A flood of wrong passwords, each flooder from a loopback address of its own (nginx then sees a
hall of clients), and a reader from another address reading pages meanwhile: what
tests/foundation/test_login_flood.py and test_client_address.py check and bench/login_flood.py
times. The passwords go to the login form (`flood`) or, as Basic credentials, to the API
(`flood_basic`), which takes none: a token or a session."""

import base64
import re
import threading
import time
import urllib.parse
from collections import Counter
from http.client import HTTPConnection

READER = "127.0.0.2"
PAGES = ("/healthz", "/t/demo/men/standings/")


def request(port, source, method, path, body=None, headers=None):
    connection = HTTPConnection("127.0.0.1", port, timeout=30, source_address=(source, 0))
    try:
        connection.request(method, path, body=body, headers=headers or {})
        answer = connection.getresponse()
        return answer.status, answer.headers, answer.read()
    finally:
        connection.close()


def flood(port, source, until, statuses):
    """Wrong passwords for made-up usernames from `source` until `until`, each posted as soon
    as the last is answered; `statuses` counts the answers (and the Retry-After of each 429)."""
    _status, headers, _body = request(port, source, "GET", "/accounts/login/")
    csrf = re.search(r"csrftoken=([^;]+)", headers["Set-Cookie"]).group(1)
    n = 0
    while time.monotonic() < until:
        n += 1
        fields = {
            "username": f"guess-{source}-{n}",
            "password": "wrong",
            "csrfmiddlewaretoken": csrf,
        }
        try:
            status, headers, _body = request(
                port,
                source,
                "POST",
                "/accounts/login/",
                body=urllib.parse.urlencode(fields),
                headers={
                    "Content-Type": "application/x-www-form-urlencoded",
                    "Cookie": f"csrftoken={csrf}",
                },
            )
        except OSError as error:
            status = type(error).__name__
        statuses[status] += 1
        if status == 429:
            statuses[f"Retry-After: {headers.get('Retry-After')}"] += 1


BASIC = "Basic " + base64.b64encode(b"arbiter:guessing-the-password").decode()


def flood_basic(port, source, until, statuses):
    """Writes to the API from `source` with Basic credentials (the arbiter's name and a wrong
    password) until `until`, each as soon as the last is answered; `statuses` counts the
    answers by status and WWW-Authenticate."""
    headers = {"Authorization": BASIC, "Content-Type": "application/json"}
    while time.monotonic() < until:
        try:
            status, answer_headers, _body = request(
                port, source, "POST", "/api/v1/tournaments/demo/men/pair/", b"{}", headers
            )
            status = f"{status} {answer_headers.get('WWW-Authenticate')}"
        except OSError as error:
            status = type(error).__name__
        statuses[status] += 1


def read_pages(port, until):
    """The reader's reads of PAGES in turn, 50 ms apart, until `until`: (seconds, path, status)
    of each."""
    taken = []
    while time.monotonic() < until:
        for path in PAGES:
            started = time.perf_counter()
            try:
                status, _headers, _body = request(port, READER, "GET", path)
            except OSError:
                status = None
            taken.append((time.perf_counter() - started, path, status))
        time.sleep(0.05)
    return taken


def flooders_addresses(flooders: int, first: int = 10) -> list[str]:
    return [f"127.0.0.{first + n}" for n in range(flooders)]


def flood_while_reading(port, flooders: int, seconds: float, flooder=flood, first: int = 10):
    """`flooders` flooders (127.0.0.`first` and up) for `seconds`, each a `flooder` (`flood`,
    or `flood_basic`), the reader reading from the first second on: (the reader's reads, the
    flood's answers counted)."""
    for path in PAGES:  # warm: the standings' copy exists before the flood
        request(port, READER, "GET", path)
    statuses = Counter()
    until = time.monotonic() + seconds
    threads = [
        threading.Thread(target=flooder, args=(port, address, until, statuses))
        for address in flooders_addresses(flooders, first)
    ]
    for thread in threads:
        thread.daemon = True
        thread.start()
    time.sleep(1)  # the flood is under way
    taken = read_pages(port, until)
    for thread in threads:
        thread.join(timeout=60)
    return taken, statuses
