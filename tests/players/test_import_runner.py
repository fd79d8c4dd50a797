"""Import jobs go on by themselves (issue 22): each server process's runner writes the
batches whether or not the uploader's page is open; two runners never write one batch;
a server killed mid-job goes on from its last batch when it starts again.

Observed before: a batch was only written when the uploader's progress page polled, so an
import stopped when that page was closed and went on only when it was opened again.
"""

from __future__ import annotations

import io
import math
import re
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import pytest
from django.db import OperationalError, connection, transaction
from django.test import Client

from companion.interop import bgstats, jobs, runner
from companion.models import ImportJob, Play, Player, PlayResult
from tests.fixtures import Server, WebPhone, start_server
from tests.players.helpers import big_file, phone_of

BATCH = jobs.BATCH_PLAYS
WAIT = 120  # seconds: the longest any of these imports may take on a loaded machine
T = TypeVar("T")


def upload(client: Client, content: bytes) -> ImportJob:
    response = client.post("/players/import/", {"file": io.BytesIO(content)})
    assert response.status_code == 302, response.content.decode()[-500:]
    return ImportJob.objects.get(key=response["Location"].rstrip("/").split("/")[-1])


@pytest.fixture
def uploader() -> Client:
    """A phone with a player of its own (Dana): it may import."""
    return phone_of(Player.objects.create(name="Dana"))


@pytest.fixture
def running() -> Iterator[runner.Runner]:
    """This process's runner, as the server's start (the ASGI lifespan) starts it."""
    runner.runner.start()
    yield runner.runner
    runner.runner.stop()
    assert not runner.runner.running


@pytest.mark.django_db(transaction=True)
def test_a_job_is_written_with_no_page_polling(uploader, running):
    count = 3 * BATCH + 7
    job = upload(uploader, big_file(count))
    # The upload answered; nobody opens the job's page. The runner writes it all.
    assert running.wait_idle(WAIT), "the runner never finished the job"
    job.refresh_from_db()
    assert job.done and (job.position, job.imported, job.duplicates) == (count, count, 0)
    assert Play.objects.count() == count and PlayResult.objects.count() == 2 * count
    # Opened afterwards, the page shows the result; its poll writes nothing more.
    page = uploader.get(f"/players/import/{job.key}/").content.decode()
    assert f"Imported plays: {count}. Already imported: 0." in page and "hx-post" not in page


@pytest.mark.django_db(transaction=True)
def test_with_a_runner_the_pages_poll_only_reads_the_progress(uploader, running, monkeypatch):
    """Where the process has a runner, a poll never writes a batch itself (the runner
    does): the database's writers are the entries and one batch at a time."""
    monkeypatch.setattr(jobs, "step", lambda *_args: pytest.fail("a poll wrote a batch"))
    job = upload(uploader, big_file(2 * BATCH))
    poll = uploader.post(f"/players/import/{job.key}/step/", HTTP_HX_REQUEST="true")
    assert poll.status_code == 200 and "plays imported" in poll.content.decode()
    assert running.wait_idle(WAIT)
    job.refresh_from_db()
    assert job.done and job.imported == 2 * BATCH


@pytest.mark.django_db(transaction=True)
def test_two_runners_racing_never_double_a_play(uploader, monkeypatch):
    """Two runners (two server processes: each has its own thread and connection) on one
    job. On PostgreSQL the first holds the job's row while the second tries the same batch
    and must leave it (``skip_locked``); on SQLite the write lock orders them."""
    monkeypatch.setattr(runner, "PAUSE_SECONDS", 0)
    monkeypatch.setattr(runner, "IDLE_SECONDS", 0.05)  # the one left out looks again at once
    count = 5 * BATCH + 3
    job = upload(uploader, big_file(count))  # no runner of this process is started
    assert not runner.runner.running and ImportJob.objects.get(pk=job.pk).position == 0
    row_locks = connection.vendor == "postgresql"
    outcomes: list[jobs.Outcome] = []
    written: list[str] = []  # the first play of each batch written (committed)
    tried: list[str] = []  # ... of each batch begun (one rolled back, e.g. by a busy
    # database under load, is begun again: that is no double write)
    raced = threading.Event()
    real_run_batch, real_write = jobs.run_batch, bgstats.write_plays

    def run_batch(*args: Any, **kwargs: Any) -> jobs.Outcome:
        outcome = real_run_batch(*args, **kwargs)
        outcomes.append(outcome)
        if outcome is jobs.Outcome.TAKEN:
            raced.set()
        return outcome

    def write_plays(plays: list[Any], into: Any, report: Any) -> None:
        if row_locks and not tried:
            # The first batch holds the job's row until the other runner has tried it.
            assert raced.wait(30), "the second runner never tried the job"
        first_play = str(plays[0].key)
        tried.append(first_play)
        transaction.on_commit(lambda: written.append(first_play))
        real_write(plays, into, report)

    monkeypatch.setattr(jobs, "run_batch", run_batch)
    monkeypatch.setattr(bgstats, "write_plays", write_plays)
    first, second = runner.Runner(), runner.Runner()
    first.start()
    second.start()
    try:  # each runner is idle whenever the other holds the job: wait for the job itself
        eventually(lambda: finished(job.pk))
    finally:
        first.stop()
        second.stop()
    job.refresh_from_db()
    assert job.done and (job.imported, job.duplicates) == (count, 0)
    assert len(written) == len(set(written)) == math.ceil(count / BATCH)
    assert Play.objects.count() == count and PlayResult.objects.count() == 2 * count
    assert sorted(Player.objects.values_list("name", flat=True)) == ["Anna", "Ben", "Dana"]
    if row_locks:
        assert jobs.Outcome.TAKEN in outcomes


@pytest.mark.django_db(transaction=True)
def test_a_failing_batch_leaves_its_job_alone_and_the_others_go_on(uploader, monkeypatch):
    """A batch that fails for a bug is logged and its job rested, not retried in a loop;
    the runner lives on and writes the next job."""
    broken = upload(uploader, big_file(BATCH, names=("Xena", "Yves")))
    fine = upload(uploader, big_file(BATCH))
    real_write = bgstats.write_plays

    def write_plays(plays: list[Any], into: Any, report: Any) -> None:
        if plays[0].seats[0].name == "Xena":
            raise ValueError("a bug")
        real_write(plays, into, report)

    monkeypatch.setattr(bgstats, "write_plays", write_plays)
    calls: list[int] = []
    real_run_batch = jobs.run_batch
    monkeypatch.setattr(
        jobs, "run_batch", lambda pk, *a, **k: calls.append(pk) or real_run_batch(pk, *a, **k)
    )
    alone = runner.Runner()
    alone.start()
    try:
        assert alone.wait_idle(WAIT)
    finally:
        alone.stop()
    assert ImportJob.objects.get(pk=fine.pk).done
    assert not ImportJob.objects.get(pk=broken.pk).done and calls.count(broken.pk) == 1


# The real server: uvicorn's lifespan starts the runner; a killed server resumes the job.


def eventually(check: Callable[[], T | None], seconds: float = WAIT) -> T:
    """``check()``'s first true answer, asked until ``seconds`` have passed."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        answer = check()
        if answer:
            return answer
        time.sleep(0.05)  # between two looks at the job's page: the wait is the deadline
    raise AssertionError(f"not within {seconds} s")


def finished(pk: int) -> bool:
    """Whether the job is finished, asked while runner threads write it. The tests' SQLite
    database is in memory with a shared cache, where a reader meeting a writer's table lock
    is told "database table is locked" at once (no busy timeout waits for it). The runners
    take that as another writer's turn and look again; so does this look. (The server's file
    database in WAL mode never makes a reader wait for a writer.)"""
    try:
        return ImportJob.objects.filter(pk=pk, finished_at__isnull=False).exists()
    except OperationalError as error:
        if "locked" not in str(error):
            raise
        return False


def web_upload(phone: WebPhone, content: bytes) -> str:
    token = phone.csrf("/players/import/")
    response = phone.http.post(
        "/players/import/",
        data={"csrfmiddlewaretoken": token},
        files={"file": ("plays.bgsplay", content, "application/json")},
        headers={"X-CSRFToken": token, "Referer": str(phone.http.base_url)},
    )
    assert response.status_code == 302, response.text[-500:]
    return response.headers["location"].rstrip("/").split("/")[-1]


def progress(phone: WebPhone, key: str) -> tuple[int, int, str]:
    """What the job's page shows (a GET: it reads, never writes): done, total, the page."""
    page = phone.http.get(f"/players/import/{key}/").text
    found = re.search(r"(\d+) of (\d+) plays? imported", page)
    assert found, page[-1000:]
    return int(found[1]), int(found[2]), page


def importer(server: Server) -> WebPhone:
    """A phone seated at a table: it has a player of its own, so it may import."""
    host = WebPhone(server.url)
    code = host.create_table(start=False)
    anna = WebPhone(server.url)
    anna.join(code, 0, "Anna", "red")
    return anna


def test_a_server_killed_mid_import_goes_on_from_its_last_batch(server):
    count = 100 * BATCH
    anna = importer(server)
    key = web_upload(anna, big_file(count))
    # Nobody polls: the job's page is only read. The server's runner writes batches...
    seen = eventually(lambda: (p := progress(anna, key))[0] > 0 and p)
    assert seen[0] < count, "the whole import was written before the kill: make it larger"
    server.stop(hard=True)  # ...until SIGKILL, in a batch or between two
    port = int(server.url.rsplit(":", 1)[1])
    restarted = start_server(server.env, port=port)
    try:
        after = progress(anna, key)
        assert after[0] >= seen[0]  # nothing written is lost
        # The restarted server's runner finds the job and writes the rest, nobody polling.
        done = eventually(lambda: "Imported plays:" in (p := progress(anna, key))[2] and p)
        assert done[:2] == (count, count)
        assert f"Imported plays: {count}. Already imported: 0." in done[2]  # nothing twice
    finally:
        restarted.stop()


@pytest.mark.postgres
@pytest.mark.redis
def test_another_process_finishes_a_job_whose_process_died(shared_servers):
    """Two server processes on one PostgreSQL database: the job's own process dies
    mid-import; the other one's runner finds the job (its look every ``IDLE_SECONDS``)
    and writes the rest, each batch once."""
    first, second = shared_servers
    count = 100 * BATCH
    anna = importer(first)
    key = web_upload(anna, big_file(count))
    seen = eventually(lambda: (p := progress(anna, key))[0] > 0 and p)
    assert seen[0] < count, "the whole import was written before the kill: make it larger"
    first.stop(hard=True)
    anna.http.base_url = second.url  # the same phone (its cookies), now on the other process
    done = eventually(lambda: "Imported plays:" in (p := progress(anna, key))[2] and p)
    assert done[:2] == (count, count)
    assert f"Imported plays: {count}. Already imported: 0." in done[2]
