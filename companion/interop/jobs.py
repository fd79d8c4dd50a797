"""Import jobs: a large upload is written in small batches, never in one long transaction.

The embedded database lets one transaction write at a time: an import of 11,500 plays in
one transaction held it for minutes, and every entry at every table failed meanwhile
(issue 22). So the upload is read and checked whole (``bgstats.read_file``: a refused
file makes no job), kept as an :class:`ImportJob`, and written ``BATCH_PLAYS`` plays per
transaction. The job's progress moves in the same transaction as its batch, so a batch is
written once or not at all: a job interrupted anywhere goes on from its last batch.

Who writes the batches: each server process's runner (``runner.py``), whether or not
anyone watches; where no runner runs (``manage.py runserver``, the tests' client) the
progress page's polls (``step``). A batch takes its job's row first (``run_batch``), so
two writers (two processes, a runner and a poll) never write the same batch
(companion/players/README.md, "Import jobs").
"""

from __future__ import annotations

import enum
import json
import time
from typing import Any

from django.db import OperationalError
from django.db.models import F
from django.utils import timezone

from companion.interop import bgstats
from companion.models import ImportJob, Player
from companion.writes import write_transaction

BATCH_PLAYS = bgstats.BATCH_PLAYS  # plays per transaction (bench/imports.py)
STEP_SECONDS = 1.0  # the batches one poll writes at most (the deadline of a request is 10 s)
PAUSE_SECONDS = 0.005  # between two batches: a waiting entry takes the database first
COOKIE_PREFIX = "import_"  # the uploading device's cookie: import_<key> = the job's owner_token


def start(
    raw: bytes | str, *, anchors: set[int], home_player: int | None, everyone: bool
) -> ImportJob:
    """Check the whole file (``Refused`` with a message; nothing written), then keep its
    plays as a job: one short insert, nothing of the plays written yet."""
    plays, other_games = bgstats.read_file(raw)
    with write_transaction():
        return ImportJob.objects.create(
            anchors=sorted(anchors),
            home_player=home_player,
            everyone=everyone,
            plays=[bgstats.play_to_json(play) for play in plays],
            total=len(plays),
            other_games=other_games,
            finished_at=None if plays else timezone.now(),  # nothing of our games to write
        )


def into(job: ImportJob) -> bgstats.Into:
    """Whose records the job's plays join, read again at each batch: groups join while a
    job runs (another table ends), and a batch must find the players the last one made."""
    if job.everyone:
        groups = None
        keys: set[int] = set()
    else:
        keys = set(Player.objects.filter(pk__in=job.anchors).values_list("group_key", flat=True))
        keys.discard(0)
        groups = frozenset(keys)
    home = (
        Player.objects.filter(pk=job.home_player).values_list("group_key", flat=True).first()
        if job.home_player
        else None
    )
    return bgstats.Into(groups=groups, home=home or min(keys, default=0))


def load_plays(pk: int) -> list[str]:
    """Job ``pk``'s plays, read once by a writer (a large file's are megabytes: not read again
    in each transaction), each kept as its JSON text: a garbage collection during a batch
    then walks one list of strings, not the hundreds of thousands of objects of a large
    file, while the transaction holds the database."""
    plays = ImportJob.objects.values_list("plays", flat=True).get(pk=pk)
    return [json.dumps(play, separators=(",", ":")) for play in plays]


class Outcome(enum.Enum):
    WRITTEN = "written"  # a batch was written
    DONE = "done"  # the job was finished already
    TAKEN = "taken"  # another writer holds the job's row now: it writes this batch


def run_batch(pk: int, plays: list[str] | None = None, *, skip_locked: bool = False) -> Outcome:
    """Write job ``pk``'s next batch in one transaction.

    The job's row is taken first (``select_for_update``) and its position read under that
    lock, so two writers never write the same batch: the second waits for the first and
    reads the moved position, or with ``skip_locked`` leaves the job to it at once
    (``TAKEN``). SQLite has no row locks: there its write lock, taken when the transaction
    begins (``transaction_mode`` IMMEDIATE), orders the writers the same way.

    ``plays``: the job's plays as ``load_plays`` gives them, loaded once by the caller.
    """
    if plays is None:
        plays = load_plays(pk)
    with write_transaction():
        now = (
            ImportJob.objects.select_for_update(skip_locked=skip_locked)
            .only("position", "finished_at", "total", "anchors", "home_player", "everyone")
            .filter(pk=pk)
            .first()
        )
        if now is None:
            return Outcome.TAKEN
        if now.finished_at is not None:
            return Outcome.DONE
        batch = plays[now.position : now.position + BATCH_PLAYS]
        report = bgstats.ImportReport()
        bgstats.write_plays(
            [bgstats.play_from_json(json.loads(text)) for text in batch], into(now), report
        )
        position = now.position + len(batch)
        changes: dict[str, Any] = {
            "position": position,
            "imported": F("imported") + report.imported,
            "duplicates": F("duplicates") + report.duplicates,
        }
        if position >= now.total:
            changes.update(finished_at=timezone.now(), plays=[])
        ImportJob.objects.filter(pk=pk).update(**changes)
    return Outcome.WRITTEN


def step(job: ImportJob, seconds: float | None = None) -> ImportJob:
    """Write batches for about ``seconds`` (``STEP_SECONDS``; at least one batch), each its
    own transaction; the job as it is now. A batch that finds the database busy, or the
    job taken by another writer (a runner), is left to it."""
    if job.finished_at is None:
        plays = load_plays(job.pk)
        until = time.monotonic() + (STEP_SECONDS if seconds is None else seconds)
        try:
            while run_batch(job.pk, plays, skip_locked=True) is Outcome.WRITTEN:
                if time.monotonic() >= until:
                    break
                time.sleep(PAUSE_SECONDS)
        except OperationalError:  # "database is locked": another writer's turn, not ours
            pass
    job.refresh_from_db()
    return job


def cookie_name(job: ImportJob) -> str:
    return COOKIE_PREFIX + job.key
