"""The ASGI application that the start command serves with uvicorn.

Two doors into the same Django project:
- the live streams (and the version probe) are async views, served by Django's ASGI
  handler, so that hundreds of open streams cost no threads;
- every other request is a plain synchronous view. It goes through Django's WSGI
  handler on one request thread: under the ASGI handler each middleware would hop
  between the event loop and a thread twice per request, which costs more than many
  views themselves.

The request thread takes entries (POST) before page loads (GET): an entry makes
every other phone at the table reload its page, and the player who tapped should
not wait behind those reloads.
"""

from __future__ import annotations

import contextvars
import itertools
import os
import queue
import re
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any

from asgiref.sync import sync_to_async
from asgiref.wsgi import WsgiToAsgi, WsgiToAsgiInstance

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")

from django.core.asgi import get_asgi_application  # noqa: E402
from django.core.wsgi import get_wsgi_application  # noqa: E402

ASYNC_PATHS = re.compile(r"^/t/[^/]+/(stream|version)/$")
ENTRY, PAGE = 0, 1  # lower runs first
_priority: contextvars.ContextVar[int] = contextvars.ContextVar("priority", default=PAGE)


class PriorityThreadExecutor(Executor):
    """One thread running submitted calls by priority, then in order of arrival.

    One thread, because Python runs one thread at a time anyway: more threads
    would only interleave requests and make each of them slower.
    """

    def __init__(self) -> None:
        self._calls: queue.PriorityQueue[tuple[int, int, Future[Any], Callable[[], Any]]] = (
            queue.PriorityQueue()
        )
        self._order = itertools.count()
        threading.Thread(target=self._work, name="requests", daemon=True).start()

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        self._calls.put((_priority.get(), next(self._order), future, lambda: fn(*args, **kwargs)))
        return future

    def _work(self) -> None:
        while True:
            _rank, _order, future, call = self._calls.get()
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(call())
            except BaseException as error:  # handed to the waiting request
                future.set_exception(error)


_requests = PriorityThreadExecutor()
# asgiref's own method, unwrapped from its decorator, to run it on our thread.
_run_wsgi_app = WsgiToAsgiInstance.__dict__["run_wsgi_app"].func


class _Request(WsgiToAsgiInstance):
    @sync_to_async(thread_sensitive=False, executor=_requests)
    def run_wsgi_app(self, body: Any) -> None:
        _run_wsgi_app(self, body)


class _SyncDjango(WsgiToAsgi):
    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        _priority.set(ENTRY if scope.get("method") == "POST" else PAGE)
        await _Request(self.wsgi_application, self.duplicate_header_limit)(scope, receive, send)


_async_django = get_asgi_application()
_sync_django = _SyncDjango(get_wsgi_application())


async def application(scope: dict[str, Any], receive: Any, send: Any) -> None:
    if scope["type"] == "http" and not ASYNC_PATHS.match(scope["path"]):
        await _sync_django(scope, receive, send)
    else:
        await _async_django(scope, receive, send)
