"""Faults on the production start: a worker killed mid-request, the database gone for a while,
a result entry that fails half-way. The server recovers, answers with a clean error page or the
API's JSON (never a traceback), and nothing half-written stays."""

import http.client
import json
import os
import signal
import socket
import subprocess
import threading
import time

import pytest

from tests.servers import (
    POSTGRES_HOST,
    POSTGRES_PORT,
    fetch,
    free_port,
    migrated,
    postgres_url,
    serve,
    stop,
    wait_until_served,
)
from tournaments.models import Result, ResultChange
from tournaments.services.results import ResultEntry, record_result


def test_workers_killed_mid_request_are_replaced(tmp_path):
    database = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    migrated(database)
    port = free_port()
    server = serve(database, port)
    try:
        wait_until_served(port)
        workers = both_workers(server)
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


def both_workers(server) -> list[str]:
    """The process ids of the server's two gunicorn workers. The master forks them one after the
    other once it has loaded the application (--preload), so the first may already answer while
    the second is being forked."""
    deadline = time.monotonic() + 10
    while True:
        workers = subprocess.run(
            ["pgrep", "-P", str(server.pid)], capture_output=True, text=True
        ).stdout.split()
        if len(workers) == 2 or time.monotonic() > deadline:
            assert len(workers) == 2, workers
            return workers
        time.sleep(0.1)


def _ignore_errors(action, *args):
    try:
        action(*args)
    except (OSError, http.client.HTTPException):
        # The request the killed worker was serving is lost (refused, reset, or its answer cut
        # short); the next ones are not.
        pass


class Cuttable:
    """A TCP relay to PostgreSQL that can be cut (every connection dropped, new ones refused)
    and restored: the database unreachable for a while, as a failed link or a restart makes it."""

    def __init__(self, target_port: int, target_host: str = "127.0.0.1"):
        self.target_port, self.target_host = target_port, target_host
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
            upstream = socket.create_connection((self.target_host, self.target_port))
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


@pytest.mark.database
@pytest.mark.skipif(
    not os.environ.get("DATABASE_URL", "").startswith("postgres"),
    reason="runs with the PostgreSQL suite (DATABASE_URL=postgres://…)",
)
def test_the_database_gone_for_a_while_gives_clean_errors_then_service_resumes():
    name = f"oware_faults_{os.getpid()}"
    admin = ["psql", "-q", postgres_url("postgres")]
    subprocess.run([*admin, "-c", f"CREATE DATABASE {name}"], check=True)
    migrated(postgres_url(name))
    relay = Cuttable(POSTGRES_PORT, POSTGRES_HOST)
    port = free_port()
    server = serve(postgres_url(name, "127.0.0.1", relay.port), port, DATABASE_CONNECT_TIMEOUT="2")
    try:
        wait_until_served(port)
        assert fetch(port, "/api/tournaments/")[0] == 200
        relay.cut()
        # A clean 503 (come back later), never a 500 or the driver's words.
        status, body = fetch(port, "/api/tournaments/")
        assert status == 503
        assert json.loads(body)["code"] == "database_unavailable"
        status, body = fetch(port, "/")
        assert status == 503
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
