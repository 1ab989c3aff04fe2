"""What the webhook tests run beside the product: a program receiving webhooks (a real HTTP
server in a thread) and the task worker (`manage.py task_worker`, its own process) on the test
database."""

import json
import threading
import time
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from django.db import connection

from tests.servers import production_env, task_worker_process


class Receiver:
    """Answers `failures` first requests with 500, the others 200; keeps every request."""

    def __init__(self, failures: int = 0):
        self.failures = failures
        self.requests: list[tuple[dict, bytes]] = []
        self.lock = threading.Lock()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                with receiver.lock:
                    receiver.requests.append(
                        ({k.lower(): v for k, v in self.headers.items()}, body)
                    )
                    failing = len(receiver.requests) <= receiver.failures
                answer = b'{"error": "not now"}' if failing else b"ok"
                self.send_response(500 if failing else 200)
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()

    def bodies(self) -> list[dict]:
        with self.lock:
            return [json.loads(body) for _headers, body in self.requests]


def test_database_url() -> str:
    """The address of the database this test runs on, for a process of its own."""
    settings = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{settings['NAME']}"
    user = settings["USER"] or ""
    password = f":{settings['PASSWORD']}" if settings["PASSWORD"] else ""
    where = f"{settings['HOST'] or '127.0.0.1'}:{settings['PORT'] or 5432}"
    return f"postgres://{user}{password}@{where}/{settings['NAME']}"


test_database_url.__test__ = False  # a helper, not a test


@contextmanager
def task_worker(**settings):
    """`manage.py task_worker` on the test database with the deployment's settings (and
    `settings`), private targets allowed and short retry pauses unless `settings` says
    otherwise; stopped after. The database's queue, unless `settings` names a REDIS_URL."""
    env = production_env(
        DATABASE_URL=test_database_url(),
        **{
            "WEBHOOK_ALLOW_PRIVATE": "1",
            "WEBHOOK_RETRY_SECONDS": "1,1,2",
            "WEBHOOK_MAX_ATTEMPTS": "10",
            "REDIS_URL": "",  # the database's queue, whatever this machine's environment says
            "CACHE_URL": "",
            "TASKS_REDIS_URL": "",
            **settings,
        },
    )
    with task_worker_process(env) as worker:
        yield worker


def worker_output(worker) -> str:
    worker.log.seek(0)
    return worker.log.read().decode(errors="replace")[-3000:]


def wait_for(check, seconds: float = 60, what: str = "the deliveries"):
    """Poll `check()` until it is true; fail after `seconds` (a bound, not a measurement)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.2)
    raise AssertionError(f"{what} did not arrive")
