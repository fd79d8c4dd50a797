"""``manage.py build_plays``: the upgrade step that builds the plays statistics read.

A finished table's play is built when the game ends. After an upgrade that changed how
plays are derived (migration 0004 marked every stored play stale) or on a server whose
tables finished before plays existed, this builds them all, each in a transaction of its
own, before the server takes requests: no statistics request replays a whole history.
``manage.py serve`` (``start.py``) runs it after ``migrate``; nothing to do is one query.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from companion.players import results

REPORT_EVERY = 100  # plays between two progress lines


class Command(BaseCommand):
    help = "Build the statistics' record of every finished table that has none or an old one."

    def handle(self, *args: Any, **options: Any) -> None:
        total = results.pending()
        if not total:
            return
        self.stdout.write(f"Counting {total} finished games for the statistics (once) ...")
        self.stdout.flush()

        def progress(done: int, total: int) -> None:
            if done % REPORT_EVERY == 0 or done == total:
                self.stdout.write(f"  {done} / {total}")
                self.stdout.flush()

        built = results.build_stale(progress)
        left = results.pending()
        self.stdout.write(
            f"Counted {built} games."
            + (f" {left} could not be counted (see the log)." if left else "")
        )
