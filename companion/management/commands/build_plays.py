"""``manage.py build_plays``: the upgrade step that builds the plays statistics read.

A finished table's play is built when the game ends. After an upgrade that changed how
plays are derived (migration 0004 marked every stored play stale) or on a server whose
tables finished before plays existed, this builds them all, each in a transaction of its
own, before the server takes requests: no statistics request replays a whole history.
Then it walks each game's ratings once, so the walk is in the cache when the first
statistics page asks (the embedded set-up's cache lives in the server's process and
starts empty). ``manage.py serve`` (``start.py``) runs it after ``migrate``; with nothing
to build it costs a query and the walks (some 50 ms per game with 1,000 plays).
"""

from __future__ import annotations

import gc
from typing import Any

from django.core.management.base import BaseCommand

import games
from companion.players import ratings, results

REPORT_EVERY = 100  # plays between two progress lines


class Command(BaseCommand):
    help = "Build the statistics' record of every finished table that has none or an old one."

    def handle(self, *args: Any, **options: Any) -> None:
        self.build()
        for game in games.all():
            ratings.ratings(game.slug)

    def build(self) -> None:
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
        # The garbage of a thousand replays is collected now, not by the first request
        # (``serve`` runs this in the server's own process): it cost that request ~70 ms.
        gc.collect()
        left = results.pending()
        self.stdout.write(
            f"Counted {built} games."
            + (f" {left} could not be counted (see the log)." if left else "")
        )
