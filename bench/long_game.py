"""Does an entry cost the same in the 500th turn as in the first?

    .venv/bin/python bench/long_game.py [--setup embedded|pg-redis] [--entries 600]

One table of two phones plays ``--entries`` entries back to back; prints the round trip of
the first and the last 50, and of an undo at the end (which replays from the nearest
snapshot, not from the start).
"""

from __future__ import annotations

import time
import uuid

from common import Phone, arguments, current_version, make_table, percentile, roll, run, servers


async def main() -> None:
    args = arguments(__doc__)
    entries = max(args.entries, 100)
    with servers(args.setup) as running:
        url = running[0].url
        phones = [Phone(url), Phone(url)]
        host = Phone(url)
        # A target no one reaches: the game goes on for every entry.
        code = await make_table(host, phones, target="10000")
        version = await current_version(phones[0], code)
        millis: list[float] = []
        for turn in range(entries):
            started = time.perf_counter()
            response, version = await roll(phones[turn % 2], code, version)
            millis.append((time.perf_counter() - started) * 1000)
            if "Game over" in response.text:
                print(f"the game ended after {turn + 1} entries")
                break
        first, last = millis[:50], millis[-50:]
        print(
            f"entries 1-50: p50 {percentile(first, 0.5):.1f} ms, p99 {percentile(first, 0.99):.1f} ms"
        )
        print(
            f"entries {len(millis) - 49}-{len(millis)}: p50 {percentile(last, 0.5):.1f} ms, "
            f"p99 {percentile(last, 0.99):.1f} ms"
        )
        seat = (len(millis) - 1) % 2
        started = time.perf_counter()
        response = await phones[seat].post(
            f"/t/{code}/undo/", {"version": version, "idem": uuid.uuid4().hex}, htmx=True
        )
        print(
            f"undo after {len(millis)} entries: {(time.perf_counter() - started) * 1000:.1f} ms ({response.status_code})"
        )
        for phone in [*phones, host]:
            await phone.close()


if __name__ == "__main__":
    run(main())
