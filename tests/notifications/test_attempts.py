"""What one attempt of a delivery keeps when the receiver answers badly: a redirect is not
followed, a slow receiver times out, a closed port is a refused connection, a 5xx is kept with
the start of its answer; a proxy named in the environment is not used, and attempts at once
through the process's one opener each keep their own answer; and the signature is the one the
Standard Webhooks library checks."""

import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from standardwebhooks.webhooks import Webhook

from notifications.delivery import _opener, new_secret, post, sign
from notifications.models import Delivery, Endpoint, Event
from tests.servers import free_port


class Answering(BaseHTTPRequestHandler):
    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        if self.path == "/slow":
            time.sleep(3)
        if self.path == "/moved":
            self.send_response(302)
            self.send_header("Location", "http://169.254.169.254/latest/meta-data/")
            body = b""
        else:
            self.send_response(503)
            body = b"x" * 2000
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.fixture
def server():
    running = ThreadingHTTPServer(("127.0.0.1", 0), Answering)
    threading.Thread(target=running.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{running.server_address[1]}"
    running.shutdown()
    running.server_close()


@pytest.fixture
def delivery_to(tournament):
    event = Event.objects.create(
        tournament=tournament, kind="result.recorded", message_id="msg_1", body='{"a":1}'
    )

    def make(url):
        endpoint = Endpoint.objects.create(
            tournament=tournament, url=url, events=["result.recorded"], secret=new_secret()
        )
        return endpoint, Delivery.objects.create(
            endpoint=endpoint, event=event, next_attempt_at=event.created_at
        )

    return make


@pytest.mark.django_db
def test_a_redirect_is_a_failure_and_is_not_followed(server, delivery_to):
    outcome = post(*delivery_to(f"{server}/moved"))
    assert not outcome.succeeded and outcome.status_code == 302
    assert outcome.error.startswith("redirect not followed")


@pytest.mark.django_db
def test_an_error_status_keeps_a_bounded_excerpt(server, delivery_to):
    outcome = post(*delivery_to(f"{server}/down"))
    assert (outcome.succeeded, outcome.status_code, outcome.error) == (False, 503, "status 503")
    assert outcome.answer == "x" * 500


@pytest.mark.django_db
def test_a_slow_receiver_times_out(server, delivery_to, settings):
    settings.WEBHOOK_TIMEOUT_SECONDS = 1
    outcome = post(*delivery_to(f"{server}/slow"))
    assert not outcome.succeeded and outcome.error == "timeout after 1 s"


@pytest.mark.django_db
def test_a_closed_port_is_a_refused_connection(delivery_to):
    outcome = post(*delivery_to(f"http://127.0.0.1:{free_port()}/"))
    assert not outcome.succeeded and outcome.error == "connection refused"


@pytest.mark.django_db
def test_a_private_address_is_refused_again_at_delivery(delivery_to, settings):
    endpoint, delivery = delivery_to("http://127.0.0.1:9/")
    settings.WEBHOOK_ALLOW_PRIVATE = False
    outcome = post(endpoint, delivery)
    assert not outcome.succeeded and outcome.status_code is None
    assert "private network" in outcome.error


@pytest.mark.django_db
def test_a_proxy_named_in_the_environment_is_not_used(server, delivery_to, monkeypatch):
    closed = f"http://127.0.0.1:{free_port()}"  # a proxy that would refuse every connection
    for name in ("http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY"):
        monkeypatch.setenv(name, closed)
    monkeypatch.delenv("no_proxy", raising=False)
    monkeypatch.delenv("NO_PROXY", raising=False)
    # The opener reads the environment as it is made, once per process: made again here.
    _opener.cache_clear()
    try:
        outcome = post(*delivery_to(f"{server}/down"))
    finally:
        _opener.cache_clear()
    assert (outcome.status_code, outcome.error) == (503, "status 503")


@pytest.mark.django_db
def test_attempts_at_once_each_keep_their_own_answer(server, delivery_to):
    """One opener serves every delivery of the process: a slow answer and a redirect arriving
    while it waits stay apart."""
    slow, moved = delivery_to(f"{server}/slow"), delivery_to(f"{server}/moved")
    outcomes = {}

    def attempt(name, endpoint, delivery):
        outcomes[name] = post(endpoint, delivery)

    threads = [
        threading.Thread(target=attempt, args=("slow", *slow)),
        threading.Thread(target=attempt, args=("moved", *moved)),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert (outcomes["slow"].status_code, outcomes["slow"].answer) == (503, "x" * 500)
    assert outcomes["moved"].status_code == 302
    assert outcomes["moved"].error.startswith("redirect not followed")


def test_the_signature_is_the_one_the_library_checks():
    from datetime import UTC, datetime

    secret, body = new_secret(), '{"type":"result.recorded"}'
    headers = sign(secret, "msg_42", datetime.now(UTC), body)
    assert headers["webhook-signature"].startswith("v1,")
    assert Webhook(secret).verify(body, headers) == {"type": "result.recorded"}
    with pytest.raises(Exception, match="signature"):
        Webhook(new_secret()).verify(body, headers)
