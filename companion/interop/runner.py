"""Import jobs go on by themselves: one thread per server process writes their batches.

An import that only moved while its uploader's page polled stopped when that page was
closed (issue 22). Now each server process has one runner thread, started and stopped with
the server (the ASGI lifespan, ``lifespan`` below): it writes one batch of the oldest
unfinished job (one short transaction, ``jobs.run_batch``), pauses ``PAUSE_SECONDS`` so that
the entries waiting for the database take it first, and goes on until no job is left. Then
it sleeps until an upload of its process wakes it, and looks again every ``IDLE_SECONDS``
for jobs that another process, or one that died, left unfinished.

Several processes (PostgreSQL): every runner takes a job's row with
``select_for_update(skip_locked=True)`` for its batch, so no two write the same batch: a
runner that finds the row taken leaves that job to the one holding it. A process killed
mid-batch loses that batch's transaction only; the next runner goes on from the last batch
written. Where no runner runs (``manage.py runserver``, the tests' client) the progress
page's polls write the batches (``jobs.step``).
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time

from django.db import OperationalError, close_old_connections, connection

from companion.deadlines import Receive, Send
from companion.interop import jobs
from companion.models import ImportJob

logger = logging.getLogger(__name__)

PAUSE_SECONDS = 0.02  # between two batches: the entries waiting for the database go first
BUSY_SECONDS = 0.2  # after "database is locked": another writer's turn, then again
IDLE_SECONDS = 10.0  # the look for jobs another process left, when nothing woke us
ERROR_SECONDS = 10.0  # after the jobs could not be read (the database down, not migrated)
REST_SECONDS = 60.0  # a job whose batch failed (a bug, logged) is left alone this long
STOP_SECONDS = 3.0  # the longest a stop waits for the batch in progress


class Runner:
    """One thread that writes the unfinished import jobs' batches, one at a time."""

    def __init__(self) -> None:
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._idle = threading.Event()  # set while there is nothing for us to write
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()  # the start, and the turn from idle to woken
        self._plays: dict[int, list[str]] = {}  # the plays of the jobs in hand (two at most)
        self._current: int | None = None  # the job of the last batch written: kept on
        self._resting: dict[int, float] = {}  # job -> when to try again after a failure

    @property
    def running(self) -> bool:
        thread = self._thread
        return thread is not None and thread.is_alive() and not self._stop.is_set()

    def start(self) -> None:
        with self._lock:
            if self.running:
                return
            if self._thread is not None:  # still stopping: never two threads
                self._thread.join(STOP_SECONDS)
            self._stop.clear()
            self._thread = threading.Thread(target=self._run, name="import-runner", daemon=True)
            self._thread.start()
        self.wake()

    def wake(self) -> None:
        """A job was made (or its page polled): look now, not at the next idle look."""
        with self._lock:
            self._idle.clear()
            self._wake.set()

    def stop(self) -> None:
        """Stop after the batch in progress (its transaction ends either way)."""
        self._stop.set()
        self._wake.set()
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(STOP_SECONDS)

    def wait_idle(self, timeout: float) -> bool:
        """Until the runner finds nothing left for it to write: no job unfinished, or the
        others' held by other writers (for tests and benchmarks)."""
        return self._idle.wait(timeout)

    def _run(self) -> None:
        try:
            while not self._stop.is_set():
                self._wake.clear()  # before the look: a wake from now on means look again
                close_old_connections()  # what a request's end does: drop broken connections
                try:
                    wait = self._once()
                except Exception:  # the database is down: the runner lives on
                    logger.exception("The import runner could not read the jobs")
                    wait = ERROR_SECONDS
                if wait is not None:
                    self._idle.clear()  # found work (a look every IDLE_SECONDS, too)
                    self._stop.wait(wait)  # yields the database and the interpreter
                    continue
                connection.close()  # idle: give the connection back (PostgreSQL's pool)
                with self._lock:
                    if self._wake.is_set():  # a job came while we looked: look again
                        continue
                    self._idle.set()
                self._wake.wait(IDLE_SECONDS)
        finally:
            connection.close()

    def _once(self) -> float | None:
        """Write one batch: the pause before the next, ``None`` when there is none to write."""
        for pk in self._candidates():
            try:
                outcome = jobs.run_batch(pk, self._plays_of(pk), skip_locked=True)
            except OperationalError:  # "database is locked" (SQLite) or a lock timeout
                return BUSY_SECONDS
            except Exception:
                logger.exception("Import job %s: a batch failed; trying again later", pk)
                self._resting[pk] = time.monotonic() + REST_SECONDS
                self._forget(pk)
                continue
            if outcome is jobs.Outcome.WRITTEN:
                self._current = pk
                return PAUSE_SECONDS
            self._forget(pk)  # done, or another process's runner writes it now
        return None

    def _candidates(self) -> list[int]:
        """Unfinished jobs, the one in hand first, then the oldest first."""
        now = time.monotonic()
        self._resting = {pk: until for pk, until in self._resting.items() if until > now}
        found = list(
            ImportJob.objects.filter(finished_at__isnull=True)
            .exclude(pk__in=list(self._resting))
            .order_by("created_at", "pk")
            .values_list("pk", flat=True)[:20]
        )
        if self._current in found:
            found.remove(self._current)
            found.insert(0, self._current)
        return found

    def _plays_of(self, pk: int) -> list[str]:
        """The job's plays, read once (a large file's are megabytes), outside a transaction."""
        if pk not in self._plays:
            while len(self._plays) >= 2:
                self._plays.pop(next(iter(self._plays)))
            self._plays[pk] = jobs.load_plays(pk)
        return self._plays[pk]

    def _forget(self, pk: int) -> None:
        self._plays.pop(pk, None)
        if self._current == pk:
            self._current = None


runner = Runner()  # this process's


def step(job: ImportJob) -> ImportJob:
    """A poll of the job's page: the runner writes the job where one runs in this process
    (it is woken, in case it is in its idle wait); else the poll writes a step itself."""
    if runner.running:
        runner.wake()
        job.refresh_from_db()
        return job
    return jobs.step(job)


async def lifespan(receive: Receive, send: Send) -> None:
    """The ASGI lifespan of a server process: its runner starts with it and stops with it."""
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            runner.start()
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            await asyncio.to_thread(runner.stop)
            await send({"type": "lifespan.shutdown.complete"})
            return
