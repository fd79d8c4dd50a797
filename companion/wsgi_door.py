"""Django's WSGI handler on a bounded pool of threads, one hop there and one back.

The synchronous views run on threads of their own pool, so that the event loop, which
holds every open stream, never runs a view. A general WSGI-to-ASGI adapter (a2wsgi,
asgiref) hands each part of a response to the loop as the view yields it and waits there
for the loop to take it: four blocking round trips per request, each waiting for the
loop to come round. With a thousand streams open the loop is rarely idle, and at 150
tables those round trips were most of an entry's time (bench/live.py: p50 42 ms round
trip against 11 ms in the view), with the thread held the whole while.

Every response of this door is small and whole (a page, a region, a static file, a
game's record): the view runs to its end in the thread, the response is collected there,
and the loop gets it in one piece. The body was read before (``deadlines.bounded``), so
the thread never waits for the loop either. The environ follows PEP 3333 as the ASGI
specification's "WSGI compatibility" section maps it.
"""

from __future__ import annotations

import asyncio
import contextvars
import io
import sys
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from companion.deadlines import Receive, Scope, Send

StartResponse = Callable[..., Callable[[bytes], None]]
WSGIApp = Callable[[dict[str, Any], StartResponse], Iterable[bytes]]


@dataclass
class _Response:
    status: int = 500
    headers: list[tuple[bytes, bytes]] = field(default_factory=list)
    chunks: list[bytes] = field(default_factory=list)

    def start(
        self, status: str, headers: list[tuple[str, str]], exc_info: Any = None
    ) -> Callable[[bytes], None]:
        # Nothing is sent before the view ends, so a later call (an error page) simply
        # replaces what an earlier one said (PEP 3333 allows it while nothing is out).
        self.status = int(status.split(" ", 1)[0])
        self.headers = [
            (name.strip().lower().encode("latin1"), value.strip().encode("latin1"))
            for name, value in headers
        ]
        return self.chunks.append


class ThreadedWSGI:
    """An ASGI app that runs a WSGI app on ``workers`` threads named ``name``."""

    def __init__(self, app: WSGIApp, workers: int, name: str) -> None:
        self.app = app
        self.executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix=name)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        body = await _whole_body(receive)
        if body is None:  # the client went away
            return
        context = contextvars.copy_context()
        response = await asyncio.get_running_loop().run_in_executor(
            self.executor, context.run, self._run, environ_for(scope, body)
        )
        await send(
            {"type": "http.response.start", "status": response.status, "headers": response.headers}
        )
        await send({"type": "http.response.body", "body": b"".join(response.chunks)})

    def _run(self, environ: dict[str, Any]) -> _Response:
        response = _Response()
        result = self.app(environ, response.start)
        try:
            response.chunks.extend(chunk for chunk in result if chunk)
        finally:
            close = getattr(result, "close", None)
            if close is not None:
                close()
        return response


async def _whole_body(receive: Receive) -> bytes | None:
    chunks: list[bytes] = []
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return None
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            return b"".join(chunks)


def environ_for(scope: Scope, body: bytes) -> dict[str, Any]:
    """The WSGI environ of an ASGI HTTP request whose whole body is ``body``."""
    script_name = scope.get("root_path", "").encode("utf8").decode("latin1")
    path_info = scope["path"].encode("utf8").decode("latin1")
    if script_name and path_info.startswith(script_name):
        path_info = path_info[len(script_name) :]
    server_name, server_port = scope.get("server") or ("localhost", 80)
    environ: dict[str, Any] = {
        "REQUEST_METHOD": scope["method"],
        "SCRIPT_NAME": script_name,
        "PATH_INFO": path_info,
        "QUERY_STRING": scope["query_string"].decode("ascii"),
        "SERVER_NAME": server_name,
        "SERVER_PORT": str(server_port or 80),
        "SERVER_PROTOCOL": f"HTTP/{scope['http_version']}",
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": scope.get("scheme", "http"),
        "wsgi.input": io.BytesIO(body),
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }
    client = scope.get("client")
    if client is not None:
        environ["REMOTE_ADDR"], environ["REMOTE_PORT"] = client[0], str(client[1])
    for raw_name, raw_value in scope["headers"]:
        name = raw_name.decode("latin1").upper().replace("-", "_")
        key = name if name in ("CONTENT_TYPE", "CONTENT_LENGTH") else f"HTTP_{name}"
        value = raw_value.decode("latin1")
        environ[key] = f"{environ[key]},{value}" if key in environ else value
    return environ
