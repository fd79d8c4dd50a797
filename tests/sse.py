"""A small Server-Sent Events reader for the tests: a device's open stream, in a thread."""

from __future__ import annotations

import contextlib
import queue
import threading
import time
from dataclasses import dataclass
from typing import Any

import httpx


@dataclass(frozen=True)
class Event:
    kind: str
    data: str
    id: str
    at: float  # time.monotonic() when it arrived


class Stream:
    """Reads ``/t/<code>/stream/`` with the cookies of ``http`` (a device) in a thread."""

    def __init__(self, http: httpx.Client, code: str, query: str = "view=table", since: int = 0):
        self.events: queue.Queue[Event] = queue.Queue()
        self.status: int | None = None
        self.headers: dict[str, str] = {}
        self._stop = threading.Event()
        self._opened = threading.Event()
        url = f"/t/{code}/stream/?{query}&v={since}"
        self._thread = threading.Thread(target=self._read, args=(http, url), daemon=True)
        self._thread.start()
        assert self._opened.wait(10), "the stream did not open"

    def _read(self, http: httpx.Client, url: str) -> None:
        # The server may stop while the stream is open: that ends the test, not an error.
        with contextlib.suppress(httpx.HTTPError):
            timeout = httpx.Timeout(5, read=30)
            with http.stream("GET", url, timeout=timeout) as response:
                self.status = response.status_code
                self.headers = dict(response.headers)
                self._opened.set()
                kind, data, ident = "message", [], ""
                for line in response.iter_lines():
                    if self._stop.is_set():
                        return
                    if line == "":
                        if data or kind != "message":
                            self.events.put(Event(kind, "\n".join(data), ident, time.monotonic()))
                        kind, data = "message", []
                    elif line.startswith("event: "):
                        kind = line[7:]
                    elif line.startswith("data: "):
                        data.append(line[6:])
                    elif line.startswith("id: "):
                        ident = line[4:]
        self._opened.set()

    def next(self, kinds: tuple[str, ...] = ("live", "reset"), timeout: float = 5) -> Event:
        """The next event of one of ``kinds`` (others are skipped)."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no {kinds} event within {timeout} s")
            event = self.events.get(timeout=left)
            if event.kind in kinds:
                return event

    def until(self, version: int, timeout: float = 5) -> Event:
        """The first region event at ``version`` or later (earlier ones are skipped)."""
        deadline = time.monotonic() + timeout
        while True:
            event = self.next(timeout=max(0.01, deadline - time.monotonic()))
            if int(event.id or 0) >= version:
                return event

    def close(self) -> None:
        self._stop.set()


def region_version(html: str) -> int:
    import re

    match = re.search(r'data-version="(\d+)"', html)
    assert match, html[:200]
    return int(match.group(1))


def open_stream(phone: Any, code: str, query: str, since: int = 0) -> Stream:
    return Stream(phone.http, code, query, since)
