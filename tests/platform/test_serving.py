"""No single request can stall the server: real uvicorn processes, real sockets.

Each test starts something slow or hostile (a trickled upload, a correction that replays a
long game, a hung Redis) and, while it is still going on, makes entries at another table:
they must be answered, and before the slow thing ends.
"""

from __future__ import annotations

import json
import shutil
import signal
import socket
import subprocess
import threading
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from tests.fixtures import (
    Server,
    WebPhone,
    free_port,
    fresh_postgres_database,
    migrate,
    missing,
    port_open,
    server_env,
    start_server,
)
from tests.sse import open_stream


def seated(url: str, **options: str) -> tuple[str, WebPhone, WebPhone, WebPhone]:
    host = WebPhone(url)
    code = host.create_table(start=False, target="10000", **options)
    anna, ben = WebPhone(url), WebPhone(url)
    anna.join(code, 0, "Anna", "red")
    ben.join(code, 1, "Ben", "blue")
    host.start(code)
    return code, host, anna, ben


def play_rounds(code: str, anna: WebPhone, ben: WebPhone, rounds: int) -> None:
    for _ in range(rounds):
        for phone in (anna, ben):
            assert phone.act(code, {"type": "roll", "value": 3}).status_code == 302


def test_slow_uploads_hold_no_thread(server: Server) -> None:
    """More trickling uploads than the server has threads: entries still go through."""
    code, _host, anna, ben = seated(server.url)
    port = int(server.url.rsplit(":", 1)[1])
    uploads = []
    for _ in range(12):
        upload = socket.create_connection(("127.0.0.1", port))
        upload.sendall(
            f"POST /t/{code}/act/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            "Content-Type: application/x-www-form-urlencoded\r\n"
            "Content-Length: 100000\r\n\r\naction=".encode()
        )
        uploads.append(upload)
    try:
        play_rounds(code, anna, ben, 2)
    finally:
        for upload in uploads:
            upload.close()


def test_an_oversized_body_is_refused_before_it_is_read(server: Server) -> None:
    code, _host, anna, ben = seated(server.url)
    token = anna.csrf()
    response = anna.http.post(
        f"/t/{code}/act/",
        content=b"action=" + b"x" * (3 * 1024 * 1024),
        headers={"X-CSRFToken": token, "Content-Type": "application/x-www-form-urlencoded"},
    )
    assert response.status_code == 413
    assert "too large" in response.text
    play_rounds(code, anna, ben, 1)


def test_a_long_replay_delays_no_other_table(server: Server) -> None:
    """A correction at the start of a long game replays all of it; other tables go on."""
    slow, _host, anna, ben = seated(server.url, work="20")
    first_roll = httpx.get(f"{server.url}/t/{slow}/version/").json()["version"] + 1
    play_rounds(slow, anna, ben, 60)  # 120 rolls of 20 ms each: a replay of ~2.4 s
    done = threading.Event()

    def correct() -> None:
        anna.post(
            f"/t/{slow}/correct/{first_roll}/",
            {
                "f.value": "4",
                "version": anna.state_version(slow),
                "idem": uuid.uuid4().hex,
                "step": "apply",
            },
        )
        done.set()

    other, _host2, carla, dan = seated(server.url)
    fixer = threading.Thread(target=correct)
    fixer.start()
    time.sleep(0.3)  # the correction is replaying
    play_rounds(other, carla, dan, 1)
    assert not done.is_set(), "the other table's entries waited for the replay"
    fixer.join(30)
    assert done.is_set()
    assert "Correction of entry" in anna.http.get(f"/history/{slow}/").text


# -- Redis: hung or down, never on an entry's path ------------------------------------------


@dataclass
class OwnRedis:
    """A redis-server of the test's own, to stop (SIGSTOP), kill and start again."""

    port: int
    process: subprocess.Popen[bytes]

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def hang(self) -> None:
        self.process.send_signal(signal.SIGSTOP)

    def resume(self) -> None:
        self.process.send_signal(signal.SIGCONT)

    def stop(self) -> None:
        self.resume()
        self.process.kill()
        self.process.wait(10)


def start_redis(port: int | None = None) -> OwnRedis:
    binary = shutil.which("redis-server")
    if binary is None:
        missing("redis-server")
    port = port or free_port()
    process = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 10
    while not port_open("127.0.0.1", port):
        assert time.monotonic() < deadline, "redis-server did not start"
        time.sleep(0.05)
    return OwnRedis(port, process)


@pytest.fixture
def own_redis() -> Iterator[OwnRedis]:
    redis = start_redis()
    yield redis
    redis.stop()


def test_a_hung_redis_does_not_slow_entries(tmp_path: Path, own_redis: OwnRedis) -> None:
    env = server_env(tmp_path, REDIS_URL=own_redis.url)
    migrate(env)
    running = start_server(env)
    try:
        code, _host, anna, ben = seated(running.url)
        stream = open_stream(ben, code, "view=seat")
        stream.next()
        own_redis.hang()
        # redis-py's default would hold each entry 5 s; a 2.5 s limit proves it does not.
        quick = httpx.Timeout(2.5)
        for phone in (anna, ben, anna):
            phone.http.timeout = quick
            assert phone.act(code, {"type": "roll", "value": 2}).status_code == 302
        # The devices on this process still hear of it at once.
        last = httpx.get(f"{running.url}/t/{code}/version/").json()["version"]
        assert '<span class="points">4</span>' in stream.until(last, timeout=2).data
        stream.close()
    finally:
        running.stop()


@pytest.fixture
def two_processes_own_redis(
    tmp_path: Path, postgres_url: str, own_redis: OwnRedis
) -> Iterator[tuple[list[Server], OwnRedis]]:
    url, drop = fresh_postgres_database(postgres_url)
    env = server_env(tmp_path, DATABASE_URL=url, REDIS_URL=own_redis.url)
    migrate(env)
    servers = [start_server(env), start_server(env)]
    yield servers, own_redis
    for running in servers:
        running.stop()
    drop()


def _wait_for_push(stream, host: WebPhone, code: str, value: int) -> float:  # type: ignore[no-untyped-def]
    """The host enters a roll for whoever must act; how long until Ben's stream shows it."""
    page = host.http.get(f"/t/{code}/host/").text
    version = int(page.split('data-state-version="')[1].split('"')[0])
    sent = time.monotonic()
    response = host.post(
        f"/t/{code}/act/",
        {
            "action": json.dumps({"type": "roll", "value": value}),
            "version": version,
            "idem": uuid.uuid4().hex,
            "host_mode": "1",
        },
    )
    assert response.status_code == 302
    event = stream.until(version + 1, timeout=6)
    assert f"Roll {value}" in event.data
    return event.at - sent


@pytest.mark.postgres
@pytest.mark.redis
@pytest.mark.parametrize("failure", ["hung", "down"])
def test_when_redis_fails_other_processes_poll_then_pushes_resume(
    two_processes_own_redis: tuple[list[Server], OwnRedis], failure: str
) -> None:
    (a, b), redis = two_processes_own_redis
    code, host, _anna, _ben = seated(a.url)
    ben = WebPhone(b.url)  # Ben's phone is served by the other process
    ben.http.cookies.update(_ben.http.cookies)
    stream = open_stream(ben, code, "view=seat")
    stream.next()
    time.sleep(0.5)
    assert _wait_for_push(stream, host, code, 1) < 1.0  # through Redis

    if failure == "hung":
        redis.hang()
    else:
        redis.stop()
    host.http.timeout = httpx.Timeout(2.5)
    # Process B reads the version from the database: shown within 5 s.
    assert _wait_for_push(stream, host, code, 2) < 5.0

    if failure == "hung":
        redis.resume()
    else:
        restarted = start_redis(redis.port)
        redis.process = restarted.process
    time.sleep(4)  # the listener reconnects and counts Redis as healthy again
    assert _wait_for_push(stream, host, code, 3) < 1.0
    stream.close()


def test_the_pages_name_no_private_module_of_the_server_libraries() -> None:
    """The serving stack uses asgiref, Django and uvicorn through their documented APIs."""
    root = Path(__file__).resolve().parents[2] / "companion"
    source = "\n".join(path.read_text() for path in root.rglob("*.py"))
    for private in ("WsgiToAsgiInstance", "run_wsgi_app", "CurrentThreadExecutor", ".func"):
        assert private not in source, private
