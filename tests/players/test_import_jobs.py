"""Imports that never hurt the tables (issue 22).

Observed on the embedded default: an import of 11,500 plays held the database ~7 minutes
in one transaction; every entry at every table answered 500 "database is locked", the
uploader got a 503 at 10 s and the import committed later anyway. Now the upload is
checked whole, kept as a job and written ``BATCH_PLAYS`` plays per transaction; a job
interrupted anywhere goes on from its last batch. These tests drive the batches through
the progress page's polls (no runner runs in the test process: the polls write, as under
``runserver``); the runner that writes them with no page open: test_import_runner.py.
"""

from __future__ import annotations

import io
import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import OperationalError, connection
from django.test import Client

from companion.interop import bgstats, jobs
from companion.models import Event, ImportJob, Play, Player, PlayResult
from companion.writes import write_transaction
from tests.players.helpers import big_file, phone_of
from tests.players.test_privacy import OUTSIDERS, World, world  # noqa: F401  (a fixture)

pytestmark = pytest.mark.django_db(transaction=True)

BATCH = jobs.BATCH_PLAYS


@pytest.fixture
def uploader() -> Client:
    """A phone with a player of its own (Dana): it may import."""
    return phone_of(Player.objects.create(name="Dana"))


def upload(client: Client, content: bytes, **extra: Any) -> ImportJob:
    response = client.post("/players/import/", {"file": io.BytesIO(content)}, **extra)
    assert response.status_code == 302, response.content.decode()[-500:]
    job = ImportJob.objects.get(key=response["Location"].rstrip("/").split("/")[-1])
    assert response["Location"] == f"/players/import/{job.key}/"
    return job


@pytest.fixture
def transactions(monkeypatch) -> list[int]:
    """The plays written by each write transaction of the import jobs, in order."""
    written: list[int] = []

    @contextmanager
    def counted() -> Iterator[None]:
        before = Play.objects.count()
        with write_transaction():
            yield
            written.append(Play.objects.count() - before)

    monkeypatch.setattr(jobs, "write_transaction", counted)
    return written


def test_the_upload_writes_no_play_and_the_job_writes_them_in_small_transactions(
    uploader, transactions
):
    count = 3 * BATCH + 7
    job = upload(uploader, big_file(count))
    assert (job.total, job.position, Play.objects.count()) == (count, 0, 0)
    transactions.clear()  # the job's own insert
    jobs.step(job, seconds=60)
    assert job.done and job.position == count and job.imported == count
    writes = [plays for plays in transactions if plays]
    assert len(writes) == 4 and max(writes) <= BATCH and sum(writes) == count
    assert Play.objects.count() == count and PlayResult.objects.count() == 2 * count
    assert Player.objects.filter(name__in=["Anna", "Ben"]).count() == 2
    job.refresh_from_db()
    assert job.plays == []  # the plays are not kept once written


def test_a_table_entry_made_between_two_batches_succeeds(uploader, make_table, join, monkeypatch):
    """Between two batches the database is free: an entry of another request (its own
    thread and connection, as the server runs it) is written at once, not 'locked'."""
    table, _host = make_table(players=2)
    phones = [join(table, 0, "Eva"), join(table, 1, "Filip")]
    job = upload(uploader, big_file(2 * BATCH + 1))
    answers: list[int] = []
    open_transactions: list[bool] = []

    def entry_meanwhile(_seconds: float) -> None:
        open_transactions.append(connection.in_atomic_block)

        def roll() -> None:
            try:
                phone = phones[len(answers) % 2]
                answers.append(phone.act({"type": "roll", "value": 1}).status_code)
            finally:
                connection.close()

        thread = threading.Thread(target=roll)
        thread.start()
        thread.join(timeout=30)
        assert not thread.is_alive()

    monkeypatch.setattr(jobs.time, "sleep", entry_meanwhile)
    jobs.step(job, seconds=60)
    assert job.done and Play.objects.count() == 2 * BATCH + 1
    assert open_transactions and not any(open_transactions)
    assert answers and all(status in (200, 302) for status in answers), answers
    assert Event.objects.filter(table=table, kind=Event.Kind.ACTION).count() == len(answers)


def test_the_uploader_sees_n_of_m_plays_imported_then_the_result(uploader, monkeypatch):
    monkeypatch.setattr(jobs, "STEP_SECONDS", 0)  # one batch per poll
    count = 2 * BATCH + 5
    job = upload(uploader, big_file(count))
    page = uploader.get(f"/players/import/{job.key}/").content.decode()
    assert f"0 of {count} plays imported" in page and "hx-post" in page
    poll = uploader.post(f"/players/import/{job.key}/step/", HTTP_HX_REQUEST="true")
    body = poll.content.decode()
    assert poll.status_code == 200 and f"{BATCH} of {count} plays imported" in body
    assert "hx-post" in body  # polls on
    # The import page lists this phone's imports with their progress.
    listing = uploader.get("/players/import/").content.decode()
    assert f"/players/import/{job.key}/" in listing and f"{BATCH} of {count}" in listing
    last = import_through_pages_from(uploader, job)
    assert f"{count} of {count} plays imported" in last
    assert f"Imported plays: {count}. Already imported: 0." in last and "hx-post" not in last


def import_through_pages_from(client: Client, job: ImportJob) -> str:
    for _poll in range(100):
        body = client.post(
            f"/players/import/{job.key}/step/", HTTP_HX_REQUEST="true"
        ).content.decode()
        if "hx-post" not in body:
            return body
    raise AssertionError("the import never ended")


@pytest.mark.parametrize(
    ("language", "progress"),
    [
        (
            "cs",
            ["Načteno 0 z 1 partie", "Načteno 0 z 3 partií", "Načteno 0 z 5 partií"],
        ),
        ("ru", ["Импортировано 0 из 1 партии", "Импортировано 0 из 3 партий", "0 из 5 партий"]),
    ],
)
def test_the_progress_is_in_the_users_language_with_plural_forms(uploader, language, progress):
    for count, expected in zip((1, 3, 5), progress, strict=True):
        job = upload(uploader, big_file(count))
        page = uploader.get(f"/players/import/{job.key}/", HTTP_ACCEPT_LANGUAGE=language)
        assert expected in page.content.decode(), expected


def test_the_job_page_without_htmx_writes_a_step_and_comes_back(uploader):
    job = upload(uploader, big_file(3))
    response = uploader.post(f"/players/import/{job.key}/step/")
    assert response.status_code == 302 and response["Location"] == f"/players/import/{job.key}/"
    assert "Imported plays: 3." in uploader.get(response["Location"]).content.decode()


def test_an_interrupted_job_goes_on_from_its_last_batch(uploader, monkeypatch):
    """A batch broken off half-way (the server stopped) leaves nothing of itself; the
    next poll writes it again, and nothing is written twice."""
    count = 3 * BATCH
    job = upload(uploader, big_file(count))
    write = bgstats.write_plays
    calls: list[int] = []

    def breaks_in_the_second_batch(plays: list[Any], into: Any, report: Any) -> None:
        calls.append(len(plays))
        if len(calls) == 2:
            write(plays[:5], into, report)  # five plays of the batch are written...
            raise RuntimeError("the server stopped")  # ...and the transaction never ends
        write(plays, into, report)

    monkeypatch.setattr(bgstats, "write_plays", breaks_in_the_second_batch)
    with pytest.raises(RuntimeError):
        jobs.step(job, seconds=60)
    job.refresh_from_db()
    assert (job.position, job.imported, Play.objects.count()) == (BATCH, BATCH, BATCH)
    monkeypatch.setattr(bgstats, "write_plays", write)
    last = import_through_pages_from(uploader, job)
    assert f"Imported plays: {count}. Already imported: 0." in last
    assert Play.objects.count() == count and PlayResult.objects.count() == 2 * count
    # The same file again: a new job that changes nothing (idempotent per play uuid).
    again = upload(uploader, big_file(count))
    assert f"Imported plays: 0. Already imported: {count}." in import_through_pages_from(
        uploader, again
    )
    assert Play.objects.count() == count


def test_a_busy_database_is_no_error_and_the_job_goes_on(uploader, monkeypatch):
    """No 503 'busy' for work that then completes: a poll that finds the database locked
    shows the progress as it is; the next poll writes the batch."""
    job = upload(uploader, big_file(BATCH + 1))

    def locked(*_args: Any, **_kwargs: Any) -> jobs.Outcome:
        raise OperationalError("database is locked")

    monkeypatch.setattr(jobs, "run_batch", locked)
    poll = uploader.post(f"/players/import/{job.key}/step/", HTTP_HX_REQUEST="true")
    assert poll.status_code == 200 and f"0 of {BATCH + 1} plays imported" in poll.content.decode()
    monkeypatch.undo()
    assert f"Imported plays: {BATCH + 1}." in import_through_pages_from(uploader, job)


def test_a_refused_file_makes_no_job_and_writes_nothing(uploader):
    response = uploader.post("/players/import/", {"file": io.BytesIO(b'{"plays": 5}')})
    assert response.status_code == 400
    assert "The play file" in response.content.decode() or "not a BG Stats" in (
        response.content.decode()
    )
    assert not ImportJob.objects.exists() and not Play.objects.exists()


def test_the_jobs_players_join_the_uploaders_group_even_when_it_joins_meanwhile(uploader):
    """New players of a later batch are found by the names the earlier batches made."""
    job = upload(uploader, big_file(2 * BATCH, names=("Dana", "Gustav")))
    jobs.step(job, seconds=60)
    dana = Player.objects.get(name="Dana")
    assert Player.objects.filter(name="Gustav").count() == 1
    assert Player.objects.get(name="Gustav").group_key == dana.group_key
    assert set(Play.objects.values_list("group_key", flat=True)) == {dana.group_key}


# Privacy: the job page is the uploading device's (its cookie) and the operator's alone.


@pytest.mark.parametrize("outsider", OUTSIDERS, ids=lambda f: f.__name__)
def test_an_outsider_neither_sees_nor_moves_anothers_import(world, make_table, outsider):  # noqa: F811
    owner = phone_of(world.ben)
    job = upload(owner, big_file(BATCH + 1))
    client = outsider(world, make_table)
    assert client.get(f"/players/import/{job.key}/").status_code == 404
    assert (
        client.post(f"/players/import/{job.key}/step/", HTTP_HX_REQUEST="true").status_code == 404
    )
    assert f"/players/import/{job.key}/" not in client.get("/players/import/").content.decode()
    job.refresh_from_db()
    assert job.position == 0 and not Play.objects.filter(source="bgstats").exists()


def test_another_phone_of_the_same_group_does_not_see_the_import(world):  # noqa: F811
    job = upload(phone_of(world.ben), big_file(2))
    anna = phone_of(world.anna)
    assert anna.get(f"/players/import/{job.key}/").status_code == 404
    assert anna.post(f"/players/import/{job.key}/step/").status_code == 404
    forged = phone_of(world.anna)
    forged.cookies[jobs.cookie_name(job)] = "x" * 32  # a guessed secret
    assert forged.get(f"/players/import/{job.key}/").status_code == 404


def test_the_operator_sees_and_finishes_any_import(world):  # noqa: F811
    job = upload(phone_of(world.ben), big_file(2))
    operator = Client()
    operator.force_login(User.objects.create_user("op", password="x", is_staff=True))
    assert operator.get(f"/players/import/{job.key}/").status_code == 200
    assert "Imported plays: 2." in import_through_pages_from(operator, job)
    assert Play.objects.filter(source="bgstats").count() == 2


def test_an_import_left_unwatched_goes_on_when_its_page_is_opened(world):  # noqa: F811
    """Nothing acknowledged is lost: with no runner (``runserver``), a job whose page was
    closed keeps its plays; the import page lists it, and its page writes the rest."""
    ben = phone_of(world.ben)
    job = upload(ben, big_file(BATCH + 3))
    ImportJob.objects.filter(pk=job.pk).update(position=0)  # as after a restart: untouched
    listing = ben.get("/players/import/").content.decode()
    assert f"/players/import/{job.key}/" in listing and f"0 of {BATCH + 3} plays" in listing
    assert f"Imported plays: {BATCH + 3}." in import_through_pages_from(ben, job)
    assert Play.objects.filter(source="bgstats").count() == BATCH + 3


def test_the_plays_of_one_batch_join_their_players_groups_in_turn():
    """One batch: Xavier with Yvonne (both new: Xavier's group), then Anna (known, the
    older group) with Xavier: all three are Anna's group, and so is the first play, whose
    group was renamed after it was read; Zed and Walt, who never sat with them, apart."""
    anna = Player.objects.create(name="Anna")
    data = {
        "players": [
            {"id": i, "name": n} for i, n in enumerate(["Anna", "Xavier", "Yvonne", "Zed", "Walt"])
        ],
        "games": [{"id": 1, "name": "Babel"}],
        "plays": [
            {
                "uuid": f"group-{number}",
                "playDate": f"2025-01-0{number + 1}",
                "gameRefId": 1,
                "playerScores": [
                    {"playerRefId": a, "score": "3", "winner": True},
                    {"playerRefId": b, "score": "1"},
                ],
            }
            for number, (a, b) in enumerate([(1, 2), (0, 1), (3, 4)])
        ],
    }
    report = bgstats.import_file(json.dumps(data), bgstats.Into(groups=None))
    assert report.imported == 3
    anna.refresh_from_db()
    group = {p.name: p.group_key for p in Player.objects.all()}
    assert group["Xavier"] == group["Yvonne"] == anna.group_key != group["Zed"] == group["Walt"]
    keys = dict(Play.objects.values_list("uuid", "group_key"))
    assert sorted(keys.values()) == sorted([anna.group_key, anna.group_key, group["Zed"]])


def test_a_file_without_plays_of_our_games_is_done_at_once(uploader):
    data = {"games": [{"id": 1, "name": "Carcassonne"}], "plays": [{"gameRefId": 1}]}
    job = upload(uploader, json.dumps(data).encode())
    page = uploader.get(f"/players/import/{job.key}/").content.decode()
    assert "Plays of other games: 1." in page and "hx-post" not in page
