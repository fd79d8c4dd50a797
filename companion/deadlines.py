"""Bounds around the synchronous door of the ASGI app: no request can hold the server.

- The request body is read in full on the event loop, within ``BODY_SECONDS`` and
  ``MAX_BODY_BYTES``, before a thread is taken: a slow or huge upload never holds a
  thread of the pool.
- Each request has ``REQUEST_SECONDS``: past that the client gets a 503 page in its
  language. The view itself goes on to its end in its thread (Python cannot stop a
  thread), but the work of every view is bounded where it is done (input limits,
  snapshots for replays, timeouts on the database and on Redis), so it ends soon after.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext_noop

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

# Views still running after their client got the 503: kept so they are not collected.
_overdue: set[asyncio.Task[None]] = set()


class _BodyTooLarge(Exception):
    pass


async def _read_body(receive: Receive, limit: int) -> bytes | None:
    """The whole request body, or ``None`` if the client went away."""
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return None
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            raise _BodyTooLarge
        chunks.append(chunk)
        if not message.get("more_body", False):
            return b"".join(chunks)


def _replay(body: bytes) -> Receive:
    """A ``receive`` that hands the app the body it was read with, then a disconnect."""
    sent = False

    async def receive() -> Message:
        nonlocal sent
        if sent:
            return {"type": "http.disconnect"}
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    return receive


def _language(scope: Scope) -> str:
    """The page language from the language cookie or Accept-Language, without Django's request."""
    headers = {
        key.decode("latin1").lower(): value.decode("latin1") for key, value in scope["headers"]
    }
    codes = [code for code, _name in settings.LANGUAGES]
    cookie = headers.get("cookie", "")
    for part in cookie.split(";"):
        name, _, value = part.strip().partition("=")
        if name == settings.LANGUAGE_COOKIE_NAME and value in codes:
            return value
    for part in headers.get("accept-language", "").split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in codes:
            return code
    return settings.LANGUAGE_CODE


async def _page(scope: Scope, send: Send, status: int, text: str) -> None:
    with translation.override(_language(scope)):
        body = (
            "<!doctype html><meta charset='utf-8'>"
            "<meta name='viewport' content='width=device-width, initial-scale=1'>"
            f"<p style='font:1.2rem sans-serif;margin:2rem'>{translation.gettext(text)}</p>"
        ).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"text/html; charset=utf-8"),
                (b"content-length", str(len(body)).encode()),
                (b"cache-control", b"no-store"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


def bounded(app: ASGIApp) -> ASGIApp:
    """``app`` with its body read up front and a deadline (see the module's docstring)."""

    async def guarded(scope: Scope, receive: Receive, send: Send) -> None:
        try:
            async with asyncio.timeout(settings.BODY_SECONDS):
                body = await _read_body(receive, settings.MAX_BODY_BYTES)
        except _BodyTooLarge:
            await _page(scope, send, 413, gettext_noop("This request is too large."))
            return
        except TimeoutError:
            await _page(
                scope,
                send,
                408,
                gettext_noop("The request took too long to arrive. Please try again."),
            )
            return
        if body is None:
            return

        started = False
        late = False

        async def tracked(message: Message) -> None:
            nonlocal started
            if late:  # the client already has its 503
                return
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        task = asyncio.ensure_future(app(scope, _replay(body), tracked))
        done, _pending = await asyncio.wait({task}, timeout=settings.REQUEST_SECONDS)
        if done:
            task.result()
            return
        if started:  # half a response is out: let it finish
            await task
            return
        late = True
        _overdue.add(task)
        task.add_done_callback(_overdue.discard)
        await _page(
            scope, send, 503, gettext_noop("The server is busy. Please try again in a moment.")
        )

    return guarded
