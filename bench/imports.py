"""A large BG Stats import: how long each of its transactions holds the database.

    .venv/bin/python bench/imports.py [--plays 11500] [--database-url postgres://…/name]

Issue 22 saw an import of 11,500 plays (1.5 MB) hold the embedded database ~7 minutes in
one transaction. This builds such a file (Babel, Babylon, Störtebeker and Wallenstein
plays of 2–4 of 8 players), checks it and makes its job as the import page does, then
lets a runner write it batch by batch as a server process does (``companion.interop.runner``,
each batch ``companion.interop.jobs.run_batch``, no page polling) in a fresh database
(a temporary SQLite file by default) and prints, per transaction: wall time, CPU time and
queries (median, 95th percentile, slowest). Target: no transaction holds the embedded
database for more than ~50 ms. The figures depend on the machine's load: it is printed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.in_process import setup_django  # noqa: E402 - after the path

NAMES = ["Anna", "Ben", "Cyril", "Dana", "Emil", "Fiona", "Gustav", "Hana"]
GAMES = ["Babel", "Babylon", "Störtebeker", "Wallenstein"]


def big_file(count: int) -> bytes:
    rng = random.Random(22)
    plays = []
    for number in range(count):
        seated = rng.sample(range(len(NAMES)), rng.randint(2, 4))
        plays.append(
            {
                "uuid": f"bench-{number}",
                "playDate": f"20{10 + number // 1000}-{1 + number % 12:02d}-{1 + number % 28:02d}"
                " 20:00:00",
                "durationMin": rng.randint(20, 120),
                "gameRefId": 1 + number % len(GAMES),
                "playerScores": [
                    {
                        "playerRefId": person + 1,
                        "score": str(rng.randint(0, 80)),
                        "seatOrder": order + 1,
                        "startPlayer": order == 0,
                    }
                    for order, person in enumerate(seated)
                ],
            }
        )
    data = {
        "players": [{"id": i + 1, "name": name} for i, name in enumerate(NAMES)],
        "games": [{"id": i + 1, "name": name} for i, name in enumerate(GAMES)],
        "plays": plays,
    }
    return json.dumps(data, separators=(",", ":")).encode()


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--plays", type=int, default=11_500)
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()
    setup_django(args.database_url, "imports")

    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from companion.interop import bgstats, jobs, runner
    from companion.models import Play, Player

    raw = big_file(args.plays)
    anna = Player.objects.create(name="Anna")
    started, started_cpu = time.perf_counter(), time.process_time()
    checked = bgstats.read_file(raw)
    check = time.perf_counter() - started, time.process_time() - started_cpu
    started, started_cpu = time.perf_counter(), time.process_time()
    job = jobs.start(raw, anchors={anna.pk}, home_player=anna.pk, everyone=False)
    upload = time.perf_counter() - started, time.process_time() - started_cpu
    assert len(checked[0]) == job.total
    del checked, job  # as after the upload's request: what it read is not kept

    wall: list[float] = []
    cpu: list[float] = []
    queries: list[int] = []
    original = jobs.write_transaction

    @contextmanager
    def measured() -> Iterator[None]:
        connection.queries_log.clear()
        begun, begun_cpu = time.perf_counter(), time.process_time()
        with CaptureQueriesContext(connection) as seen, original():
            yield
        wall.append(time.perf_counter() - begun)
        cpu.append(time.process_time() - begun_cpu)
        queries.append(len(seen))

    jobs.write_transaction = measured  # type: ignore[assignment]
    writer = runner.Runner()  # one server process's (no page polls)
    started = time.perf_counter()
    writer.start()
    assert writer.wait_idle(3600)
    total = time.perf_counter() - started
    writer.stop()
    assert Play.objects.count() == args.plays

    print(f"database: {connection.vendor}; load average: {os.getloadavg()}")
    print(f"file: {len(raw) / 1e6:.2f} MB, {args.plays} plays, {jobs.BATCH_PLAYS} per batch")
    print(f"reading and checking the file: {check[0] * 1000:.0f} ms (CPU {check[1] * 1000:.0f} ms)")
    print(
        f"the upload (read, check, keep the job): {upload[0] * 1000:.0f} ms"
        f" (CPU {upload[1] * 1000:.0f} ms)"
    )
    print(f"batches: {len(wall)}, all written in {total:.1f} s")
    slowest = sorted(range(len(wall)), key=wall.__getitem__)[-3:]
    print(
        "slowest transactions (number: wall ms / CPU ms): "
        + ", ".join(f"{i}: {wall[i] * 1000:.0f} / {cpu[i] * 1000:.0f}" for i in reversed(slowest))
    )
    for label, values, unit in (
        ("wall per transaction", [w * 1000 for w in wall], "ms"),
        ("CPU per transaction", [c * 1000 for c in cpu], "ms"),
        ("queries per transaction", [float(q) for q in queries], ""),
    ):
        print(
            f"{label}: median {statistics.median(values):.1f}{unit}, "
            f"p95 {percentile(values, 0.95):.1f}{unit}, max {max(values):.1f}{unit}"
        )


if __name__ == "__main__":
    main()
