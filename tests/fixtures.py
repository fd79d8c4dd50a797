"""Fixtures for the platform's tests."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

ROOT = Path(__file__).resolve().parent.parent
IN_CI = os.environ.get("CI", "").lower() in {"1", "true", "yes"}
POSTGRES_URL = os.environ.get(
    "COMPANION_TEST_POSTGRES", "postgres://postgres@127.0.0.1:5432/postgres"
)
REDIS_URL = os.environ.get("COMPANION_TEST_REDIS", "redis://127.0.0.1:6379/15")
CHROMIUM = "/usr/bin/chromium"


def missing(what: str) -> None:
    """Skip on a bare laptop; in CI a missing part is a failure, never a skip."""
    if IN_CI:
        pytest.fail(f"{what} is required in CI but is not available")
    pytest.skip(f"{what} is not available")


def port_open(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=0.5):
            return True
    except OSError:
        return False


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class Phone:
    """A phone at a table: a test client holding a seat's cookie."""

    client: Client
    code: str
    seat: int

    def page(self) -> Any:
        return self.client.get(f"/t/{self.code}/me/")

    def act(
        self,
        action: dict[str, Any],
        *,
        version: int | None = None,
        key: str | None = None,
        htmx: bool = False,
        **extra: Any,
    ) -> Any:
        import json

        from companion.models import Table

        if version is None:
            version = Table.objects.get(code=self.code).state_version
        data = {
            "action": json.dumps(action),
            "version": str(version),
            "idem": key or uuid.uuid4().hex,
            **extra,
        }
        headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
        return self.client.post(f"/t/{self.code}/act/", data, **headers)


@pytest.fixture
def make_table(db: Any) -> Any:
    """Create a table (as its host) and return (table, host client)."""
    from companion.models import Table

    def make(
        game: str = "dice_race", players: int = 2, start: bool = True, **options: str
    ) -> tuple[Table, Client]:
        host = Client()
        response = host.post(
            "/", {"game": game, "players": players, **{f"opt.{k}": v for k, v in options.items()}}
        )
        assert response.status_code == 302, response.content
        code = response["Location"].strip("/").split("/")[-1]
        table = Table.objects.get(code=code)
        if start:
            assert host.post(f"/t/{code}/start/").status_code == 302
            table.refresh_from_db()
        return table, host

    return make


@pytest.fixture
def join() -> Any:
    """A new phone that takes seat ``index`` through the seat's own link (its QR code).

    The seat link works before and after the start; the table's join page only in the lobby.
    """

    def take(table: Any, index: int, name: str = "", colour: str | None = None) -> Phone:
        from companion.models import Seat

        client = Client()
        seat = Seat.objects.get(table=table, index=index)
        colour = colour or seat.colour  # the one the table gave it, as its join page offers
        token = seat.claim_token
        response = client.post(
            f"/t/{table.code}/s/{index}/{token}/",
            {"seat": index, "name": name or f"P{index}", "colour": colour},
        )
        assert response.status_code == 302, response.content.decode()[:500]
        return Phone(client, table.code, index)

    return take


@pytest.fixture(scope="session")
def postgres_url() -> str:
    if not port_open("127.0.0.1", 5432):
        missing("PostgreSQL on 127.0.0.1:5432")
    return POSTGRES_URL


@pytest.fixture(scope="session")
def redis_url() -> str:
    if not port_open("127.0.0.1", 6379):
        missing("Redis on 127.0.0.1:6379")
    return REDIS_URL


@dataclass
class Server:
    url: str
    process: subprocess.Popen[bytes]
    env: dict[str, str]

    def stop(self, hard: bool = False) -> None:
        if self.process.poll() is None:
            if hard:
                self.process.kill()
            else:
                self.process.terminate()
            self.process.wait(timeout=10)


def start_server(
    env: dict[str, str], port: int | None = None, workers: int = 1, wait: float = 30
) -> Server:
    """The real start path: uvicorn serving the ASGI app, as the start command does.
    ``wait``: seconds for it to open its port."""
    port = port or free_port()
    command = [
        sys.executable,
        "-m",
        "uvicorn",
        "companion.asgi:application",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--log-level",
        "warning",
        "--workers",
        str(workers),
        "--timeout-graceful-shutdown",
        "2",
    ]
    process = subprocess.Popen(command, cwd=ROOT, env=env)
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        if port_open("127.0.0.1", port):
            return Server(f"http://127.0.0.1:{port}", process, env)
        if process.poll() is not None:
            raise RuntimeError("the server did not start")
        time.sleep(0.1)
    process.kill()
    raise RuntimeError("the server did not open its port")


NGINX = "/usr/sbin/nginx"
NGINX_CONFIG = ROOT / "deploy" / "nginx.conf"


@dataclass
class Proxy:
    """nginx in front of server processes, as ``deploy/nginx.conf`` routes them."""

    url: str
    process: subprocess.Popen[bytes]
    folder: Path

    def pids(self) -> list[int]:
        """nginx's master and its workers (their CPU is the proxy's)."""
        children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        try:
            workers = [int(pid) for pid in children.read_text().split()]
        except OSError:
            workers = []
        return [self.process.pid, *workers]

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()  # nginx's fast shutdown
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)


def proxy_config(
    listen: int, upstreams: list[int], workers: int | None = None, log_routes: bool = False
) -> str:
    """``deploy/nginx.conf`` as it is, with its ``listen`` port and upstream servers
    replaced: what a test or a benchmark runs is the file the README points to.
    ``log_routes``: each request's path and the process it went to, in ``logs/routes.log``."""
    text = NGINX_CONFIG.read_text()
    servers = "".join(f"        server 127.0.0.1:{port};\n" for port in upstreams)
    lines, placed = [], False
    for line in text.splitlines(keepends=True):
        if line.strip().startswith("server 127.0.0.1:"):
            if not placed:
                lines.append(servers)
                placed = True
            continue
        if line.strip().startswith("listen "):
            line = f"        listen 127.0.0.1:{listen};\n"
        if workers and line.startswith("worker_processes "):
            line = f"worker_processes {workers};\n"
        if log_routes and line.strip() == "access_log off;":
            line = "    log_format routes '$uri $upstream_addr';\n"
            line += "    access_log logs/routes.log routes;\n"
        lines.append(line)
    return "".join(lines)


def start_proxy(
    servers: list[Server],
    folder: Path,
    port: int | None = None,
    workers: int | None = None,
    log_routes: bool = False,
) -> Proxy:
    """nginx with ``deploy/nginx.conf`` in front of ``servers``, its files in ``folder``."""
    if not Path(NGINX).exists():
        missing(f"nginx at {NGINX} (apt-get install nginx-light)")
    port = port or free_port()
    upstreams = [int(server.url.rsplit(":", 1)[1]) for server in servers]
    for name in ("logs", "temp"):
        (folder / name).mkdir(parents=True, exist_ok=True)
    config = folder / "nginx.conf"
    config.write_text(proxy_config(port, upstreams, workers, log_routes))
    # As root nginx would hand its workers to "nobody"; they stay this user instead.
    user = "user root root; " if os.geteuid() == 0 else ""
    command = [NGINX, "-p", str(folder), "-c", str(config), "-g", f"daemon off; {user}"]
    process = subprocess.Popen(command, cwd=folder)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if port_open("127.0.0.1", port):
            return Proxy(f"http://127.0.0.1:{port}", process, folder)
        if process.poll() is not None:
            raise RuntimeError(
                f"nginx did not start: {(folder / 'logs' / 'error.log').read_text()}"
            )
        time.sleep(0.1)
    process.kill()
    raise RuntimeError("nginx did not open its port")


def server_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("DATABASE_URL", None)
    env.pop("REDIS_URL", None)
    env.update(
        COMPANION_DATA_DIR=str(tmp_path),
        # Collected static files (the start command) beside the data folder, never in it,
        # and never in the checkout, where a stale copy would be served to later tests.
        COMPANION_STATIC_ROOT=str(tmp_path.with_name(tmp_path.name + "-static")),
        COMPANION_EXTRA_GAMES="tests.engines.dice_race",
        DJANGO_SETTINGS_MODULE="companion.settings",
        **extra,
    )
    return env


def migrate(env: dict[str, str]) -> None:
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=ROOT,
        env=env,
        check=True,
    )


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """A real uvicorn process with a database of its own.

    Embedded SQLite by default; in the PostgreSQL + Redis run, a fresh PostgreSQL
    database and Redis fan-out, so the same tests cover both set-ups.
    """
    drop = None
    extra: dict[str, str] = {}
    if os.environ.get("DATABASE_URL"):
        url, drop = fresh_postgres_database(os.environ["DATABASE_URL"])
        extra["DATABASE_URL"] = url
    if os.environ.get("REDIS_URL"):
        extra["REDIS_URL"] = os.environ["REDIS_URL"]
    env = server_env(tmp_path, **extra)
    migrate(env)
    running = start_server(env)
    yield running
    running.stop()
    if drop:
        drop()


def fresh_postgres_database(base_url: str) -> tuple[str, Any]:
    """A new empty database on the PostgreSQL server of ``base_url``; returns (url, dropper)."""
    import psycopg

    name = f"companion_t_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(base_url, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    url = base_url.rsplit("/", 1)[0] + "/" + name

    def drop() -> None:
        with psycopg.connect(base_url, autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    return url, drop


@pytest.fixture
def shared_servers(tmp_path: Path, postgres_url: str, redis_url: str) -> Iterator[list[Server]]:
    """Two uvicorn processes on one PostgreSQL database, live updates through Redis."""
    url, drop = fresh_postgres_database(postgres_url)
    env = server_env(tmp_path, DATABASE_URL=url, REDIS_URL=redis_url)
    migrate(env)
    servers = [start_server(env), start_server(env)]
    yield servers
    for running in servers:
        running.stop()
    drop()


class WebPhone:
    """A device talking to a real server over HTTP (cookies, CSRF) with httpx."""

    # The phone that created each table: joining a running game takes the seat's own
    # link, which only the host's table screen shows.
    hosts: dict[str, WebPhone] = {}

    def __init__(self, base_url: str) -> None:
        import httpx

        self.http = httpx.Client(base_url=base_url, follow_redirects=False, timeout=10)

    def csrf(self, path: str = "/") -> str:
        self.http.get(path)
        return self.http.cookies.get("csrftoken", "")

    def post(self, path: str, data: dict[str, Any]) -> Any:
        token = self.csrf()
        return self.http.post(
            path,
            data={**data, "csrfmiddlewaretoken": token},
            headers={"X-CSRFToken": token, "Referer": str(self.http.base_url)},
        )

    def create_table(
        self, game: str = "dice_race", players: int = 2, start: bool = True, **options: str
    ) -> str:
        response = self.post(
            "/", {"game": game, "players": players, **{f"opt.{k}": v for k, v in options.items()}}
        )
        assert response.status_code == 302, response.text[:500]
        code = response.headers["location"].strip("/").split("/")[-1]
        WebPhone.hosts[code] = self
        if start:
            self.start(code)
        return code

    def start(self, code: str) -> None:
        assert self.post(f"/t/{code}/start/", {}).status_code == 302

    def seat_link(self, code: str, seat: int) -> str:
        """The seat's own link, as the host's table screen shows it."""
        import re

        page = self.http.get(f"/t/{code}/").text
        return re.search(rf"/t/{code}/s/{seat}/[^/\"]+/", page).group(0)

    def join(self, code: str, seat: int, name: str, colour: str) -> None:
        host = WebPhone.hosts.get(code)
        path = host.seat_link(code, seat) if host else f"/t/{code}/join/"
        response = self.post(path, {"seat": seat, "name": name, "colour": colour})
        assert response.status_code == 302, response.text[:500]

    def state_version(self, code: str) -> int:
        import re

        page = self.http.get(f"/t/{code}/me/").text
        return int(re.search(r'data-state-version="(\d+)"', page).group(1))

    def act(self, code: str, action: dict[str, Any]) -> Any:
        import json

        return self.post(
            f"/t/{code}/act/",
            {
                "action": json.dumps(action),
                "version": self.state_version(code),
                "idem": uuid.uuid4().hex,
            },
        )
