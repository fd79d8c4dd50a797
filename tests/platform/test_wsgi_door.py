"""The synchronous door: a WSGI app on a thread pool, one response handed back whole."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from companion.wsgi_door import ThreadedWSGI, environ_for

SCOPE: dict[str, Any] = {
    "type": "http",
    "method": "POST",
    "path": "/t/ABC/act/",
    "root_path": "",
    "query_string": b"seat=2&x=%C3%A9",
    "http_version": "1.1",
    "scheme": "http",
    "server": ("127.0.0.1", 8000),
    "client": ("127.0.0.5", 51000),
    "headers": [
        (b"content-type", b"application/x-www-form-urlencoded"),
        (b"content-length", b"7"),
        (b"hx-request", b"true"),
        (b"accept", b"text/html"),
        (b"accept", b"*/*"),
    ],
}


def _serve(app: Any, scope: dict[str, Any], messages: list[dict[str, Any]]) -> list[Any]:
    sent: list[Any] = []

    async def receive() -> dict[str, Any]:
        return messages.pop(0)

    async def send(message: Any) -> None:
        sent.append(message)

    door = ThreadedWSGI(app, workers=1, name="test")
    # A loop of its own in a thread of its own: the browser tests' sync Playwright may have
    # left a loop marked as running in this one.
    with ThreadPoolExecutor(1) as runner:
        runner.submit(asyncio.run, door(scope, receive, send)).result(timeout=10)
    return sent


def test_the_environ_is_the_requests_own() -> None:
    environ = environ_for(SCOPE, b"a=1&b=2")
    assert environ["REQUEST_METHOD"] == "POST"
    assert environ["PATH_INFO"] == "/t/ABC/act/" and environ["SCRIPT_NAME"] == ""
    assert environ["QUERY_STRING"] == "seat=2&x=%C3%A9"
    assert environ["CONTENT_TYPE"] == "application/x-www-form-urlencoded"
    assert environ["CONTENT_LENGTH"] == "7"
    assert environ["HTTP_HX_REQUEST"] == "true"
    assert environ["HTTP_ACCEPT"] == "text/html,*/*"  # repeated headers joined
    assert (environ["SERVER_NAME"], environ["SERVER_PORT"]) == ("127.0.0.1", "8000")
    assert environ["REMOTE_ADDR"] == "127.0.0.5"
    assert environ["wsgi.input"].read() == b"a=1&b=2"
    mounted = environ_for({**SCOPE, "root_path": "/app", "path": "/app/ok/"}, b"")
    assert (mounted["SCRIPT_NAME"], mounted["PATH_INFO"]) == ("/app", "/ok/")


def test_the_view_runs_in_a_pool_thread_and_its_response_arrives_whole() -> None:
    seen: dict[str, Any] = {}
    closed = threading.Event()

    class Body:
        def __iter__(self) -> Any:
            yield b"two "
            yield b""
            yield b"three"

        def close(self) -> None:
            closed.set()

    def app(environ: dict[str, Any], start_response: Any) -> Any:
        seen["thread"] = threading.current_thread().name
        seen["body"] = environ["wsgi.input"].read()
        write = start_response("201 Created", [("Content-Type", "text/plain"), ("X-A", " b ")])
        write(b"one ")
        return Body()

    sent = _serve(
        app,
        SCOPE,
        [
            {"type": "http.request", "body": b"a=1", "more_body": True},
            {"type": "http.request", "body": b"&b=2", "more_body": False},
        ],
    )
    assert seen["body"] == b"a=1&b=2"
    assert seen["thread"].startswith("test")
    assert sent == [
        {
            "type": "http.response.start",
            "status": 201,
            "headers": [(b"content-type", b"text/plain"), (b"x-a", b"b")],
        },
        {"type": "http.response.body", "body": b"one two three"},
    ]
    assert closed.is_set()


def test_a_client_gone_before_its_body_arrived_runs_nothing() -> None:
    ran = threading.Event()

    def app(environ: dict[str, Any], start_response: Any) -> Any:
        ran.set()
        start_response("200 OK", [])
        return [b""]

    sent = _serve(app, SCOPE, [{"type": "http.disconnect"}])
    assert sent == [] and not ran.is_set()
