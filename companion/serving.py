"""The one thread that runs the app's synchronous work, entries first.

Python runs one thread at a time anyway: more threads would only interleave requests
and make each of them slower. Entries (POST) go before page loads, because an entry
makes every other phone at the table reload its page, and the player who tapped should
not wait behind those reloads. The live streams' database reads run here too, so that
an open stream holds no thread and no database connection of its own.
"""

from __future__ import annotations

import contextvars
import itertools
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any

ENTRY, PAGE = 0, 1  # lower runs first
priority: contextvars.ContextVar[int] = contextvars.ContextVar("priority", default=PAGE)


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
        self._calls.put((priority.get(), next(self._order), future, lambda: fn(*args, **kwargs)))
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


requests = PriorityThreadExecutor()
