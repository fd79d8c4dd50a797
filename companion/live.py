"""Live updates: tell every connected device that a table has a new version.

The message is only "table X is now at version N"; devices then fetch what
they may see. Two fan-outs, chosen by the settings:
- embedded (default): an in-process hub, nothing to install;
- ``REDIS_URL`` set: every process publishes to Redis and one listener task
  per process hands the messages to its own hub, so a phone connected to
  process A hears of an entry made on process B.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
from collections import defaultdict
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

from django.conf import settings

logger = logging.getLogger(__name__)
CHANNEL_PREFIX = "companion:table:"


@dataclass(eq=False)
class _Subscriber:
    loop: asyncio.AbstractEventLoop
    queue: asyncio.Queue[int] = field(default_factory=lambda: asyncio.Queue(maxsize=64))

    async def next(self, timeout: float) -> int | None:
        """The next announced version, or ``None`` after ``timeout`` seconds of quiet."""
        try:
            return await asyncio.wait_for(self.queue.get(), timeout)
        except TimeoutError:
            return None

    def deliver(self, version: int) -> None:
        """Thread-safe: called from a worker thread or the Redis listener."""
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
        self._subscribers: dict[str, set[_Subscriber]] = defaultdict(set)

    def add(self, code: str) -> _Subscriber:
        subscriber = _Subscriber(asyncio.get_running_loop())
        with self._lock:
            self._subscribers[code].add(subscriber)
        return subscriber

    def remove(self, code: str, subscriber: _Subscriber) -> None:
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


hub = Hub()


class _RedisFanout:
    """Publishes through Redis; one listener task per process feeds the hub."""

    def __init__(self, url: str) -> None:
        import redis

        self.url = url
        self._client = redis.Redis.from_url(url)
        self._listener: asyncio.Task[None] | None = None
        self._listener_loop: asyncio.AbstractEventLoop | None = None

    def publish(self, code: str, version: int) -> None:
        self._client.publish(CHANNEL_PREFIX + code, json.dumps(version))

    def ensure_listener(self) -> None:
        loop = asyncio.get_running_loop()
        if self._listener and not self._listener.done() and self._listener_loop is loop:
            return
        self._listener_loop = loop
        self._listener = loop.create_task(self._listen())

    async def _listen(self) -> None:
        import redis.asyncio as aioredis

        while True:
            try:
                client = aioredis.Redis.from_url(self.url)
                async with client.pubsub() as pubsub:
                    await pubsub.psubscribe(CHANNEL_PREFIX + "*")
                    async for message in pubsub.listen():
                        if message["type"] != "pmessage":
                            continue
                        code = message["channel"].decode()[len(CHANNEL_PREFIX) :]
                        hub.dispatch(code, int(json.loads(message["data"])))
            except asyncio.CancelledError:
                raise
            except Exception:  # Redis restarted: devices poll meanwhile, then we resume
                logger.exception("Redis listener lost its connection; retrying")
                await asyncio.sleep(1)


_fanout: _RedisFanout | None = None


def _redis() -> _RedisFanout | None:
    global _fanout
    url = settings.REDIS_URL
    if not url:
        return None
    if _fanout is None or _fanout.url != url:
        _fanout = _RedisFanout(url)
    return _fanout


def publish(code: str, version: int) -> None:
    """Announce that table ``code`` reached ``version`` (call after commit)."""
    fanout = _redis()
    if fanout is None:
        hub.dispatch(code, version)
        return
    try:
        fanout.publish(code, version)
    except Exception:  # the entry is saved; devices will catch up by polling
        logger.exception("Could not publish table %s version %s to Redis", code, version)


@contextlib.asynccontextmanager
async def subscription(code: str) -> AsyncIterator[_Subscriber]:
    """Hear of table ``code``'s new versions while the block runs.

    Subscribe first, then read the database: no version can fall between.
    """
    fanout = _redis()
    if fanout is not None:
        fanout.ensure_listener()
    subscriber = hub.add(code)
    try:
        yield subscriber
    finally:
        hub.remove(code, subscriber)
