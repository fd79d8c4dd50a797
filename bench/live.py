"""Live-update latency: an entry on one phone -> the news on the table's other phones.

    .venv/bin/python bench/live.py [--setup embedded|pg-redis] [--tables 50] [--phones 5]

Every phone keeps the table's event stream open (Server-Sent Events), as the pages do; on
each announced version the other phones fetch their fresh fragment, as the pages do. One
phone per table enters after a pause (``--think``). Prints the entry round trip p50/p99 and
the update latency (entry sent -> version announced on each other phone) p50/p95. With
``pg-redis`` the phones of one table are spread over two server processes, so most news
crosses from one process to the other through Redis. Targets: entry p99 under 50 ms,
update p95 under 100 ms.
"""

from __future__ import annotations

import asyncio
import time

import httpx
from common import Phone, arguments, current_version, make_table, report, roll, run, servers, think


class Listener:
    """One phone's open event stream; records when each version is announced."""

    def __init__(self, phone: Phone, code: str) -> None:
        self.phone = phone
        self.code = code
        self.seen: dict[int, float] = {}
        self.ready = asyncio.Event()
        self.fetches: set[asyncio.Task[None]] = set()
        self.task = asyncio.create_task(self.listen())

    async def listen(self) -> None:
        timeout = httpx.Timeout(10, read=None)
        async with self.phone.http.stream(
            "GET", f"/t/{self.code}/stream/", timeout=timeout
        ) as response:
            self.ready.set()
            async for line in response.aiter_lines():
                if line.startswith("data: "):
                    version = int(line[6:])
                    self.seen[version] = time.perf_counter()
                    # The page now fetches what it may see, which loads the server as in real
                    # use; like a browser, the stream is read on meanwhile.
                    self.fetches.add(asyncio.create_task(self.refresh()))

    async def refresh(self) -> None:
        await self.phone.http.get(f"/t/{self.code}/me/live/")


async def play_table(  # type: ignore[no-untyped-def]
    urls: list[str],
    table: int,
    args,
    entry_ms: list[float],
    update_ms: list[float],
    ready: asyncio.Barrier,
) -> None:
    phones = [Phone(urls[(table + i) % len(urls)]) for i in range(args.phones)]
    host = Phone(urls[table % len(urls)])
    code = await make_table(host, phones)
    listeners = [Listener(phone, code) for phone in phones]
    await asyncio.gather(*(listener.ready.wait() for listener in listeners))
    version = await current_version(phones[0], code)
    await ready.wait()  # every table set up and every stream open: measure the game
    await asyncio.sleep(1)  # with Redis, every process's listener subscribed
    sent_at: dict[int, tuple[float, int]] = {}
    for turn in range(args.entries):
        await think(args.think)
        seat = turn % args.phones
        started = time.perf_counter()
        response, version = await roll(phones[seat], code, version)
        entry_ms.append((time.perf_counter() - started) * 1000)
        # The entry's own version is the one its response carries.
        sent_at[version] = (started, seat)
    await asyncio.sleep(2)  # let the last news arrive
    for version, (started, seat) in sent_at.items():
        for index, listener in enumerate(listeners):
            if index != seat and version in listener.seen:
                update_ms.append((listener.seen[version] - started) * 1000)
            elif index != seat:
                update_ms.append(float("inf"))  # never arrived: counts against the figure
    for listener in listeners:
        listener.task.cancel()
    for phone in [*phones, host]:
        await phone.close()


async def main() -> None:
    args = arguments(__doc__)
    with servers(args.setup) as running:
        urls = [server.url for server in running]
        entry_ms: list[float] = []
        update_ms: list[float] = []
        ready = asyncio.Barrier(args.tables)
        started = time.perf_counter()
        await asyncio.gather(
            *(play_table(urls, t, args, entry_ms, update_ms, ready) for t in range(args.tables))
        )
        elapsed = time.perf_counter() - started
        print(
            f"setup {args.setup} ({len(urls)} process{'es' if len(urls) > 1 else ''}): "
            f"{args.tables} tables x {args.phones} phones, think {args.think} s, "
            f"{len(entry_ms)} entries in {elapsed:.1f} s"
        )
        report("entry round trip", entry_ms, (0.5, 0.99))
        lost = sum(1 for value in update_ms if value == float("inf"))
        report("live update", update_ms, (0.5, 0.95))
        print(f"updates never received: {lost}")


if __name__ == "__main__":
    run(main())
