"""How many tables one set-up holds: shown-on-other-phones p95 under 250 ms, none lost.

    .venv/bin/python bench/capacity.py [--setup embedded|pg-redis] [--processes 2]
                                       [--steps 50,100,150,200,300,400] [--seconds 30]

Runs ``bench/live.py``'s measurement at each number of tables (5 phones each, an entry per
table every 5 s) and stops after the first that misses; prints the largest that held.
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
        if figures["shown_p95"] >= TARGET_MS or figures["lost"] > 0:
            print(f"{tables} tables: missed (p95 {figures['shown_p95']:.0f} ms)")
            break
        held = tables
        print(f"{tables} tables: held (p95 {figures['shown_p95']:.0f} ms)", flush=True)
    processes = 1 if args.setup == "embedded" else args.processes
    print(
        f"largest held: {held} tables x {args.phones} phones ({args.setup}, {processes} process(es))"
    )


if __name__ == "__main__":
    run(main())
