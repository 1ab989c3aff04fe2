"""A TCP relay on loopback that a test cuts and restores: the network between two servers.

While cut, it closes every connection it carries and every new one at once, as a hall's line
going down looks to the sender (a connection refused or reset)."""

import socket
import threading


class Relay:
    def __init__(self, upstream_port: int):
        self.upstream = ("127.0.0.1", upstream_port)
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(64)
        self.port = self.listener.getsockname()[1]
        self.open = True
        self.carried = 0  # bytes from the sender to the upstream server
        self._sockets: set[socket.socket] = set()
        self._lock = threading.Lock()
        self._closed = False
        threading.Thread(target=self._accept, daemon=True).start()

    def cut(self) -> None:
        with self._lock:
            self.open = False
            for sock in list(self._sockets):
                _close(sock)
            self._sockets.clear()

    def restore(self) -> None:
        with self._lock:
            self.open = True

    def close(self) -> None:
        self._closed = True
        self.cut()
        _close(self.listener)

    def _accept(self) -> None:
        while not self._closed:
            try:
                client, _address = self.listener.accept()
            except OSError:
                return
            with self._lock:
                if not self.open:
                    _close(client)
                    continue
            try:
                server = socket.create_connection(self.upstream, timeout=5)
                server.settimeout(None)
            except OSError:
                _close(client)
                continue
            with self._lock:
                self._sockets.update((client, server))
            threading.Thread(target=self._pump, args=(client, server, True), daemon=True).start()
            threading.Thread(target=self._pump, args=(server, client, False), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket, upstream: bool) -> None:
        try:
            while True:
                data = source.recv(65536)
                if not data:
                    break
                if upstream:
                    self.carried += len(data)
                sink.sendall(data)
        except OSError:
            pass
        finally:
            _close(source)
            _close(sink)
            with self._lock:
                self._sockets.discard(source)
                self._sockets.discard(sink)


def _close(sock: socket.socket) -> None:
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
    try:
        sock.close()
    except OSError:
        pass
