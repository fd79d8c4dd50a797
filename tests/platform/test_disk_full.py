"""A full disk is a refusal that says so (issue 24): 503 with the reason in the user's
language, nothing half-written, and the same entry goes through once there is room again.

The server test runs a real server on a data folder that is a real, small file system: a
tmpfs of 4 MiB mounted for the test (mounting needs root, as the suite runs in CI and on the
developers' machines; elsewhere it is reported missing). A tmpfs runs out of space exactly
as a full disk does (ENOSPC), which RLIMIT_FSIZE would not (EFBIG, and only for one
process's files). SQLite's write-ahead log is emptied before the server starts, so the first
entry that needs a page more finds no room.
"""

from __future__ import annotations

import errno
import json
import os
import sqlite3
import subprocess
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from django.db import OperationalError

from companion.diskfull import is_disk_full
from tests.fixtures import WebPhone, migrate, missing, server_env, start_server

FULL_EN = "The server cannot save: its disk is full. Nothing was changed."
FULL_CS = "Server nemůže ukládat: jeho disk je plný. Nic se nezměnilo."
FULL_RU = "Сервер не может сохранять: его диск заполнен. Ничего не изменилось."


# -- what counts as a full disk -------------------------------------------------------------


def _raised_from(cause: BaseException) -> OperationalError:
    try:
        try:
            raise cause
        except BaseException as error:
            raise OperationalError(str(error)) from error
    except OperationalError as wrapped:
        return wrapped


def sqlite_full(folder: Path) -> sqlite3.OperationalError:
    """SQLite's own error for a database that cannot grow (capped, as a full disk caps it)."""
    connection = sqlite3.connect(folder / "capped.sqlite3")
    try:
        connection.execute("CREATE TABLE t (x BLOB)")
        pages = connection.execute("PRAGMA page_count").fetchone()[0]
        connection.execute(f"PRAGMA max_page_count = {pages}")
        with pytest.raises(sqlite3.OperationalError) as full:
            connection.execute("INSERT INTO t VALUES (zeroblob(100000))")
    finally:
        connection.close()
    assert full.value.sqlite_errorcode == sqlite3.SQLITE_FULL
    return full.value


def test_sqlite_full_postgres_disk_full_and_enospc_are_a_full_disk(tmp_path: Path) -> None:
    assert is_disk_full(_raised_from(sqlite_full(tmp_path)))  # as Django raises it
    assert is_disk_full(_raised_from(psycopg.errors.DiskFull("could not extend file")))
    assert is_disk_full(OSError(errno.ENOSPC, "No space left on device"))
    assert not is_disk_full(_raised_from(sqlite3.OperationalError("database is locked")))
    assert not is_disk_full(_raised_from(psycopg.errors.QueryCanceled("statement timeout")))
    assert not is_disk_full(OSError(errno.EACCES, "Permission denied"))


@pytest.mark.django_db(transaction=True)
def test_an_entry_that_meets_a_full_disk_gets_a_translated_503_on_either_database(
    make_table: Any, join: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The refusal in the user's language, whichever database said its disk is full."""
    from companion.services import entries

    table, _host = make_table()
    anna = join(table, 0, "Anna")
    cause: BaseException = (
        psycopg.errors.DiskFull("could not extend file")
        if os.environ.get("DATABASE_URL")
        else sqlite_full(tmp_path)
    )

    def no_room(*args: Any, **kwargs: Any) -> Any:
        raise _raised_from(cause)

    monkeypatch.setattr(entries, "submit_action", no_room)
    for language, text in (("en", FULL_EN), ("cs", FULL_CS), ("ru", FULL_RU)):
        anna.client.cookies["django_language"] = language
        for htmx in (False, True):
            response = anna.act({"type": "roll", "value": 3}, htmx=htmx)
            assert response.status_code == 503
            assert response["Retry-After"]
            assert text in response.content.decode()


# -- a real server on a small file system ---------------------------------------------------


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    folder = tmp_path / "data"
    folder.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=4m,mode=0700", "tmpfs", str(folder)],
        capture_output=True,
        text=True,
    )
    if mounted.returncode != 0:
        missing(f"a small file system to fill (mount -t tmpfs: {mounted.stderr.strip()})")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def fill(folder: Path) -> Path:
    """Write a file until the file system has no byte left."""
    filler = folder / "filler"
    handle = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        for size in (1 << 20, 1 << 16, 1 << 12, 1 << 9, 1):
            block = b"\0" * size
            while True:
                try:
                    os.write(handle, block)
                except OSError as error:
                    assert error.errno == errno.ENOSPC
                    break
    finally:
        os.close(handle)
    return filler


def events(database: Path, code: str) -> list[tuple[int, str]]:
    with sqlite3.connect(database) as connection:
        return connection.execute(
            "SELECT e.seq, e.idempotency_key FROM companion_event e "
            "JOIN companion_table t ON t.id = e.table_id WHERE t.code = ? ORDER BY e.seq",
            (code,),
        ).fetchall()


def entry(phone: WebPhone, code: str, key: str, version: int, **headers: str) -> Any:
    token = phone.csrf()
    return phone.http.post(
        f"/t/{code}/act/",
        data={
            "action": json.dumps({"type": "roll", "value": 4}),
            "version": str(version),
            "idem": key,
            "csrfmiddlewaretoken": token,
        },
        headers={"X-CSRFToken": token, "Referer": str(phone.http.base_url), **headers},
    )


def test_a_full_disk_refuses_entries_with_the_reason_and_writes_nothing(small_disk: Path) -> None:
    env = server_env(small_disk)
    migrate(env)
    database = small_disk / "companion.sqlite3"
    with sqlite3.connect(database) as connection:  # an empty write-ahead log
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    server = start_server(env)
    try:
        host = WebPhone(server.url)
        code = host.create_table(start=False, target="10000")
        anna, ben = WebPhone(server.url), WebPhone(server.url)
        anna.join(code, 0, "Anna", "red")
        ben.join(code, 1, "Ben", "blue")
        host.start(code)
        before = events(database, code)
        filler = fill(small_disk)

        # Entries until one needs room that is not there (the log may have a page spare).
        acknowledged: list[str] = []
        refused = None
        for turn in range(40):
            phone = (anna, ben)[turn % 2]
            key, version = uuid.uuid4().hex, phone.state_version(code)
            response = entry(phone, code, key, version)
            if response.status_code == 503:
                refused = (phone, key, version, response)
                break
            assert response.status_code == 302, response.text[:300]
            acknowledged.append(key)
        assert refused is not None, "no entry met the full disk"
        phone, key, version, response = refused
        assert FULL_EN in response.text
        assert response.headers["retry-after"] == "30"
        # The same form again: in Czech and in Russian, and from htmx, the same refusal.
        for language, text in (("cs", FULL_CS), ("ru", FULL_RU)):
            again = entry(phone, code, key, version, **{"Accept-Language": language})
            assert again.status_code == 503 and text in again.text
        assert entry(phone, code, key, version, **{"HX-Request": "true"}).status_code == 503

        # Nothing half-written: every acknowledged entry is there, the refused one is not,
        # and the table's pages still show the game.
        logged = events(database, code)
        assert [k for _seq, k in logged[len(before) :]] == acknowledged
        assert key not in {k for _seq, k in logged}
        assert phone.http.get(f"/t/{code}/me/").status_code == 200

        # Room again: the very same form (its key, its version) goes through, once.
        filler.unlink()
        assert entry(phone, code, key, version).status_code == 302
        assert entry(phone, code, key, version).status_code == 302  # a resend changes nothing
        logged = events(database, code)
        assert [k for _seq, k in logged[len(before) :]] == [*acknowledged, key]
    finally:
        server.stop()
