"""Slow clients against gunicorn as scripts/serve starts it facing clients directly: connections
that send their headers or their body a byte at a time are dropped once the request has not
arrived in time, and meanwhile other clients keep their usual latency. Everything runs on
loopback and stops itself."""

import socket
import statistics
import threading
import time

import pytest

from tests.servers import free_port, migrated, serve, stop, wait_until_served

SLOW = 12  # more slow connections than the server has threads
READ_TIMEOUT = 2


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    database = tmp_path_factory.mktemp("slow") / "db.sqlite3"
    migrated(f"sqlite:///{database}")
    port = free_port()
    process = serve(
        f"sqlite:///{database}",
        port,
        WEB_CONCURRENCY="1",
        WEB_THREADS="4",
        REQUEST_READ_TIMEOUT=str(READ_TIMEOUT),
    )
    try:
        wait_until_served(port)
        yield port
    finally:
        stop(process)


def dribble(port: int, head: bytes, tail: bytes, stop: threading.Event, dropped: list) -> None:
    """Send `head` at once, then `tail` one byte every 0.3 s until the server drops us or
    answers without waiting for the rest (a refusal that needs no body)."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(head)
        started = time.monotonic()
        for byte in tail:
            if stop.is_set():
                return
            try:
                sock.sendall(bytes([byte]))
                time.sleep(0.3)
                sock.setblocking(False)
                try:
                    sock.recv(1024)  # an answer, or b"" when dropped: either way, done
                    break
                except BlockingIOError:
                    pass
                finally:
                    sock.setblocking(True)
            except OSError:
                break
        else:
            return
        dropped.append(time.monotonic() - started)


def latency(port: int) -> float:
    started = time.monotonic()
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        answer = b""
        while chunk := sock.recv(4096):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 200"), answer[:100]
    return time.monotonic() - started


@pytest.mark.parametrize("kind", ["headers", "body"])
def test_slow_clients_are_dropped_and_others_keep_their_latency(server, kind):
    usual = statistics.median(latency(server) for _ in range(5))
    if kind == "headers":
        head = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        tail = b"X-Slow: " + b"a" * 200
    else:
        head = (
            b"POST /t/accra/board/ABCDEF/moves/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: application/json\r\nContent-Length: 300\r\n\r\n"
        )
        tail = b" " * 300
    stop, dropped = threading.Event(), []
    slow = [
        threading.Thread(target=dribble, args=(server, head, tail, stop, dropped), daemon=True)
        for _ in range(SLOW)
    ]
    for thread in slow:
        thread.start()
    time.sleep(0.5)
    try:
        during = [latency(server) for _ in range(15)]
    finally:
        stop.set()
        for thread in slow:
            thread.join(timeout=30)
    # Others are answered in about their usual time, never after a slow client gives up.
    assert statistics.median(during) < max(0.5, 5 * usual), (usual, during)
    assert max(during) < READ_TIMEOUT + 1.5, during
    # And the slow ones were dropped once their time was up, not kept.
    assert len(dropped) == SLOW, dropped
    assert max(dropped) < READ_TIMEOUT + 2, dropped
