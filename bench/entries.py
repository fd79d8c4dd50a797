"""Entry round trip (submit -> response) with many tables playing at once.

    .venv/bin/python bench/entries.py [--setup embedded|pg-redis] [--tables 50] [--phones 5]

Every table plays at once; at each table the phone whose turn it is sends its entry after a
pause (``--think`` seconds on average; a brisk game night is 5-30 s, the default 2 s is far
busier; 0 sends as fast as the server answers). Prints p50/p99 of the round trip, measured
from sending the entry to having the phone's new page fragment. Target: p99 under 50 ms.
"""

from __future__ import annotations

import asyncio
import time

from common import Phone, arguments, current_version, make_table, report, roll, run, servers, think


async def play_table(
    urls: list[str],
    table: int,
    phones_per_table: int,
    entries: int,
    think_mean: float,
    out: list[float],
    ready: asyncio.Barrier,
) -> None:
    # With two processes, the phones of one table are spread over both.
    phones = [Phone(urls[(table + i) % len(urls)]) for i in range(phones_per_table)]
    host = Phone(urls[table % len(urls)])
    code = await make_table(host, phones)
    version = await current_version(phones[0], code)
    await ready.wait()  # every table set up: measure the game, not the arrivals
    for turn in range(entries):
        await think(think_mean)
        phone = phones[turn % phones_per_table]
        started = time.perf_counter()
        response, version = await roll(phone, code, version)
        out.append((time.perf_counter() - started) * 1000)
        refused = response.status_code != 200 or "flash error" in response.text
        assert not refused, response.text[:500]
    for phone in [*phones, host]:
        await phone.close()


async def main() -> None:
    args = arguments(__doc__)
    with servers(args.setup) as running:
        urls = [server.url for server in running]
        millis: list[float] = []
        ready = asyncio.Barrier(args.tables)
        started = time.perf_counter()
        await asyncio.gather(
            *(
                play_table(urls, t, args.phones, args.entries, args.think, millis, ready)
                for t in range(args.tables)
            )
        )
        elapsed = time.perf_counter() - started
        print(
            f"setup {args.setup}: {args.tables} tables x {args.phones} phones, think {args.think} s, "
            f"{len(millis)} entries in {elapsed:.1f} s"
        )
        report("entry round trip", millis, (0.5, 0.99))


if __name__ == "__main__":
    run(main())
