"""Live tables of the real games under load, side by side with a bare Django view.

    .venv/bin/python bench/live.py [--game mix|wallenstein|babylon|babel|stortebeker|dice_race]
                                   [--setup embedded|pg-redis] [--processes 2] [--tables 200]
                                   [--phones 5] [--think 5] [--seconds 40] [--port 8700]
                                   [--screen] [--proxy] [--verbose [N]]

Every table has as many phones as its game allows up to ``--phones`` (Wallenstein 5,
Babylon and Störtebeker 4, Babel 2), each keeping its seat's event stream open as the page
does. ``--game mix`` (the default) deals the four games to the tables in turn; the dice
race of the platform tests is the floor (its engine costs nothing). One entry per table
every ``--think`` seconds on average, by a phone whose region offers one: read from the
region its stream last brought (or its own last answer), as the page shows it, and picked
as a table would (``bench/forms.py``: an app draw where the game offers one, else the
game's main entries, with the values a table enters, ``forms.table_values``: the game's
suggestions, a real option in a box it must fill; after a refusal, a suggestion refused
at this step is not sent again and a few counts change). ``--verbose`` prints the first
refusals (the game, the entry, its values and the answer's message). A game that ends is replaced by a new table of the same game
with the same phones (counted); the first entries of a game are part of the measure.
Meanwhile a client asks the bare view (``/ok/``, Django's floor: same server, same
middleware, no work) 20 times a second. Prints, for the measuring window:
- entry round trip p50/p99 over every entry sent (refused and failed ones too), and the
  bare view's, with the ratio of the p99s; the entries refused (the pick was not allowed
  by the rules, or a stale form: retried with another pick) and failed (an error answer,
  no new version, or no answer after one retry of a transport error with the same
  idempotency key);
- shown on the other phones: entry sent -> the new region arrived on each other phone of
  the table, p50/p95, and how many never arrived;
- CPU: the servers' per entry (from /proc, with their event loops' share), PostgreSQL's
  backends of this run and the Redis server (pg-redis), this client, the machine;
- bytes on the wire (gzip) of an update and of a first phone load; memory per 100 phones;
- the host's speed (a 10-million-step Python loop) and load, beside every run.
With ``--screen`` each table's host device keeps the table screen's stream open too (the
host's laptop by the table, its region the largest: Wallenstein's map), and the run prints
when its updates arrived. With ``--proxy`` (pg-redis) every phone talks to nginx run with ``deploy/nginx.conf``, which
sends all of a table's requests to one process (by the table's code); its CPU is printed
beside the servers'. Without it a table's phones are spread over the processes in turn.
Every wait is bounded: a table that cannot be set up is counted and left out, a stream that
drops is opened again (counted), and the run ends ``--seconds`` + 30 s after it starts
measuring whatever happens.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import html
import json
import os
import random
import tempfile
import time
import zlib
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx
from common import Database, Phone, make_table, percentile, run, servers, think
from forms import SUGGESTED_TRIES, EntryForm, entry_forms, pick, table_values
from tables import FLOOR, REAL_GAMES, games_of, host_speed, process_cpu, seats_for

from tests.fixtures import Proxy, Server, start_proxy

WARMUP = 5.0  # seconds after every stream is open before measuring
SETUP_SECONDS = 120.0  # at most, for one table to be created, joined and streaming
ENTRY_SECONDS = 15.0  # at most, for one entry's answer (the server gives up after 10 s)
REGION_WAIT = 5.0  # at most, for a phone's stream to bring the version before it acts
GRACE = 30.0  # the run ends this long after the window at the latest
setting_up = asyncio.Semaphore(8)


class Listener:
    """One phone's open stream: when each version's region arrived, its bytes, and the
    newest region (what the phone shows). Opened again when it drops, as the page does."""

    def __init__(self, phone: Phone, code: str, counts: Counter[str], view: str = "seat") -> None:
        self.phone, self.code, self.counts, self.view = phone, code, counts, view
        self.seen: dict[int, float] = {}
        self.update_bytes: list[int] = []
        self.latest: tuple[int, str] = (0, "")
        self.changed = asyncio.Event()
        self.ready = asyncio.Event()
        self.task = asyncio.create_task(self.listen())

    def show(self, version: int, region: str) -> None:
        if version >= self.latest[0]:
            self.latest = (version, region)
            self.changed.set()

    async def listen(self) -> None:
        while True:
            try:
                await self._stream()
            except (httpx.HTTPError, zlib.error, ValueError):
                self.counts["streams dropped and opened again"] += 1
                await asyncio.sleep(1)

    async def _stream(self) -> None:
        # The server pings every ~10 s: 30 s without a byte is a dead stream.
        timeout = httpx.Timeout(30, read=30)
        headers = {"Accept-Encoding": "gzip", "Last-Event-ID": str(self.latest[0])}
        url = f"/t/{self.code}/stream/?view={self.view}"
        async with self.phone.http.stream("GET", url, timeout=timeout, headers=headers) as answer:
            if answer.status_code != 200:
                raise ValueError(f"stream answered {answer.status_code}")
            self.ready.set()
            inflate = zlib.decompressobj(31)
            text = ""
            wire = 0  # compressed bytes since the last region
            async for raw in answer.aiter_raw():
                wire += len(raw)
                text += inflate.decompress(raw).decode()
                while "\n\n" in text:
                    event, text = text.split("\n\n", 1)
                    lines = event.split("\n")
                    if lines[0] not in ("event: live", "event: reset"):
                        continue
                    version = int(lines[1][len("id: ") :])
                    self.seen.setdefault(version, time.perf_counter())
                    self.show(version, "\n".join(line[len("data: ") :] for line in lines[2:]))
                    self.update_bytes.append(wire)
                    wire = 0

    async def at(self, version: int, within: float) -> str | None:
        """The region at ``version`` or newer, waiting at most ``within`` seconds."""
        deadline = time.perf_counter() + within
        while self.latest[0] < version:
            left = deadline - time.perf_counter()
            if left <= 0:
                return None
            self.changed.clear()
            try:
                async with asyncio.timeout(left):
                    await self.changed.wait()
            except TimeoutError:
                return None
        return self.latest[1]


@dataclass
class Results:
    entry: list[float] = field(default_factory=list)  # every entry sent in the window, ms
    shown: list[float] = field(default_factory=list)
    lost: int = 0
    screen_shown: list[float] = field(default_factory=list)  # on the table screens (--screen)
    screen_lost: int = 0
    update_bytes: list[int] = field(default_factory=list)
    counts: Counter[str] = field(default_factory=Counter)  # outcomes, per kind
    by_type: Counter[str] = field(default_factory=Counter)  # accepted entries per game:type
    shown_refusals: int = 0  # refusals still to print (--verbose)


class TablePlay:
    """One table of one game: its phones, their streams, and whose entry comes next."""

    def __init__(
        self, urls: list[str], index: int, game: str, phones: int, screen: bool = False
    ) -> None:
        self.game = game
        self.screen_wanted = screen
        self.screen: Listener | None = None  # the host's device showing the table screen
        self.phones = [Phone(urls[(index + i) % len(urls)]) for i in range(phones)]
        self.host = Phone(urls[index % len(urls)])
        self.code = ""
        self.version = 0
        self.listeners: list[Listener] = []
        self.sent: dict[int, tuple[float, int]] = {}  # version -> (sent at, seat), measured

    async def set_up(self, counts: Counter[str]) -> None:
        async with setting_up:  # tables arrive a few at a time, as on a real evening
            async with asyncio.timeout(SETUP_SECONDS):  # once its turn has come
                self.code = await make_table(self.host, self.phones, "10000", self.game)
                self.listeners = [Listener(phone, self.code, counts) for phone in self.phones]
                if self.screen_wanted:
                    self.screen = Listener(self.host, self.code, counts, view="host-table")
                streams = [*self.listeners, *([self.screen] if self.screen else [])]
                await asyncio.gather(*(listener.ready.wait() for listener in streams))
                page = await self.phones[0].http.get(f"/t/{self.code}/me/live/")
                self.version = _version(page.text)

    def account(self, results: Results) -> None:
        """What each other phone of this table was shown of the measured entries."""
        for version, (started, seat) in self.sent.items():
            for other, listener in enumerate(self.listeners):
                if other == seat:
                    continue
                if version in listener.seen:
                    results.shown.append((listener.seen[version] - started) * 1000)
                else:
                    results.lost += 1
            if self.screen is not None:
                if version in self.screen.seen:
                    results.screen_shown.append((self.screen.seen[version] - started) * 1000)
                else:
                    results.screen_lost += 1
        for listener in self.listeners:
            results.update_bytes.extend(listener.update_bytes[1:])  # not the first region
        self.sent = {}

    async def close(self) -> None:
        streams = [*self.listeners, *([self.screen] if self.screen else [])]
        for listener in streams:
            listener.task.cancel()
        await asyncio.gather(*(listener.task for listener in streams), return_exceptions=True)
        for phone in [*self.phones, self.host]:
            await phone.close()

    async def offers(self) -> dict[int, tuple[str, list[EntryForm]]]:
        """Each phone's region at the current version and the entries it offers."""
        regions = await asyncio.gather(
            *(listener.at(self.version, REGION_WAIT) for listener in self.listeners)
        )
        found = {}
        for seat, region in enumerate(regions):
            if region is None:  # its stream is behind: the page would poll for it
                page = await self.phones[seat].http.get(f"/t/{self.code}/me/live/")
                region = page.text
                self.listeners[seat].show(_version(region), region)
            found[seat] = (region, entry_forms(region))
        return found


def _filled(pairs: list[tuple[str, str]]) -> str:
    """The values an entry sent (its f. and m. fields), for a refusal's line."""
    return " ".join(f"{name[2:]}={value}" for name, value in pairs if name[:2] in ("f.", "m."))


def _flash(region: str) -> str:
    """The message of an answer's error flash."""
    start = region.find('class="flash error"')
    text = region[region.find(">", start) + 1 : region.find("</p>", start)]
    return html.unescape(text).strip()


def _version(region: str) -> int:
    marker = 'data-state-version="'
    start = region.find(marker)
    if start < 0:
        return -1
    start += len(marker)
    return int(region[start : region.index('"', start)])


async def one_entry(
    table: TablePlay, rng: random.Random, results: Results, window: dict[str, float]
) -> bool:
    """The next entry at ``table``: True if the game goes on, False when it is over."""
    offers = await table.offers()
    acting = [seat for seat, (_region, forms) in offers.items() if forms]
    turn = [seat for seat in acting if 'class="your-turn"' in offers[seat][0]]
    acting = turn or acting
    if not acting:
        return False
    seat = rng.choice(acting)
    forms = offers[seat][1]
    refused: set[str] = set()  # the entries whose suggestion was refused at this step
    for attempt in range(20):
        form = pick(forms, rng, attempt)
        offer = json.dumps(form.action, sort_keys=True)
        # A table told no does not send the same again: it changes a few boxes.
        suggested = attempt < SUGGESTED_TRIES and offer not in refused
        pairs = form.pairs(table_values(form, rng, keep_defaults=suggested))
        started = time.perf_counter()
        outcome, region = await post_entry(table.phones[seat], form.url, pairs)
        took = (time.perf_counter() - started) * 1000
        measured = started >= window["start"] and started < window["end"]
        new_version = _version(region) if region else -1
        if outcome == "answered" and new_version > table.version:
            outcome = "accepted"
        elif outcome == "answered" and 'class="flash error"' in region:
            outcome = "refused"  # by the rules (the pick), or a stale form
            if suggested:
                refused.add(offer)
            if results.shown_refusals > 0:
                results.shown_refusals -= 1
                print(f"  refused: {table.game} {form.kind} {_filled(pairs)}: {_flash(region)}")
        elif outcome == "answered":
            outcome = "failed: no new version"
        if measured:
            results.entry.append(took)
            results.counts[outcome] += 1
        if outcome == "accepted":
            if measured:
                table.sent[new_version] = (started, seat)
                results.by_type[f"{table.game}:{form.action.get('type')}"] += 1
            table.version = new_version
            table.listeners[seat].show(new_version, region)
            return True
        if outcome != "refused":  # a failure: the next entry starts from the table as it is
            page = await table.phones[seat].http.get(f"/t/{table.code}/me/live/")
            table.version = max(table.version, _version(page.text))
            return True
        forms = entry_forms(region) or forms  # refused: the answer shows what is offered
    return True


async def post_entry(phone: Phone, url: str, pairs: list[tuple[str, str]]) -> tuple[str, str]:
    """Send an entry; a transport error is retried once with the same idempotency key.
    Returns (outcome, the answer's region): ``answered`` or a failure."""
    for attempt in range(2):
        try:
            async with asyncio.timeout(ENTRY_SECONDS):
                answer = await phone.post_pairs(url, pairs, htmx=True)
        except (httpx.TransportError, TimeoutError) as error:
            if attempt == 0:
                continue
            return f"failed: {type(error).__name__} twice", ""
        if answer.status_code != 200:
            return f"failed: HTTP {answer.status_code}", ""
        return "answered", answer.text
    return "failed", ""


async def play_table(
    urls: list[str],
    index: int,
    args: argparse.Namespace,
    results: Results,
    ready: list[int],
    go: asyncio.Event,
    window: dict[str, float],
) -> None:
    game = games_of(args.game)[index % len(games_of(args.game))]
    rng = random.Random(args.seed * 100_003 + index)
    table = TablePlay(urls, index, game, seats_for(game, args.phones), args.screen)
    try:
        await table.set_up(results.counts)
    except Exception as error:  # noqa: BLE001 - counted and printed; the others go on
        results.counts[f"tables not set up ({type(error).__name__})"] += 1
        await table.close()
        return
    finally:
        ready[0] += 1
    await go.wait()  # every table set up: the window is opened
    while time.perf_counter() < window["end"]:
        await think(args.think)
        if time.perf_counter() >= window["end"]:
            break
        try:
            goes_on = await one_entry(table, rng, results, window)
        except (httpx.HTTPError, TimeoutError) as error:
            results.counts[f"failed: reading the phone ({type(error).__name__})"] += 1
            continue
        if not goes_on:  # the game is over: a new table of the same game, same phones
            results.counts[f"games ended, replaced by a new table ({game})"] += 1
            await asyncio.sleep(3)  # the last news on its way
            table.account(results)
            await table.close()
            table = TablePlay(urls, index, game, len(table.phones), args.screen)
            try:
                await table.set_up(results.counts)
            except Exception as error:  # noqa: BLE001
                results.counts[f"tables not set up ({type(error).__name__})"] += 1
                await table.close()
                return
    await asyncio.sleep(3)  # the last news on its way
    table.account(results)
    await table.close()


async def bare_view(url: str, window: dict[str, float], out: list[float]) -> None:
    async with httpx.AsyncClient(base_url=url, timeout=ENTRY_SECONDS) as http:
        while time.perf_counter() < window["end"]:
            started = time.perf_counter()
            try:
                await http.get("/ok/")
            except httpx.HTTPError:
                out.append(ENTRY_SECONDS * 1000)
                continue
            if started >= window["start"]:
                out.append((time.perf_counter() - started) * 1000)
            await asyncio.sleep(0.05)


async def loop_lag(window: dict[str, float], out: list[float]) -> None:
    """How late this client's own event loop wakes (its delays are in every figure it takes)."""
    while time.perf_counter() < window["end"]:
        started = time.perf_counter()
        await asyncio.sleep(0.01)
        if started >= window["start"]:
            out.append((time.perf_counter() - started - 0.01) * 1000)


def loop_cpu_seconds(pid: int) -> float:
    """The CPU of a server's first thread, whose id is the process's: its event loop."""
    fields = Path(f"/proc/{pid}/task/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def machine_busy() -> tuple[float, float]:
    """(busy, total) CPU time of the whole machine so far, from /proc/stat."""
    ticks = [int(value) for value in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
    idle = ticks[3] + ticks[4]  # idle, iowait
    return sum(ticks) - idle, sum(ticks)


def postgres_backends(database: str) -> list[int]:
    """The PostgreSQL server processes serving ``database`` (this run's own)."""
    if not database:
        return []
    import psycopg
    from common import POSTGRES_URL

    with psycopg.connect(POSTGRES_URL, autocommit=True, connect_timeout=5) as connection:
        rows = connection.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = %s", [database]
        ).fetchall()
    return [row[0] for row in rows]


def redis_server() -> list[int]:
    """The Redis server's process, when it runs on this machine."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "comm").read_text().strip() == "redis-server":
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def cpu_of(pids: list[int]) -> dict[int, float]:
    found = {}
    for pid in pids:
        try:
            found[pid] = process_cpu(pid)
        except OSError:  # ended
            continue
    return found


def spent(before: dict[int, float], after: dict[int, float]) -> float:
    """CPU between two readings; a process that started meanwhile counts in full."""
    return sum(value - before.get(pid, 0.0) for pid, value in after.items())


async def cpu_in_window(
    window: dict[str, float],
    pids: list[int],
    database: str,
    out: dict[str, float],
    proxy: list[int] | None = None,
) -> None:
    """The CPU the servers, their database and Redis, this client and the machine used over
    the window: what an entry costs, whatever else the machine was doing."""
    while time.perf_counter() < window["start"]:
        await asyncio.sleep(0.05)
    backends = await asyncio.to_thread(postgres_backends, database)
    redis = redis_server() if database else []
    servers_before, postgres_before, redis_before = cpu_of(pids), cpu_of(backends), cpu_of(redis)
    proxy_before = cpu_of(proxy or [])
    client_before = time.process_time()
    loops_before = sum(map(loop_cpu_seconds, pids))
    machine_before = machine_busy()
    while time.perf_counter() < window["end"]:
        await asyncio.sleep(0.05)
    backends = sorted(set(backends) | set(await asyncio.to_thread(postgres_backends, database)))
    out["server_cpu"] = spent(servers_before, cpu_of(pids))
    out["postgres_cpu"] = spent(postgres_before, cpu_of(backends))
    out["redis_cpu"] = spent(redis_before, cpu_of(redis))
    out["proxy_cpu"] = spent(proxy_before, cpu_of(proxy or []))
    out["loop_cpu"] = sum(map(loop_cpu_seconds, pids)) - loops_before
    out["client_cpu"] = time.process_time() - client_before
    busy, total = machine_busy()
    out["machine_busy"] = (busy - machine_before[0]) / max(1, total - machine_before[1])


async def first_load_bytes(url: str) -> int:
    """A phone's first visit on the wire (gzip): the page and what it loads."""
    phone, other, host = Phone(url), Phone(url), Phone(url)
    code = await make_table(host, [phone, other], target="10000")
    total = 0
    async with httpx.AsyncClient(base_url=url, cookies=phone.http.cookies, timeout=30) as http:
        page = await http.get(f"/t/{code}/me/", headers={"Accept-Encoding": "gzip"})
        total += int(page.headers.get("content-length") or len(page.content))
        for asset in _assets(page.text):
            response = await http.get(asset, headers={"Accept-Encoding": "gzip"})
            total += int(response.headers.get("content-length") or len(response.content))
    for each in (phone, other, host):
        await each.close()
    return total


def _assets(html: str) -> list[str]:
    import re

    return re.findall(r'(?:src|href)="(/static/[^"]+\.(?:js|css|svg))"', html)


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def measure(args: argparse.Namespace) -> dict[str, float]:
    """One run; returns the figures (and prints them)."""
    speed = await asyncio.to_thread(host_speed)
    database = Database()
    with (
        servers(args.setup, args.processes, args.port, database) as running,
        fronted(running, args.proxy) as front,
    ):
        # Behind the proxy every phone talks to it, and it routes a table to one process.
        urls = [front.url] if front else [server.url for server in running]
        loaded = await first_load_bytes(urls[0])
        idle = sum(rss_kib(server.process.pid) for server in running)
        results = Results(shown_refusals=args.verbose)
        bare: list[float] = []
        window = {"start": float("inf"), "end": float("inf")}
        ready, go = [0], asyncio.Event()
        tables = [
            asyncio.create_task(play_table(urls, t, args, results, ready, go, window))
            for t in range(args.tables)
        ]
        deadline = time.perf_counter() + SETUP_SECONDS * (1 + args.tables / 8)
        while ready[0] < args.tables and time.perf_counter() < deadline:
            await asyncio.sleep(0.1)
        # This client holds a thousand streams too: a full collection of its objects
        # stopped its loop for 100 ms and more, and the entries it then sent together
        # reached the server as a burst no real table makes. What exists now stays.
        gc.freeze()
        gc.set_threshold(7_000, 20, 10)  # as the server (companion/asgi.py)
        streaming = sum(rss_kib(server.process.pid) for server in running)
        window["end"] = time.perf_counter() + WARMUP + args.seconds
        window["start"] = window["end"] - args.seconds
        go.set()
        floor = asyncio.create_task(bare_view(urls[0], window, bare))
        lag: list[float] = []
        own = asyncio.create_task(loop_lag(window, lag))
        cpu: dict[str, float] = {}
        pids = [server.process.pid for server in running]
        proxy = front.pids() if front else []
        load = asyncio.create_task(cpu_in_window(window, pids, database.name, cpu, proxy))
        everything = asyncio.gather(*tables, floor, own, load, return_exceptions=True)
        try:
            async with asyncio.timeout(WARMUP + args.seconds + GRACE):
                outcomes = await everything
        except TimeoutError:
            results.counts["run cut short after the grace period"] += 1
            outcomes = []
        for outcome in outcomes:
            if isinstance(outcome, BaseException):
                results.counts[f"tasks that ended in an error ({type(outcome).__name__})"] += 1
    return report(args, running, results, bare, lag, cpu, loaded, idle, streaming, speed)


@contextlib.contextmanager
def fronted(running: list[Server], wanted: bool) -> Iterator[Proxy | None]:
    """nginx with ``deploy/nginx.conf`` in front of the servers when ``wanted``."""
    if not wanted:
        yield None
        return
    with tempfile.TemporaryDirectory() as folder:
        # One worker: it does little, and this 2-core host's CPU is the servers'.
        front = start_proxy(running, Path(folder), workers=1)
        try:
            yield front
        finally:
            front.stop()


def report(
    args: argparse.Namespace,
    running: list[Server],
    results: Results,
    bare: list[float],
    lag: list[float],
    cpu: dict[str, float],
    loaded: int,
    idle: int,
    streaming: int,
    speed: str,
) -> dict[str, float]:
    entry, shown, sizes = results.entry, results.shown, results.update_bytes
    accepted = results.counts["accepted"]
    phones = sum(seats_for(game, args.phones) for game in _dealt(args))
    inf = float("inf")
    figures = {
        "entry_p50": percentile(entry, 0.5) if entry else inf,
        "entry_p99": percentile(entry, 0.99) if entry else inf,
        "bare_p50": percentile(bare, 0.5) if bare else inf,
        "bare_p99": percentile(bare, 0.99) if bare else inf,
        "shown_p50": percentile(shown, 0.5) if shown else inf,
        "shown_p95": percentile(shown, 0.95) if shown else inf,
        "lost": float(results.lost),
        "failed": float(sum(n for kind, n in results.counts.items() if kind.startswith("fail"))),
        "not_set_up": float(
            sum(n for kind, n in results.counts.items() if kind.startswith("tables not"))
        ),
        "update_p50": percentile(sizes, 0.5) if sizes else 0.0,
        "update_p95": percentile(sizes, 0.95) if sizes else 0.0,
        "first_load": float(loaded),
        "mib_per_100": (streaming - idle) / 1024 / max(1, phones) * 100,
        "client_lag_p99": percentile(lag, 0.99) if lag else 0.0,
        "server_cpu_ms_per_entry": cpu.get("server_cpu", 0.0) * 1000 / max(1, accepted),
    }
    processes = f"{len(running)} process{'es' if len(running) > 1 else ''}"
    if args.proxy:
        processes += " behind nginx (deploy/nginx.conf: each table on one process)"
    dealt = Counter(_dealt(args))
    print(
        f"{args.setup}, {processes}: {args.tables} tables "
        f"({', '.join(f'{n} {game}' for game, n in dealt.items())}), {phones} phones streaming, "
        f"an entry per table every {args.think:g} s, {args.seconds:g} s measured"
    )
    print(f"  {speed}")
    print(
        f"  entry round trip: {len(entry)} entries sent, p50 {figures['entry_p50']:.1f} ms, "
        f"p99 {figures['entry_p99']:.1f} ms; {accepted} accepted"
    )
    others = sorted(kind for kind in results.counts if kind != "accepted")
    print(
        "  not accepted or other events: "
        + (", ".join(f"{kind}: {results.counts[kind]}" for kind in others) or "none")
    )
    print(
        f"  bare view /ok/:   {len(bare)} requests, p50 {figures['bare_p50']:.1f} ms, "
        f"p99 {figures['bare_p99']:.1f} ms"
    )
    print(
        f"  ratio entry/bare: p50 {figures['entry_p50'] / figures['bare_p50']:.1f}x, "
        f"p99 {figures['entry_p99'] / figures['bare_p99']:.1f}x"
    )
    print(
        f"  shown on the other phones: {len(shown)} updates, p50 {figures['shown_p50']:.1f} ms, "
        f"p95 {figures['shown_p95']:.1f} ms, never shown: {results.lost}"
    )
    if args.screen:
        screen = results.screen_shown
        figures["screen_p95"] = percentile(screen, 0.95) if screen else inf
        print(
            f"  shown on the table screens: {len(screen)} updates, "
            f"p50 {percentile(screen, 0.5) if screen else inf:.1f} ms, "
            f"p95 {figures['screen_p95']:.1f} ms, never shown: {results.screen_lost}"
        )
    print(
        f"  this client's own event loop: late p50 {percentile(lag, 0.5) if lag else 0:.1f} ms, "
        f"p99 {figures['client_lag_p99']:.1f} ms, max {max(lag, default=0):.1f} ms "
        f"(in every figure above)"
    )
    per_entry = 1000 / max(1, accepted)
    database = (
        f"; PostgreSQL (this run's backends) {cpu.get('postgres_cpu', 0) * per_entry:.1f} ms "
        f"and the Redis server (all its clients) {cpu.get('redis_cpu', 0) * per_entry:.1f} ms "
        f"per entry"
        if args.setup == "pg-redis"
        else ""
    )
    if args.proxy:
        database += f"; nginx {cpu.get('proxy_cpu', 0) * per_entry:.1f} ms per entry"
    print(
        f"  CPU per accepted entry: the server{'s' if len(running) > 1 else ''} "
        f"{figures['server_cpu_ms_per_entry']:.1f} ms "
        f"({cpu.get('server_cpu', 0) / args.seconds * 100:.0f} % of one core; the event loop "
        f"{cpu.get('loop_cpu', 0) * per_entry:.1f} ms of it){database}; this client "
        f"{cpu.get('client_cpu', 0) / args.seconds * 100:.0f} % of one core; the machine "
        f"{cpu.get('machine_busy', 0) * 100:.0f} % busy ({os.cpu_count()} cores)"
    )
    if results.by_type:
        common = ", ".join(f"{kind} {n}" for kind, n in results.by_type.most_common(8))
        print(f"  most entered: {common}")
    print(
        f"  bytes on the wire: update p50 {figures['update_p50']:.0f} B, "
        f"p95 {figures['update_p95']:.0f} B; first phone load {loaded} B"
    )
    print(
        f"  server memory: {idle / 1024:.0f} MiB idle, {streaming / 1024:.0f} MiB with {phones} "
        f"phones streaming: {figures['mib_per_100']:.1f} MiB per 100 phones",
        flush=True,
    )
    return figures


def _dealt(args: argparse.Namespace) -> list[str]:
    games = games_of(args.game)
    return [games[index % len(games)] for index in range(args.tables)]


def parser() -> argparse.ArgumentParser:
    options = argparse.ArgumentParser(description=__doc__)
    options.add_argument("--game", choices=["mix", *REAL_GAMES, FLOOR], default="mix")
    options.add_argument("--setup", choices=["embedded", "pg-redis"], default="embedded")
    options.add_argument("--processes", type=int, default=2)
    options.add_argument("--tables", type=int, default=200)
    options.add_argument("--phones", type=int, default=5)
    options.add_argument("--think", type=float, default=5.0)
    options.add_argument("--seconds", type=float, default=40.0)
    options.add_argument("--seed", type=int, default=1)
    options.add_argument("--port", type=int, default=0, help="the first server's port (0: any)")
    options.add_argument(
        "--screen",
        action="store_true",
        help="each table's host device streams the table screen too (host mode's view)",
    )
    options.add_argument(
        "--proxy",
        action="store_true",
        help="the phones talk to nginx run with deploy/nginx.conf, which routes each table "
        "to one of the processes (needs nginx at /usr/sbin/nginx)",
    )
    options.add_argument(
        "--verbose",
        type=int,
        nargs="?",
        const=20,
        default=0,
        help="print the first N refusals (default 20): game, entry, values, message",
    )
    return options


async def main() -> None:
    await measure(parser().parse_args())


if __name__ == "__main__":
    run(main())
