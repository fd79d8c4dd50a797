"""Live tables under load, measured side by side with a bare Django view.

    .venv/bin/python bench/live.py [--setup embedded|pg-redis] [--processes 2]
                                   [--tables 200] [--phones 5] [--think 5] [--seconds 40]

Every table has ``--phones`` phones, each keeping its seat's event stream open as the
page does; one entry per table every ``--think`` seconds on average, by the phone whose
turn it is. Meanwhile a client asks the bare view (``/ok/``, Django's floor: same server,
same middleware, no work) 20 times a second. Prints, for the measuring window:
- entry round trip p50/p99, and the bare view's, with the ratio of the p99s;
- shown on the other phones: entry sent -> the new region (the content the page swaps
  in) arrived on each other phone of the table, p50/p95, and how many never arrived;
- bytes on the wire (gzip) of an update and of a first phone load;
- the server's memory per 100 connected phones.
With ``pg-redis`` the phones of a table are spread over the processes, so most news
crosses from one process to another through Redis.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import time
import zlib
from pathlib import Path

import httpx
from common import Phone, current_version, make_table, percentile, roll, run, servers, think

WARMUP = 5.0  # seconds after every stream is open before measuring
setting_up = asyncio.Semaphore(8)


class Listener:
    """One phone's open stream: when each version's region arrived, and its bytes."""

    def __init__(self, phone: Phone, code: str) -> None:
        self.phone, self.code = phone, code
        self.seen: dict[int, float] = {}
        self.update_bytes: list[int] = []
        self.ready = asyncio.Event()
        self.task = asyncio.create_task(self.listen())

    async def listen(self) -> None:
        timeout = httpx.Timeout(30, read=None)
        headers = {"Accept-Encoding": "gzip"}
        url = f"/t/{self.code}/stream/?view=seat"
        async with self.phone.http.stream("GET", url, timeout=timeout, headers=headers) as response:
            self.ready.set()
            inflate = zlib.decompressobj(31)
            text = ""
            wire = 0  # compressed bytes since the last region
            async for raw in response.aiter_raw():
                wire += len(raw)
                text += inflate.decompress(raw).decode()
                while "\n\n" in text:
                    event, text = text.split("\n\n", 1)
                    if "event: live" in event:
                        version = int(event.split("id: ", 1)[1].split("\n", 1)[0])
                        self.seen.setdefault(version, time.perf_counter())
                        self.update_bytes.append(wire)
                        wire = 0


async def play_table(
    urls: list[str],
    index: int,
    args: argparse.Namespace,
    results: dict[str, list[float]],
    ready: asyncio.Barrier,
    window: dict[str, float],
) -> None:
    phones = [Phone(urls[(index + i) % len(urls)]) for i in range(args.phones)]
    host = Phone(urls[index % len(urls)])
    try:
        async with setting_up:  # tables arrive a few at a time, as on a real evening
            code = await make_table(host, phones, target="10000")
            listeners = [Listener(phone, code) for phone in phones]
            await asyncio.gather(*(listener.ready.wait() for listener in listeners))
            version = await current_version(phones[0], code)
    except BaseException:
        ready.abort()  # one table that cannot be set up ends the run, loudly
        raise
    await ready.wait()
    sent: dict[int, tuple[float, int]] = {}
    turn = 0
    while time.perf_counter() < window["end"]:
        await think(args.think)
        seat = turn % args.phones
        started = time.perf_counter()
        response, new_version = await roll(phones[seat], code, version)
        if response.status_code == 200 and new_version > version:
            if started >= window["start"]:
                results["entry"].append((time.perf_counter() - started) * 1000)
                sent[new_version] = (started, seat)
            version = new_version
            turn += 1
    await asyncio.sleep(3)  # the last news on its way
    for ver, (started, seat) in sent.items():
        for other, listener in enumerate(listeners):
            if other == seat:
                continue
            if ver in listener.seen:
                results["shown"].append((listener.seen[ver] - started) * 1000)
            else:
                results["lost"].append(1)
    for listener in listeners:
        results["update_bytes"].extend(listener.update_bytes[1:])  # not the first region
        listener.task.cancel()
    for phone in [*phones, host]:
        await phone.close()


async def bare_view(url: str, window: dict[str, float], out: list[float]) -> None:
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        while time.perf_counter() < window["end"]:
            started = time.perf_counter()
            await http.get("/ok/")
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


def cpu_seconds(pid: int, thread: int | None = None) -> float:
    """CPU time used so far (user + system) by process ``pid``, or by one of its threads
    (a process's first thread, whose id is the process's, runs the server's event loop)."""
    path = f"/proc/{pid}/task/{thread}/stat" if thread else f"/proc/{pid}/stat"
    fields = Path(path).read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def loop_cpu_seconds(pid: int) -> float:
    return cpu_seconds(pid, thread=pid)


def machine_busy() -> tuple[float, float]:
    """(busy, total) CPU time of the whole machine so far, from /proc/stat."""
    ticks = [int(value) for value in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
    idle = ticks[3] + ticks[4]  # idle, iowait
    return sum(ticks) - idle, sum(ticks)


async def cpu_in_window(window: dict[str, float], pids: list[int], out: dict[str, float]) -> None:
    """The servers' and this client's CPU time, and the machine's load, over the window:
    the figure that says what an entry costs, whatever else the machine was doing."""
    while time.perf_counter() < window["start"]:
        await asyncio.sleep(0.05)
    servers_before, client_before = sum(map(cpu_seconds, pids)), time.process_time()
    loops_before = sum(map(loop_cpu_seconds, pids))
    machine_before = machine_busy()
    while time.perf_counter() < window["end"]:
        await asyncio.sleep(0.05)
    out["server_cpu"] = sum(map(cpu_seconds, pids)) - servers_before
    out["loop_cpu"] = sum(map(loop_cpu_seconds, pids)) - loops_before
    out["client_cpu"] = time.process_time() - client_before
    busy, total = machine_busy()
    out["machine_busy"] = (busy - machine_before[0]) / max(1, total - machine_before[1])


async def first_load_bytes(url: str) -> int:
    """A phone's first visit on the wire (gzip): the page and what it loads."""
    phone = Phone(url)
    host = Phone(url)
    code = await make_table(host, [phone, Phone(url)], target="10000")
    total = 0
    async with httpx.AsyncClient(base_url=url, cookies=phone.http.cookies) as http:
        page = await http.get(f"/t/{code}/me/", headers={"Accept-Encoding": "gzip"})
        total += int(page.headers.get("content-length") or len(page.content))
        for asset in _assets(page.text):
            response = await http.get(asset, headers={"Accept-Encoding": "gzip"})
            total += int(response.headers.get("content-length") or len(response.content))
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
    with servers(args.setup, args.processes) as running:
        urls = [server.url for server in running]
        loaded = await first_load_bytes(urls[0])
        idle = sum(rss_kib(server.process.pid) for server in running)
        results: dict[str, list[float]] = {"entry": [], "shown": [], "lost": [], "update_bytes": []}
        bare: list[float] = []
        window = {"start": float("inf"), "end": float("inf")}
        ready = asyncio.Barrier(args.tables + 1)
        tables = [
            asyncio.create_task(play_table(urls, t, args, results, ready, window))
            for t in range(args.tables)
        ]
        await ready.wait()  # every table set up and every stream open
        # This client holds a thousand streams too: a full collection of its objects
        # stopped its loop for 100 ms and more, and the entries it then sent together
        # reached the server as a burst no real table makes. What exists now stays.
        gc.freeze()
        gc.set_threshold(7_000, 20, 10)  # as the server (companion/asgi.py)
        streaming = sum(rss_kib(server.process.pid) for server in running)
        window["start"] = time.perf_counter() + WARMUP
        window["end"] = window["start"] + args.seconds
        floor = asyncio.create_task(bare_view(urls[0], window, bare))
        lag: list[float] = []
        own = asyncio.create_task(loop_lag(window, lag))
        cpu: dict[str, float] = {}
        pids = [server.process.pid for server in running]
        load = asyncio.create_task(cpu_in_window(window, pids, cpu))
        await asyncio.gather(*tables, floor, own, load)

    phones = args.tables * args.phones
    entry, shown, sizes = results["entry"], results["shown"], results["update_bytes"]
    figures = {
        "entry_p50": percentile(entry, 0.5),
        "entry_p99": percentile(entry, 0.99),
        "bare_p50": percentile(bare, 0.5),
        "bare_p99": percentile(bare, 0.99),
        "shown_p50": percentile(shown, 0.5) if shown else float("inf"),
        "shown_p95": percentile(shown, 0.95) if shown else float("inf"),
        "lost": float(len(results["lost"])),
        "update_p50": percentile(sizes, 0.5) if sizes else 0.0,
        "update_p95": percentile(sizes, 0.95) if sizes else 0.0,
        "first_load": float(loaded),
        "mib_per_100": (streaming - idle) / 1024 / phones * 100,
        "client_lag_p99": percentile(lag, 0.99),
        "server_cpu_ms_per_entry": cpu["server_cpu"] * 1000 / max(1, len(entry)),
    }
    print(
        f"{args.setup}, {len(urls)} process{'es' if len(urls) > 1 else ''}: "
        f"{args.tables} tables x {args.phones} phones streaming, an entry per table every "
        f"{args.think:g} s, {args.seconds:g} s measured"
    )
    print(
        f"  entry round trip: {len(entry)} entries, p50 {figures['entry_p50']:.1f} ms, "
        f"p99 {figures['entry_p99']:.1f} ms"
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
        f"p95 {figures['shown_p95']:.1f} ms, never shown: {len(results['lost'])}"
    )
    print(
        f"  this client's own event loop: late p50 {percentile(lag, 0.5):.1f} ms, "
        f"p99 {figures['client_lag_p99']:.1f} ms, max {max(lag):.1f} ms (in every figure above)"
    )
    print(
        f"  CPU: the server{'s' if len(urls) > 1 else ''} "
        f"{figures['server_cpu_ms_per_entry']:.1f} ms per entry "
        f"({cpu['server_cpu'] / args.seconds * 100:.0f} % of one core; the event loop "
        f"{cpu['loop_cpu'] * 1000 / max(1, len(entry)):.1f} ms of it), this client "
        f"{cpu['client_cpu'] / args.seconds * 100:.0f} % of one core; the machine "
        f"{cpu['machine_busy'] * 100:.0f} % busy ({os.cpu_count()} cores)"
    )
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


def parser() -> argparse.ArgumentParser:
    options = argparse.ArgumentParser(description=__doc__)
    options.add_argument("--setup", choices=["embedded", "pg-redis"], default="embedded")
    options.add_argument("--processes", type=int, default=2)
    options.add_argument("--tables", type=int, default=200)
    options.add_argument("--phones", type=int, default=5)
    options.add_argument("--think", type=float, default=5.0)
    options.add_argument("--seconds", type=float, default=40.0)
    return options


async def main() -> None:
    await measure(parser().parse_args())


if __name__ == "__main__":
    run(main())
