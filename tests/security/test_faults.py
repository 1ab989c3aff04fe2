"""Faults on the production start: a worker killed mid-request, the database gone for a while,
a result entry that fails half-way. The server recovers, answers with a clean error page or the
API's JSON (never a traceback), and nothing half-written stays."""

import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tournaments.models import Result, ResultChange
from tournaments.services.results import ResultEntry, record_result

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def fetch(port: int, path: str, timeout: float = 10) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=timeout) as page:
            return page.status, page.read()
    except urllib.error.HTTPError as refusal:
        return refusal.code, refusal.read()


def wait_until_served(port: int, path: str = "/healthz", seconds: float = 90) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if fetch(port, path, timeout=2)[0] == 200:
                return
        except OSError:
            pass
        time.sleep(0.3)
    pytest.fail(f"the server did not answer {path} again")


def serve(database_url: str, port: int) -> subprocess.Popen:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_"))}
    env.update(
        DEBUG="0",
        SECRET_KEY="fault-tests-" + "k" * 40,
        ALLOWED_HOSTS="127.0.0.1",
        DATABASE_URL=database_url,
        DATABASE_CONNECT_TIMEOUT="2",
        BIND=f"127.0.0.1:{port}",
        WEB_CONCURRENCY="2",
        PYTHON=sys.executable,
    )
    return subprocess.Popen(
        ["sh", "scripts/serve"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )


def stop(server: subprocess.Popen) -> None:
    os.killpg(server.pid, signal.SIGTERM)
    server.wait(timeout=30)


def test_workers_killed_mid_request_are_replaced(tmp_path):
    port = free_port()
    server = serve(f"sqlite:///{tmp_path / 'db.sqlite3'}", port)
    try:
        wait_until_served(port)
        workers = subprocess.run(
            ["pgrep", "-P", str(server.pid)], capture_output=True, text=True
        ).stdout.split()
        assert len(workers) == 2
        in_flight = [
            threading.Thread(target=lambda: _ignore_errors(fetch, port, "/api/tournaments/"))
            for _ in range(8)
        ]
        for request in in_flight:
            request.start()
        for pid in workers:
            os.kill(int(pid), signal.SIGKILL)
        for request in in_flight:
            request.join()
        wait_until_served(port, "/")
        assert fetch(port, "/api/tournaments/")[0] == 200
    finally:
        stop(server)


def _ignore_errors(action, *args):
    try:
        action(*args)
    except OSError:
        pass  # the request the killed worker was serving is lost; the next ones are not


class Cuttable:
    """A TCP relay to PostgreSQL that can be cut (every connection dropped, new ones refused)
    and restored: the database unreachable for a while, as a failed link or a restart makes it."""

    def __init__(self, target_port: int):
        self.target_port = target_port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.up = True
        self.links: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            if not self.up:
                client.close()
                continue
            upstream = socket.create_connection(("127.0.0.1", self.target_port))
            self.links += [client, upstream]
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(source, sink):
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for end in (source, sink):
                try:
                    end.close()
                except OSError:
                    pass

    def cut(self):
        self.up = False
        for link in self.links:
            try:
                link.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        self.links.clear()

    def restore(self):
        self.up = True

    def close(self):
        self.listener.close()
        self.cut()


@pytest.mark.skipif(
    not os.environ.get("DATABASE_URL", "").startswith("postgres"),
    reason="runs with the PostgreSQL suite (DATABASE_URL=postgres://…)",
)
def test_the_database_gone_for_a_while_gives_clean_errors_then_service_resumes():
    name = f"oware_faults_{os.getpid()}"
    admin = ["psql", "-q", "-h", "127.0.0.1", "-U", "postgres"]
    subprocess.run([*admin, "-c", f"CREATE DATABASE {name}"], check=True)
    relay = Cuttable(5432)
    port = free_port()
    server = serve(f"postgres://postgres@127.0.0.1:{relay.port}/{name}", port)
    try:
        wait_until_served(port)
        assert fetch(port, "/api/tournaments/")[0] == 200
        relay.cut()
        status, body = fetch(port, "/api/tournaments/")
        assert status == 500
        assert body.startswith(b'{"code": "server_error"')
        status, body = fetch(port, "/")
        assert status == 500
        assert b"Traceback" not in body and b"psycopg" not in body
        relay.restore()
        wait_until_served(port, "/api/tournaments/")
        assert fetch(port, "/")[0] == 200
    finally:
        stop(server)
        relay.close()
        subprocess.run([*admin, "-c", f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"], check=False)


@pytest.mark.django_db
def test_a_result_entry_failing_half_way_leaves_nothing(game, alice, monkeypatch):
    def audit_fails(**fields):
        raise ConnectionError("the database went away after the result was written")

    monkeypatch.setattr(ResultChange.objects, "create", audit_fails)
    with pytest.raises(ConnectionError):
        record_result(game, ResultEntry(ending="capture", south_seeds=25, north_seeds=11), by=alice)
    assert not Result.objects.filter(pairing=game).exists()
