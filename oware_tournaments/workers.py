"""gunicorn's threaded worker with a deadline on receiving each request.

gunicorn drops a connection that sends nothing, but one that sends a byte now and then (a
slow-header or slow-body attack) holds a worker thread for as long as it likes: ten of them
stop a server that faces clients directly. Here each request — its line, its headers and its
body — must arrive within REQUEST_READ_TIMEOUT seconds of the connection being queued, or the
connection is dropped and the thread serves others. Behind nginx, which buffers whole requests,
the deadline is never near.
"""

import errno
import os
import socket
import time

from gunicorn.workers.gthread import ThreadWorker

READ_SECONDS = float(os.environ.get("REQUEST_READ_TIMEOUT", "10"))


class DeadlineSocket:
    """A socket whose reads fail once the request's deadline has passed; everything else is the
    socket's own."""

    def __init__(self, sock: socket.socket, seconds: float):
        self._sock = sock
        self._seconds = seconds
        self._ends = time.monotonic() + seconds

    def restart(self) -> None:
        """A new request on the connection gets a new deadline."""
        self._ends = time.monotonic() + self._seconds

    def recv(self, size: int, *flags) -> bytes:
        left = self._ends - time.monotonic()
        if left <= 0:
            raise ConnectionResetError(errno.ECONNRESET, "request not received in time")
        self._sock.settimeout(left)
        try:
            return self._sock.recv(size, *flags)
        except TimeoutError as error:
            raise ConnectionResetError(errno.ECONNRESET, "request not received in time") from error
        finally:
            # Writing the answer is not bounded by the request's deadline.
            self._sock.settimeout(None)

    def __getattr__(self, name):
        return getattr(self._sock, name)


class DeadlineThreadWorker(ThreadWorker):
    def enqueue_req(self, conn):
        # The deadline runs from when the connection (or its next request) is queued, not from
        # when a thread takes it: slow clients queued behind other slow clients are already out
        # of time when their turn comes, and cost the clients behind them nothing.
        if not isinstance(conn.sock, DeadlineSocket):
            conn.sock = DeadlineSocket(conn.sock, READ_SECONDS)
        conn.sock.restart()
        return super().enqueue_req(conn)
