"""What a stream pays per update of a real game: the region's bytes, their gzip, and what
the stream keeps between updates.

    .venv/bin/python bench/stream_updates.py [--game wallenstein] [--seats 5] [--entries 120]

A table of ``--game`` is played in one process for ``--entries`` entries, each picked from
the forms the phone that must act gets (as ``bench/regions.py`` plays it). After every
entry each seat's region and the table screen's are compressed as their streams send them
(``companion.compression.EventCompressor``, one per stream: the text sent last is the
next update's dictionary). Prints per update the region's size, the bytes on the wire, the
compressor's CPU, and the text each stream keeps between updates (its memory).
Nothing here is timed against a limit; an entry not accepted is counted, and a table that ends
is replaced by a new one.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from in_process import setup_django  # noqa: E402
from tables import COUNTS, REAL_GAMES, host_speed  # noqa: E402


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__)
    options.add_argument("--game", choices=REAL_GAMES, default="wallenstein")
    options.add_argument("--seats", type=int, default=0, help="default: as many as allowed up to 5")
    options.add_argument("--entries", type=int, default=120)
    options.add_argument("--seed", type=int, default=1)
    args = options.parse_args()
    seats = args.seats or max(count for count in COUNTS[args.game] if count <= 5)
    os.environ["COMPANION_RATE_LIMITS"] = "off"  # every entry comes from this process
    setup_django(None, "stream-updates")
    from regions import Table  # bench/regions.py (not companion.regions): a played table

    from companion import regions
    from companion.compression import WINDOW, EventCompressor

    print(host_speed(), flush=True)
    rng = random.Random(args.seed)
    table = Table(args.game, seats, rng)
    streams: dict[Any, EventCompressor] = {}
    last: dict[Any, int] = {}  # the bytes each stream's compressor keeps: its last region
    sizes: list[int] = []
    wire: list[int] = []
    seconds: list[float] = []
    not_accepted = tables = 0
    seen = table.regions_now()
    for _ in range(args.entries):
        _seat, accepted = table.enter(seen)
        if table.finished:
            table, streams, last = Table(args.game, seats, rng), {}, {}
            tables += 1
            seen = table.regions_now()
            continue
        not_accepted += not accepted
        version = regions.current_version(table.code) or 0
        for viewer in table.viewers():
            found = regions.region_at_least(table.code, viewer, version)
            if found is None:
                continue
            html = found[1]
            compress = streams.setdefault(viewer, EventCompressor())
            started = time.process_time()
            sent = compress(html)
            seconds.append(time.process_time() - started)
            sizes.append(len(html.encode()))
            last[viewer] = min(sizes[-1], WINDOW)
            wire.append(len(sent))
        seen = table.regions_now()
    kept = list(last.values())
    print(
        f"{args.game}, {seats} seats and a table screen, {len(sizes)} updates "
        f"({args.entries} entries, {tables + 1} table(s), {not_accepted} not accepted):"
    )
    print(f"  region: p50 {statistics.median(sizes):,.0f} B, max {max(sizes):,} B")
    print(
        f"  on the wire (gzip, the last region as dictionary): p50 {statistics.median(wire):,.0f} B,"
        f" p95 {statistics.quantiles(wire, n=20)[-1]:,.0f} B"
    )
    print(f"  the compressor's CPU per update: mean {statistics.fmean(seconds) * 1000:.3f} ms")
    print(f"  kept by each stream between updates: mean {statistics.fmean(kept):,.0f} B")


if __name__ == "__main__":
    main()
