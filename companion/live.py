"""Live updates: tell every connected device of this process that a table has a new version.

The news is only "table X is now at version N"; each stream then sends its device the
region it may see at that version (``companion.regions``). Fan-out:
- embedded (default): the in-process hub, nothing to install;
- ``REDIS_URL`` set: several server processes. An entry is announced at once to the
  streams of its own process, and through Redis to the others. Redis is never on an
  entry's path: a background thread publishes, with short timeouts, and drops what it
  cannot send. While Redis is down or hung, each process reads the versions of the
  tables its devices watch from the database once a second instead, so every screen
  still moves; pushes through Redis resume when it answers again.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import functools
import json
import logging
import queue
import threading
import time
from collections import defaultdict
from collections.abc import AsyncIterator, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, ParamSpec, TypeVar

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import close_old_connections

logger = logging.getLogger(__name__)
P = ParamSpec("P")
R = TypeVar("R")
CHANNEL_PREFIX = "companion:table:"
POLL_SECONDS = 1.0  # database reads per process while Redis does not answer
PING_SECONDS = 1.0  # how often the listener checks that Redis answers
DEAD_AFTER = 2.5  # seconds without an answer from Redis before it counts as down


# The streams' database reads and renders: a small pool of their own, so that pushing news
# to many devices never takes a thread from the entries or the page loads.
live_threads = ThreadPoolExecutor(max_workers=settings.LIVE_THREADS, thread_name_prefix="live")


def _fresh_connection(function: Any) -> Any:
    def run(*args: Any, **kwargs: Any) -> Any:
        close_old_connections()  # what a request's end would do: drop broken connections
        return function(*args, **kwargs)

    return run


def in_live_thread(function: Any) -> Any:
    """``function`` as a coroutine that runs in one of the live threads."""
    return sync_to_async(_fresh_connection(function), thread_sensitive=False, executor=live_threads)


@dataclass(eq=False)
class Subscriber:
    loop: asyncio.AbstractEventLoop
    queue: asyncio.Queue[int] = field(default_factory=lambda: asyncio.Queue(maxsize=64))

    async def next(self, timeout: float) -> int | None:
        """The next announced version, or ``None`` after ``timeout`` seconds of quiet."""
        try:
            # asyncio.timeout, not wait_for: no task of its own for each wait of every stream.
            async with asyncio.timeout(timeout):
                return await self.queue.get()
        except TimeoutError:
            return None

    def deliver(self, version: int) -> None:
        """Thread-safe: called from a request thread, the Redis listener or the poller."""
        with contextlib.suppress(RuntimeError):  # the loop closed: the server is stopping
            self.loop.call_soon_threadsafe(self._put, version)

    def _put(self, version: int) -> None:
        if self.queue.full():  # a slow device only needs the newest version
            with contextlib.suppress(asyncio.QueueEmpty):
                self.queue.get_nowait()
        self.queue.put_nowait(version)


class Hub:
    """The devices connected to this process, by table code."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._subscribers: dict[str, set[Subscriber]] = defaultdict(set)

    def add(self, code: str) -> Subscriber:
        subscriber = Subscriber(asyncio.get_running_loop())
        with self._lock:
            self._subscribers[code].add(subscriber)
        return subscriber

    def remove(self, code: str, subscriber: Subscriber) -> None:
        with self._lock:
            self._subscribers[code].discard(subscriber)
            if not self._subscribers[code]:
                del self._subscribers[code]

    def dispatch(self, code: str, version: int) -> None:
        with self._lock:
            targets = list(self._subscribers.get(code, ()))
        for subscriber in targets:
            subscriber.deliver(version)

    def count(self, code: str) -> int:
        with self._lock:
            return len(self._subscribers.get(code, ()))

    def codes(self) -> list[str]:
        with self._lock:
            return list(self._subscribers)


hub = Hub()


class RedisFanout:
    """Publishes through Redis from a thread of its own; one listener task per process."""

    def __init__(self, url: str) -> None:
        import redis

        self.url = url
        timeout = settings.REDIS_SOCKET_TIMEOUT
        self._client = redis.Redis.from_url(
            url, socket_timeout=timeout, socket_connect_timeout=timeout, retry_on_timeout=False
        )
        self._outbox: queue.Queue[tuple[str, int]] = queue.Queue(maxsize=10_000)
        self._healthy = threading.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self._loop: asyncio.AbstractEventLoop | None = None
        threading.Thread(target=self._publish_forever, name="redis-publish", daemon=True).start()

    @property
    def healthy(self) -> bool:
        return self._healthy.is_set()

    def publish(self, code: str, version: int) -> None:
        """Never blocks: a full outbox means Redis is stuck, and the pollers cover for it."""
        with contextlib.suppress(queue.Full):
            self._outbox.put_nowait((code, version))

    def _publish_forever(self) -> None:
        while True:
            code, version = self._outbox.get()
            try:
                self._client.publish(CHANNEL_PREFIX + code, json.dumps(version))
            except Exception:  # the entry is saved; the other processes poll meanwhile
                self._healthy.clear()
                logger.warning("Could not publish table %s version %s to Redis", code, version)

    def ensure_started(self) -> None:
        loop = asyncio.get_running_loop()
        if self._loop is loop and all(not task.done() for task in self._tasks):
            return
        self._loop = loop
        self._tasks = [loop.create_task(self._listen()), loop.create_task(self._poll())]

    async def _listen(self) -> None:
        import redis.asyncio as aioredis

        timeout = settings.REDIS_SOCKET_TIMEOUT
        while True:
            client = aioredis.Redis.from_url(
                self.url, socket_timeout=DEAD_AFTER, socket_connect_timeout=timeout
            )
            try:
                async with client.pubsub() as pubsub:
                    await asyncio.wait_for(pubsub.psubscribe(CHANNEL_PREFIX + "*"), DEAD_AFTER)
                    await self._relay(pubsub)
            except asyncio.CancelledError:
                raise
            except Exception as error:  # down or hung: the poller covers, then we resume
                if self._healthy.is_set():
                    logger.warning("Redis does not answer (%s); polling the database", error)
                self._healthy.clear()
                await asyncio.sleep(0.5)
            finally:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(client.aclose(), 1)

    async def _relay(self, pubsub: Any) -> None:
        """Hand Redis's messages to the hub; a missing answer to a ping means Redis is stuck."""
        answered = time.monotonic()
        pinged = 0.0
        while True:
            now = time.monotonic()
            if now - answered > DEAD_AFTER:
                raise TimeoutError("no answer to ping")
            if now - pinged >= PING_SECONDS:
                await asyncio.wait_for(pubsub.ping(), DEAD_AFTER)
                pinged = now
            message = await pubsub.get_message(timeout=PING_SECONDS / 2)
            if message is None:
                continue
            answered = time.monotonic()
            self._healthy.set()
            if message["type"] == "pmessage":
                code = message["channel"].decode()[len(CHANNEL_PREFIX) :]
                hub.dispatch(code, int(json.loads(message["data"])))

    async def _poll(self) -> None:
        """While Redis is down, read the watched tables' versions from the database."""
        from companion import regions

        read = in_live_thread(regions.versions_of)
        while True:
            await asyncio.sleep(POLL_SECONDS)
            codes = hub.codes()
            if self.healthy or not codes:
                continue
            try:
                versions = await read(codes)
            except Exception:
                logger.exception("Could not read the tables' versions")
                continue
            for code, version in versions.items():
                hub.dispatch(code, version)


_fanout: RedisFanout | None = None
_fanout_lock = threading.Lock()


def _redis() -> RedisFanout | None:
    global _fanout
    url = settings.REDIS_URL
    if not url:
        return None
    with _fanout_lock:
        if _fanout is None or _fanout.url != url:
            _fanout = RedisFanout(url)
        return _fanout


_held: contextvars.ContextVar[list[tuple[str, int]] | None] = contextvars.ContextVar(
    "held", default=None
)


def publish(code: str, version: int) -> None:
    """Announce that table ``code`` reached ``version`` (call after commit; never blocks)."""
    waiting = _held.get()
    if waiting is not None:
        waiting.append((code, version))
        return
    hub.dispatch(code, version)
    fanout = _redis()
    if fanout is not None:
        fanout.publish(code, version)


class EntriesFirst:
    """The streams' renders give way to the entries being handled, for a bounded time.

    A process has one core's worth of Python (the GIL). An entry's answer is what its
    player waits for with the phone in hand; the other phones' renders of that entry
    can start a few milliseconds later without anyone noticing. So a stream waits until
    no entry is in progress, at most ``RENDER_YIELD_SECONDS``, before it asks a live
    thread for its render.

    It waits on the event loop (``quiet``), not in a live thread: a thread held waiting
    renders nothing, and with entries in progress most of the time the two live threads
    spent their time waiting while the other phones' renders queued behind them (the mix
    at 200 tables: 5.6 s behind, ``bench/RESULTS.md``). Once it has a thread, the render
    looks again (``wait``) for what is left of the bound: an entry may have started while
    it waited for the thread.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._quiet = threading.Condition(self._lock)
        self._entries = 0
        self._waiting: set[tuple[asyncio.AbstractEventLoop, asyncio.Future[None]]] = set()

    @contextlib.contextmanager
    def entry(self) -> Iterator[None]:
        with self._lock:
            self._entries += 1
        try:
            yield
        finally:
            with self._lock:
                self._entries -= 1
                woken = self._waiting if not self._entries else set()
                if woken:
                    self._waiting = set()
                if not self._entries:
                    self._quiet.notify_all()
            by_loop: dict[asyncio.AbstractEventLoop, list[asyncio.Future[None]]] = {}
            for loop, quiet in woken:
                by_loop.setdefault(loop, []).append(quiet)
            for loop, waiting in by_loop.items():  # one wake-up of each loop for them all
                with contextlib.suppress(RuntimeError):  # a loop closed at shutdown
                    loop.call_soon_threadsafe(_resolve, waiting)

    def wait(self, at_most: float) -> None:
        """In a thread: return once no entry is in progress, or after ``at_most`` seconds."""
        if at_most <= 0:
            return
        with self._quiet:
            self._quiet.wait_for(lambda: not self._entries, timeout=at_most)

    def waiting(self) -> int:
        """How many streams wait to be woken (for the tests)."""
        with self._lock:
            return len(self._waiting)

    async def quiet(self, at_most: float) -> None:
        """Return once no entry is in progress, or after ``at_most`` seconds."""
        loop = asyncio.get_running_loop()
        with self._lock:
            if not self._entries:
                return
            quiet: asyncio.Future[None] = loop.create_future()
            self._waiting.add((loop, quiet))
        try:
            async with asyncio.timeout(at_most):
                await quiet
        except TimeoutError:
            pass
        finally:  # timed out or cancelled (the stream closed): not to be woken any more
            with self._lock:
                self._waiting.discard((loop, quiet))


def _resolve(waiting: list[asyncio.Future[None]]) -> None:
    for quiet in waiting:
        if not quiet.done():  # not timed out or cancelled meanwhile
            quiet.set_result(None)


entries_first = EntriesFirst()


def held(view: Callable[P, R]) -> Callable[P, R]:
    """Announce the view's entries when it returns, not at commit.

    An entry view renders the entering phone's new region and puts it in the region
    cache; announced after that, the phone's own stream finds it there instead of
    rendering it a second time. The wait is that one render.
    """

    @functools.wraps(view)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        waiting: list[tuple[str, int]] = []
        token = _held.set(waiting)
        try:
            with entries_first.entry():
                return view(*args, **kwargs)
        finally:
            _held.reset(token)
            for code, version in waiting:
                publish(code, version)

    return run


@contextlib.asynccontextmanager
async def subscription(code: str) -> AsyncIterator[Subscriber]:
    """Hear of table ``code``'s new versions while the block runs.

    Subscribe first, then read the database: no version can fall between.
    """
    fanout = _redis()
    if fanout is not None:
        fanout.ensure_started()
    subscriber = hub.add(code)
    try:
        yield subscriber
    finally:
        hub.remove(code, subscriber)
