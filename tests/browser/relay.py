"""A phone's network, which a test can cut: a TCP relay between one phone and the server.

``cut()`` closes every open connection (the live stream included) with a reset and answers
every new one with a reset, as a phone that lost its Wi-Fi sees it; ``restore()`` lets
connections through again. ``drop_answers(n)`` lets the next ``n`` entry posts reach the
server and then closes their connections before the answer arrives, as a server that
closes a keep-alive connection under a request does. ``entry_keys`` lists the idempotency
key of every entry post that went through, in order.
"""

from __future__ import annotations

import contextlib
import re
import socket
import struct
import threading
from collections.abc import Iterator

import pytest

ENTRY_POST = re.compile(rb"^POST /t/[^/ ]+/(act|undo)/ ")
IDEM = re.compile(rb"(?:^|&)idem=([0-9a-f]+)")


def _reset(sock: socket.socket) -> None:
    """Close with a TCP reset (SO_LINGER 0), not a clean end of stream.

    ``shutdown`` first: a thread blocked reading the socket keeps it open past a mere
    ``close`` (the kernel holds it for that read), and the connection would live on.
    """
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
    sock.close()


class Relay:
    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.entry_keys: list[str] = []
        self._down = False
        self._to_drop = 0
        self._open: set[socket.socket] = set()
        self._lock = threading.Lock()
        self._closed = False
        threading.Thread(target=self._accept, daemon=True).start()

    # -- what a test does ----------------------------------------------------------------
    def cut(self) -> None:
        with self._lock:
            self._down = True
            doomed = list(self._open)
            self._open.clear()
        for sock in doomed:
            _reset(sock)

    def restore(self) -> None:
        with self._lock:
            self._down = False

    def drop_answers(self, count: int) -> None:
        with self._lock:
            self._to_drop = count

    def close(self) -> None:
        self._closed = True
        self.cut()
        self.listener.close()

    # -- the relay -----------------------------------------------------------------------
    def _accept(self) -> None:
        while not self._closed:
            try:
                client, _address = self.listener.accept()
            except OSError:
                return
            try:
                upstream = socket.create_connection(("127.0.0.1", self.target_port))
            except OSError:
                _reset(client)
                continue
            # Whether the net is down and the connection's registration are one step: a
            # connection accepted while cut() ran would otherwise stay open through the cut
            # (seen on a busy machine: an entry went through a net that was down).
            with self._lock:
                down = self._down
                if not down:
                    self._open.update((client, upstream))
            if down:
                _reset(client)
                upstream.close()
                continue
            drop_next_answer = threading.Event()
            threading.Thread(
                target=self._requests, args=(client, upstream, drop_next_answer), daemon=True
            ).start()
            threading.Thread(
                target=self._answers, args=(upstream, client, drop_next_answer), daemon=True
            ).start()

    def _requests(
        self, client: socket.socket, upstream: socket.socket, drop_next_answer: threading.Event
    ) -> None:
        try:
            while data := client.recv(65536):
                if ENTRY_POST.match(data):
                    with self._lock:
                        if self._to_drop > 0:
                            self._to_drop -= 1
                            drop_next_answer.set()
                found = IDEM.search(data.split(b"\r\n\r\n", 1)[-1])
                if found and (ENTRY_POST.match(data) or b"\r\n\r\n" not in data):
                    with self._lock:  # before it is sent on: the answer may come at once
                        self.entry_keys.append(found.group(1).decode())
                upstream.sendall(data)
        except OSError:
            pass
        finally:
            self._close_pair(client, upstream)

    def _answers(
        self, upstream: socket.socket, client: socket.socket, drop_next_answer: threading.Event
    ) -> None:
        try:
            while data := upstream.recv(65536):
                if drop_next_answer.is_set():  # the server answered: the client never hears it
                    _reset(client)
                    break
                client.sendall(data)
        except OSError:
            pass
        finally:
            self._close_pair(client, upstream)

    def _close_pair(self, client: socket.socket, upstream: socket.socket) -> None:
        with self._lock:
            self._open.discard(client)
            self._open.discard(upstream)
        for sock in (client, upstream):
            with contextlib.suppress(OSError):
                sock.close()


@pytest.fixture
def relay() -> Iterator[object]:
    """Make relays to a server's port: ``relay(server)``."""
    made: list[Relay] = []

    def make(server: object) -> Relay:
        port = int(str(server.url).rsplit(":", 1)[1])  # type: ignore[attr-defined]
        made.append(Relay(port))
        return made[-1]

    yield make
    for each in made:
        each.close()
