"""Log lines of the production settings: each says when, how serious, which request and which
client, so an operator can follow one phone's request through the log."""

import re

from tests.servers import run_django

SCRIPT = """
import django, logging
django.setup()
from django.test import Client
phone = Client(REMOTE_ADDR="203.0.113.7")
answer = phone.get("/no-such-page/", headers={"X-Request-ID": "abc-123"})
print("answered", answer.status_code, answer["X-Request-ID"])
logging.getLogger("oware.outside").warning("no request here")
"""


def test_log_lines_carry_the_time_the_level_the_request_id_and_the_client(tmp_path):
    run = run_django(
        SCRIPT, ALLOWED_HOSTS="testserver", DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}"
    )
    assert run.returncode == 0, run.stderr
    assert "answered 404 abc-123" in run.stdout
    time = r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}"
    assert re.search(
        rf"^{time} WARNING \[abc-123 203\.0\.113\.7\] django\.request: Not Found: /no-such-page/$",
        run.stderr,
        re.MULTILINE,
    ), run.stderr
    assert re.search(rf"^{time} WARNING \[- -\] oware\.outside: no request here$", run.stderr, re.M)


def test_a_request_id_that_is_not_a_plain_token_is_replaced(tmp_path):
    script = (
        "import django; django.setup(); from django.test import Client; "
        "print(Client().get('/healthz', headers={'X-Request-ID': 'x\\\\ny y'})['X-Request-ID'])"
    )
    run = run_django(script, ALLOWED_HOSTS="testserver")
    assert re.fullmatch(r"[0-9a-f]{32}", run.stdout.strip()), run.stdout + run.stderr
