#!/usr/bin/env python3
"""Install (on first run) and run every test.

    python3 runtests.py [extra pytest arguments]

1. lint (ruff) and types (mypy: the platform package; strictly the engines' contract and
   their declarations, games/base.py, games/moves.py, games/*/moves.py);
2. the whole suite on the embedded default (SQLite, in-process live updates);
3. the same suite again on PostgreSQL + Redis (127.0.0.1), when they answer; in CI
   (CI=true) they must answer, and a skipped test fails the run.
Ends with one line: "total: N passed, N failed, N skipped".
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from bootstrap import ROOT, ensure

RESULTS = ROOT / "test-results"
POSTGRES = os.environ.get("COMPANION_TEST_POSTGRES", "postgres://postgres@127.0.0.1:5432/postgres")
REDIS = os.environ.get("COMPANION_TEST_REDIS", "redis://127.0.0.1:6379/15")
IN_CI = os.environ.get("CI", "").lower() in {"1", "true", "yes"}


def answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return True
    except OSError:
        return False


def run_pytest(python: Path, name: str, args: list[str], env: dict[str, str]) -> int:
    print(f"\n=== {name} ===", flush=True)
    report = RESULTS / f"{name}.xml"
    command = [str(python), "-m", "pytest", f"--junitxml={report}", *args]
    return subprocess.call(command, cwd=ROOT, env=env)


def counts(report: Path) -> tuple[int, int, int]:
    """(passed, failed, skipped) from a junit report."""
    if not report.exists():
        return 0, 1, 0
    root = ET.parse(report).getroot()
    suites = [root] if root.tag == "testsuite" else list(root)
    total = failed = skipped = 0
    for suite in suites:
        total += int(suite.get("tests", 0))
        failed += int(suite.get("failures", 0)) + int(suite.get("errors", 0))
        skipped += int(suite.get("skipped", 0))
    return total - failed - skipped, failed, skipped


def main() -> int:
    python = ensure("test")
    os.chdir(ROOT)
    RESULTS.mkdir(exist_ok=True)
    for old in RESULTS.glob("*.xml"):
        old.unlink()
    extra = sys.argv[1:]
    status = 0

    print("=== lint (ruff, mypy) ===", flush=True)
    if subprocess.call([str(python), "-m", "ruff", "check", "."], cwd=ROOT) != 0:
        status = 1
    if subprocess.call([str(python), "-m", "mypy", "companion"], cwd=ROOT) != 0:
        status = 1
    # The engines' contract and the declarations of their entries (issue 21), strictly.
    strict = [
        "games/base.py",
        "games/moves.py",
        *sorted(str(p.relative_to(ROOT)) for p in ROOT.glob("games/*/moves.py")),
    ]
    if subprocess.call([str(python), "-m", "mypy", "--strict", *strict], cwd=ROOT) != 0:
        status = 1

    base = dict(os.environ)
    base.pop("DATABASE_URL", None)
    base.pop("REDIS_URL", None)
    status |= run_pytest(python, "embedded", extra, base) != 0

    if answers(5432) and answers(6379):
        services = dict(base, DATABASE_URL=POSTGRES, REDIS_URL=REDIS)
        status |= run_pytest(python, "postgres-redis", extra, services) != 0
    elif IN_CI:
        print("PostgreSQL and Redis must answer on 127.0.0.1 in CI.", flush=True)
        status = 1
    else:
        print("\nPostgreSQL/Redis not answering on 127.0.0.1: that run is skipped.", flush=True)

    passed = failed = skipped = 0
    for report in sorted(RESULTS.glob("*.xml")):
        p, f, s = counts(report)
        passed, failed, skipped = passed + p, failed + f, skipped + s
    if IN_CI and skipped:
        print(f"{skipped} tests were skipped; in CI every test must run.", flush=True)
        status = 1
    print(f"total: {passed} passed, {failed} failed, {skipped} skipped", flush=True)
    return 1 if status or failed else 0


if __name__ == "__main__":
    sys.exit(main())
