"""Shared parts of the benchmarks: servers to measure, and phones that talk to them.

``bench/live.py`` and ``bench/capacity.py`` play the four games through the phones' forms
(``bench/forms.py``, ``bench/tables.py``); ``bench/entries.py`` and ``bench/long_game.py``
use the platform tests' dice race (a 2–5 player game whose entries cost the engine
nothing), so their figures measure the platform alone: HTTP, the transaction, the log, the
rendering of the phone's fragment and the fan-out.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import statistics
import subprocess
import sys
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tables import COLOURS, FLOOR, new_table_form  # noqa: E402

from tests.fixtures import (  # noqa: E402
    POSTGRES_URL,
    REDIS_URL,
    Server,
    fresh_postgres_database,
    migrate,
    server_env,
    start_server,
)

VERSION = re.compile(r'data-state-version="(\d+)"')


def arguments(description: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--setup", choices=["embedded", "pg-redis"], default="embedded")
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--phones", type=int, default=5)
    parser.add_argument("--entries", type=int, default=30, help="entries per table")
    parser.add_argument(
        "--think",
        type=float,
        default=2.0,
        help="mean seconds between a table's entries (0: as fast as the server answers)",
    )
    return parser.parse_args()


@dataclass
class Database:
    """The benchmark's own PostgreSQL database (its name finds its server processes)."""

    name: str = ""


@contextmanager
def servers(
    setup: str, processes: int = 2, port: int = 0, database: Database | None = None
) -> Iterator[list[Server]]:
    """One process on SQLite, or ``processes`` processes on PostgreSQL with Redis fan-out.

    ``port``: the first server's port (the next ones follow); 0: any free port.
    """
    with tempfile.TemporaryDirectory() as folder:
        drop = None
        # Every phone of a benchmark comes from 127.0.0.1: no per-client limits.
        if setup == "embedded":
            env = server_env(Path(folder), COMPANION_RATE_LIMITS="off")
            count = 1
        else:
            url, drop = fresh_postgres_database(POSTGRES_URL)
            if database is not None:
                database.name = url.rsplit("/", 1)[1]
            env = server_env(
                Path(folder), DATABASE_URL=url, REDIS_URL=REDIS_URL, COMPANION_RATE_LIMITS="off"
            )
            count = processes
        running: list[Server] = []
        try:
            migrate(env)
            # As the start command does: fingerprinted, compressed static files.
            subprocess.run(
                [sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"],
                cwd=ROOT,
                env=env,
                check=True,
            )
            for index in range(count):  # a busy machine takes long to start a server
                running.append(start_server(env, port + index if port else None, wait=180))
            yield running
        finally:
            for server in running:
                server.stop()
            if drop:
                drop()


class Phone:
    def __init__(self, base_url: str) -> None:
        self.http = httpx.AsyncClient(
            base_url=base_url, timeout=30, limits=httpx.Limits(max_connections=4)
        )
        self.base_url = base_url
        self.token = ""

    async def csrf(self) -> str:
        if not self.token:
            await self.http.get("/history/")
            self.token = self.http.cookies.get("csrftoken", "")
        return self.token

    async def post(self, path: str, data: dict[str, Any], htmx: bool = False) -> httpx.Response:
        return await self.post_pairs(path, list(data.items()), htmx)

    async def post_pairs(
        self, path: str, pairs: list[tuple[str, Any]], htmx: bool = False
    ) -> httpx.Response:
        """A form post as a browser sends it (a repeated name kept: ticked boxes)."""
        token = await self.csrf()
        headers = {
            "X-CSRFToken": token,
            "Referer": self.base_url + "/",
            "Content-Type": "application/x-www-form-urlencoded",
        }
        if htmx:
            headers["HX-Request"] = "true"
        body = urlencode([*pairs, ("csrfmiddlewaretoken", token)]).encode()
        return await self.http.post(path, content=body, headers=headers)

    async def close(self) -> None:
        await self.http.aclose()


async def make_table(
    host: Phone, phones: list[Phone], target: str = "100", game: str = FLOOR
) -> str:
    """A started table of ``game`` with a seat for each of ``phones`` (the dice race: to
    ``target`` points)."""
    form = new_table_form(game, len(phones))
    if game == FLOOR:
        form["opt.target"] = target
    response = await host.post("/", form)
    assert response.status_code == 302, response.text[:300]
    code = response.headers["location"].strip("/").split("/")[-1]
    for index, phone in enumerate(phones):
        colour = COLOURS[index]
        response = await phone.post(
            f"/t/{code}/join/", {"seat": index, "name": f"P{index}", "colour": colour}
        )
        assert response.status_code == 302, response.text[:300]
    assert (await host.post(f"/t/{code}/start/", {})).status_code == 302
    return code


async def current_version(phone: Phone, code: str) -> int:
    page = await phone.http.get(f"/t/{code}/me/live/")
    return int(VERSION.search(page.text).group(1))


async def roll(phone: Phone, code: str, version: int) -> tuple[httpx.Response, int]:
    """One entry as a phone sends it (htmx); returns the response and the next form version."""
    response = await phone.post(
        f"/t/{code}/act/",
        {
            "action": json.dumps({"type": "roll", "by_app": True}),
            "version": version,
            "idem": uuid.uuid4().hex,
        },
        htmx=True,
    )
    found = VERSION.search(response.text)
    return response, int(found.group(1)) if found else version


async def think(mean: float) -> None:
    """A player's pause before the next entry: uniform between half and 1.5 x the mean."""
    if mean > 0:
        await asyncio.sleep(random.uniform(0.5 * mean, 1.5 * mean))


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def report(name: str, millis: list[float], shares: tuple[float, ...]) -> None:
    parts = ", ".join(f"p{int(s * 100)} {percentile(millis, s):.1f} ms" for s in shares)
    print(
        f"{name}: {len(millis)} samples, {parts}, mean {statistics.fmean(millis):.1f} ms",
        flush=True,
    )


def run(coroutine: Any) -> Any:
    return asyncio.run(coroutine)
