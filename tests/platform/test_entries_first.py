"""A stream's render gives way to the entries in progress, waiting on the event loop.

``companion.live.EntriesFirst``: a stream asks a live thread for its render once no entry is
in progress, or after a bounded wait. The wait is on the event loop, so that no live thread
is held waiting while renders queue behind it (200 tables of Wallenstein: the other phones'
updates seconds late with the core not busy; bench/RESULTS.md).
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any

from companion.live import EntriesFirst

LONG = 60.0  # a bound the waits below never reach unless the code is wrong


def run(check: Callable[[], Coroutine[Any, Any, None]]) -> None:
    """``check()`` on a loop of its own in a thread of its own: the browser tests' sync
    Playwright may have left a loop marked as running in this one (as test_wsgi_door)."""
    with ThreadPoolExecutor(1) as runner:
        runner.submit(asyncio.run, check()).result(timeout=LONG)


@contextmanager
def entry_in_thread(first: EntriesFirst) -> Iterator[threading.Event]:
    """An entry in progress in another thread (as an entry view runs) until the block sets
    the event it yields."""
    entered, release = threading.Event(), threading.Event()

    def run() -> None:
        with first.entry():
            entered.set()
            release.wait(LONG)

    thread = threading.Thread(target=run)
    thread.start()
    assert entered.wait(LONG)
    try:
        yield release
    finally:
        release.set()
        thread.join(LONG)


def test_no_entry_in_progress_no_wait() -> None:
    first = EntriesFirst()

    async def check() -> None:
        await asyncio.wait_for(first.quiet(LONG), LONG)

    run(check)


def test_the_wait_ends_when_the_entry_does() -> None:
    first = EntriesFirst()

    async def check() -> None:
        with entry_in_thread(first) as release:
            waiting = asyncio.create_task(first.quiet(LONG))
            await asyncio.sleep(0)
            await asyncio.sleep(0)
            assert not waiting.done(), "an entry is in progress: the render waits"
            release.set()
            await asyncio.wait_for(waiting, LONG)  # woken by the entry's end, not LONG

    run(check)


def test_the_wait_is_bounded_while_entries_go_on() -> None:
    first = EntriesFirst()

    async def check() -> None:
        with entry_in_thread(first) as release:
            await asyncio.wait_for(first.quiet(0.01), LONG)
            assert not release.is_set(), "returned with the entry still in progress"
            assert first.waiting() == 0

    run(check)


def test_a_closed_stream_leaves_nothing_to_wake() -> None:
    first = EntriesFirst()

    async def check() -> None:
        with entry_in_thread(first):
            waiting = asyncio.create_task(first.quiet(LONG))
            await asyncio.sleep(0)
            waiting.cancel()
            await asyncio.gather(waiting, return_exceptions=True)
            assert first.waiting() == 0

    run(check)


def test_many_streams_woken_together_each_once() -> None:
    first = EntriesFirst()

    async def check() -> None:
        with entry_in_thread(first) as release:
            waiting = [asyncio.create_task(first.quiet(LONG)) for _ in range(50)]
            await asyncio.sleep(0)
            assert not any(task.done() for task in waiting)
            release.set()
            await asyncio.wait_for(asyncio.gather(*waiting), LONG)
        assert first.waiting() == 0

    run(check)


def test_in_the_thread_the_render_looks_again_for_what_is_left() -> None:
    """An entry started while the render waited for a thread: the thread waits for its end,
    but never past the bound already spent on the event loop."""
    first = EntriesFirst()
    with entry_in_thread(first) as release:
        started = time.monotonic()
        first.wait(-1.0)  # nothing left of the bound: no wait, the entry still in progress
        first.wait(0.01)  # a little left: that little, the entry still in progress
        assert not release.is_set()
        threading.Timer(0.0, release.set).start()  # the entry ends from its own thread
        first.wait(LONG)  # returns at the entry's end
        # Not a speed figure: a wait that missed the entry's end would take the whole LONG.
        assert time.monotonic() - started < LONG / 2
