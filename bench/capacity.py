"""How many tables one set-up holds: shown on the other phones p95 under 250 ms, none lost,
no entry failed.

    .venv/bin/python bench/capacity.py [--game mix|wallenstein|...|dice_race]
                                       [--setup embedded|pg-redis] [--processes 2]
                                       [--steps 50,100,150,200,300,400] [--seconds 40]

Runs ``bench/live.py``'s measurement at each number of tables (the real games' tables as
``live.py`` deals them, up to 5 phones each, an entry per table every 5 s) and stops after
the first that misses; prints the largest that held. Every run prints the host's speed
and load: a run on a loaded machine misses early, so retake the last step when in doubt.
"""

from __future__ import annotations

import argparse

from common import run
from live import measure, parser

TARGET_MS = 250.0


async def main() -> None:
    options = parser()
    options.add_argument("--steps", default="50,100,150,200,300,400")
    args = options.parse_args()
    held = 0
    for tables in [int(step) for step in args.steps.split(",")]:
        figures = await measure(argparse.Namespace(**{**vars(args), "tables": tables}))
        verdict = (
            f"shown p95 {figures['shown_p95']:.0f} ms, never shown {figures['lost']:.0f}, "
            f"entries failed {figures['failed']:.0f}, tables not set up "
            f"{figures['not_set_up']:.0f}"
        )
        missed = figures["shown_p95"] >= TARGET_MS or any(
            figures[kind] > 0 for kind in ("lost", "failed", "not_set_up")
        )
        if missed:
            print(f"{tables} tables: missed ({verdict})", flush=True)
            break
        held = tables
        print(f"{tables} tables: held ({verdict})", flush=True)
    processes = 1 if args.setup == "embedded" else args.processes
    print(
        f"largest held: {held} tables of {args.game}, up to {args.phones} phones each "
        f"({args.setup}, {processes} process(es))"
    )


if __name__ == "__main__":
    run(main())
