"""Where an entry's time goes, in one process without HTTP: the region renders and the write.

    .venv/bin/python bench/regions.py [--game dice_race] [--seats 5] [--repeat 200] [--profile]

A table of ``--seats`` plays 30 entries; then prints the mean CPU time of reading a
version's table data, of rendering one seat's region and the table screen's, and of one
entry (the write alone), and with ``--profile`` the top functions of the renders.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__)
    options.add_argument("--seats", type=int, default=5)
    options.add_argument("--repeat", type=int, default=200)
    options.add_argument("--profile", action="store_true")
    options.add_argument("--queries", action="store_true", help="print an entry's SQL")
    args = options.parse_args()
    folder = tempfile.mkdtemp()
    os.environ.update(
        COMPANION_DATA_DIR=folder,
        COMPANION_EXTRA_GAMES="tests.engines.dice_race",
        DJANGO_SETTINGS_MODULE="companion.settings",
        COMPANION_RATE_LIMITS="off",
    )
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client

    from companion import regions
    from companion.services import entries

    call_command("migrate", verbosity=0)
    host = Client()
    response = host.post("/", {"game": "dice_race", "players": args.seats, "opt.target": "10000"})
    code = response["Location"].strip("/").split("/")[-1]
    phones = []
    for index in range(args.seats):
        phone = Client()
        phones.append(phone)
        colour = ["red", "blue", "green", "yellow", "purple"][index]
        phone.post(f"/t/{code}/join/", {"seat": index, "name": f"P{index}", "colour": colour})
    host.post(f"/t/{code}/start/")

    def enter(seat: int) -> None:
        data = regions.load(code)
        assert data is not None
        entries.submit_action(
            code,
            entries.Actor(seat=seat),
            version=data.table.state_version,
            idempotency_key=uuid.uuid4().hex,
            action=json.loads('{"type": "roll", "by_app": true}'),
        )

    for turn in range(30):
        enter(turn % args.seats)
    data = regions.load(code)
    assert data is not None
    seat = regions.Viewer(kind="seat", language="cs", seat=1)
    table = regions.Viewer(kind="table", language="cs", origin="http://x")

    def timed(name: str, work: object) -> None:
        started = time.process_time()
        for _ in range(args.repeat):
            work()  # type: ignore[operator]
        print(f"{name}: {(time.process_time() - started) / args.repeat * 1000:.2f} ms CPU")

    timed("table data of a version (data_for)", lambda: regions.data_for(data.table))
    timed("a seat's region", lambda: regions.render(data, seat))
    timed("the table screen's region", lambda: regions.render(data, table))
    turn = [30]

    def one_entry() -> None:
        enter(turn[0] % args.seats)
        turn[0] += 1

    timed("an entry's write (submit_action, with the read of its form version)", one_entry)

    def posted_entry() -> None:
        data = regions.load(code)
        assert data is not None
        seat = data.table.applied % args.seats  # dice race: the seats take turns
        phones[seat].post(
            f"/t/{code}/act/",
            {
                "action": '{"type": "roll", "by_app": true}',
                "version": data.table.state_version,
                "idem": uuid.uuid4().hex,
            },
            HTTP_HX_REQUEST="true",
        )

    timed("an entry through Django (middleware, view, the phone's new region)", posted_entry)
    if args.queries:
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        with CaptureQueriesContext(connection) as captured:
            posted_entry()
        for query in captured.captured_queries:
            print(f"  {query['sql'][:160]}")
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        for _ in range(args.repeat):
            posted_entry()
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main()
