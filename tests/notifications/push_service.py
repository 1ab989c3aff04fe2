"""A push service on this machine, standing where a browser's (FCM, Mozilla's autopush) would:
it hands out subscriptions with keys of its own making, as a browser's PushManager does, then
receives the server's pushes, checks each one's VAPID signature and decrypts its aes128gcm
body with the subscription's private keys (RFC 8291, with the `http_ece` library pywebpush
itself encrypts with)."""

import base64
import json
import os
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit

import http_ece
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

from notifications.vapid import new_key_pair
from tests.notifications.receivers import task_worker

# The server's VAPID keys in these tests, and the contact it gives the push services.
PRIVATE_KEY, PUBLIC_KEY = new_key_pair()
SUBJECT = "mailto:arbiter@accra.example"


def push_worker(**settings):
    """The task worker with these VAPID keys and short pauses between tries."""
    return task_worker(
        **{
            "VAPID_PRIVATE_KEY": PRIVATE_KEY,
            "VAPID_PUBLIC_KEY": PUBLIC_KEY,
            "VAPID_SUBJECT": SUBJECT,
            "PUSH_RETRY_SECONDS": "1,1,1",
            **settings,
        }
    )


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Push:
    """One push as received: the endpoint's path, its headers, the encrypted body."""

    def __init__(self, path: str, headers: dict, body: bytes):
        self.path = path
        self.headers = headers
        self.body = body


class PushService:
    """Answers each push with the next of `answers` ((status, headers) or a status), then 201
    once they are used up; keeps every push received."""

    def __init__(self, answers=(), port: int = 0):
        self.answers = list(answers)
        self.pushes: list[Push] = []
        self.keys: dict[str, tuple[ec.EllipticCurvePrivateKey, bytes]] = {}
        self.lock = threading.Lock()
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                with service.lock:
                    service.pushes.append(
                        Push(self.path, {k.lower(): v for k, v in self.headers.items()}, body)
                    )
                    answer = service.answers.pop(0) if service.answers else 201
                status, headers = answer if isinstance(answer, tuple) else (answer, {})
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.port = self.server.server_address[1]
        self.origin = f"http://127.0.0.1:{self.port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()

    def subscription(self) -> dict:
        """A new subscription at this service, as `PushSubscription.toJSON()` gives it: an
        endpoint, the browser's public key (p256dh) and its auth secret."""
        key = ec.generate_private_key(ec.SECP256R1())
        auth = os.urandom(16)
        path = f"/push/{b64url(os.urandom(12))}"
        self.keys[path] = (key, auth)
        public = key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {
            "endpoint": self.origin + path,
            "keys": {"p256dh": b64url(public), "auth": b64url(auth)},
        }

    def received(self, endpoint: str | None = None) -> list[Push]:
        with self.lock:
            return [
                push
                for push in self.pushes
                if endpoint is None or push.path == urlsplit(endpoint).path
            ]

    def decrypt(self, push: Push) -> dict:
        """The message of `push`, decrypted with its subscription's private keys."""
        assert push.headers["content-encoding"] == "aes128gcm"
        key, auth = self.keys[push.path]
        plain = http_ece.decrypt(push.body, private_key=key, auth_secret=auth, version="aes128gcm")
        return json.loads(plain)

    def wait(self, count: int, endpoint: str | None = None, seconds: float = 60) -> list[Push]:
        """The pushes once `count` have arrived (at `endpoint`); fail after `seconds` (a bound,
        not a measurement)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            pushes = self.received(endpoint)
            if len(pushes) >= count:
                return pushes
            time.sleep(0.1)
        raise AssertionError(f"{count} pushes expected, {len(self.received(endpoint))} came")


def vapid_claims(push: Push, public_key: str) -> dict:
    """The claims of the push's VAPID token (RFC 8292: `Authorization: vapid t=<JWT>, k=<key>`),
    after checking that `k` is the server's public key and the JWT is signed (ES256) with it."""
    scheme, _, parameters = push.headers["authorization"].partition(" ")
    assert scheme == "vapid"
    fields = dict(part.strip().split("=", 1) for part in parameters.split(","))
    assert fields["k"] == public_key
    header, payload, signature = fields["t"].split(".")
    assert json.loads(unb64url(header)) == {"typ": "JWT", "alg": "ES256"}
    raw = unb64url(signature)
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(public_key))
    try:
        key.verify(der, f"{header}.{payload}".encode(), ec.ECDSA(hashes.SHA256()))
    except InvalidSignature:
        raise AssertionError("the VAPID token is not signed with the server's key") from None
    return json.loads(unb64url(payload))
