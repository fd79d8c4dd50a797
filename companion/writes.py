"""Write transactions, with SQLite's writers queued in the process.

SQLite lets one transaction write to the whole database at a time. A second writer that
finds the lock taken does not wait for it to be released: SQLite's busy handler sleeps
1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, 100 ms between tries, so under load an entry
that waits for a 3 ms write may sleep 50 ms or more (measured with ``bench/live.py``: the
entries' p99 was ten times their p50). A lock in the process hands the turn to the next
writer the moment the last one commits. It is re-entrant, so a service may call another;
its wait is bounded like SQLite's own busy timeout. PostgreSQL's row locks need none of it.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from django.conf import settings
from django.db import OperationalError, connection, transaction

_sqlite_writer = threading.RLock()


@contextmanager
def write_transaction() -> Iterator[None]:
    """``transaction.atomic()``; on SQLite, after this process's other writers are done."""
    if connection.vendor != "sqlite":
        with transaction.atomic():
            yield
        return
    if not _sqlite_writer.acquire(timeout=settings.WRITE_WAIT_SECONDS):
        raise OperationalError("database is locked")
    try:
        with transaction.atomic():
            yield
    finally:
        _sqlite_writer.release()
