"""Where an entry's CPU goes, in one process without HTTP: the entry, the regions, the fan-out.

    .venv/bin/python bench/regions.py [--game wallenstein] [--seats 5] [--repeat 200]
                                      [--profile] [--queries]

A table of ``--game`` (one of the four games, or the platform tests' dice race: the floor)
with ``--seats`` phones plays ``--warm`` entries, each picked from the forms the phone that
must act gets, as ``bench/live.py`` does (``bench/forms.py``); then prints the mean CPU time
of reading a version's table data, of rendering one seat's region and the table screen's,
of one entry through Django (middleware, view, write, the entering phone's new region),
and of **an entry with its fan-out**: the entry and then every other seat's region
rendered as their streams would (``regions.region_at_least``), as in ``bench/live.py``
(phones only; a table screen adds its region once per version). That last figure is what
one entry costs a server in all but HTTP and the streams' sends (the event loop:
``bench/live.py`` prints its share). A game that ends is replaced by a new table.
With ``--profile``: where that CPU goes (cProfile), by area and by function.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import json
import os
import pstats
import random
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from forms import SUGGESTED_TRIES, entry_forms, pick, table_values  # noqa: E402
from tables import COLOURS, COUNTS, FLOOR, REAL_GAMES, host_speed, new_table_form  # noqa: E402


class Meter:
    """The CPU of the server's work alone (not this script's reading of the forms), and
    the profiler switched on for that work only."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.profiler: cProfile.Profile | None = None

    @contextlib.contextmanager
    def server(self) -> Iterator[None]:
        started = time.process_time()
        if self.profiler:
            self.profiler.enable()
        try:
            yield
        finally:
            if self.profiler:
                self.profiler.disable()
            self.seconds += time.process_time() - started


entry_meter, fan_out_meter = Meter(), Meter()


class Table:
    """A table played through the Django test client, as the phones would."""

    def __init__(self, game: str, seats: int, rng: random.Random) -> None:
        from django.test import Client

        self.game, self.seats, self.rng = game, seats, rng
        host = Client()
        response = host.post("/", new_table_form(game, seats))
        assert response.status_code == 302, response.content[:300]
        self.code = response["Location"].strip("/").split("/")[-1]
        self.phones = []
        for index in range(seats):
            phone = Client()
            answer = phone.post(
                f"/t/{self.code}/join/",
                {"seat": index, "name": f"P{index}", "colour": COLOURS[index]},
            )
            assert answer.status_code == 302, answer.content[:300]
            self.phones.append(phone)
        assert host.post(f"/t/{self.code}/start/").status_code == 302
        self.refused = 0
        self.finished = False

    def viewers(self) -> list[Any]:
        from companion import regions

        seats = [regions.Viewer(kind="seat", language="en", seat=s) for s in range(self.seats)]
        screen = regions.Viewer(kind="table", language="en", origin="http://testserver")
        return [*seats, screen]

    def regions_now(self) -> dict[int, str]:
        """Each seat's region at the current version (from the cache where rendered)."""
        from companion import regions

        version = regions.current_version(self.code) or 0
        found = {}
        for viewer in self.viewers()[:-1]:
            region = regions.region_at_least(self.code, viewer, version)
            assert region is not None
            found[viewer.seat] = region[1]
        return found

    def enter(self, seen: dict[int, str]) -> tuple[int, bool]:
        """One plausible entry by a seat whose region ``seen`` offers one; (seat, accepted).
        ``finished``: no seat is offered anything (the game is over)."""
        offers = {seat: entry_forms(html) for seat, html in seen.items()}
        acting = [seat for seat, forms in offers.items() if forms]
        # The phones whose region says it is their turn (a seat may be offered an entry
        # that is refused when it is not its turn: the dice race's note).
        turn = [seat for seat in acting if 'class="your-turn"' in seen[seat]]
        acting = turn or acting
        if not acting:
            self.finished = True
            return -1, False
        seat = self.rng.choice(acting)
        refused_here = 0
        refused: set[str] = set()  # the entries whose suggestion was refused (as live.py)
        while refused_here < 20:
            form = pick(offers[seat], self.rng, refused_here)
            offer = json.dumps(form.action, sort_keys=True)
            suggested = refused_here < SUGGESTED_TRIES and offer not in refused
            values = table_values(form, self.rng, keep_defaults=suggested)
            data = dict(_merged(form.pairs(values)))
            with entry_meter.server():
                response = self.phones[seat].post(
                    f"/t/{self.code}/act/", data, HTTP_HX_REQUEST="true"
                )
            assert response.status_code == 200, response.content[:300]
            if b'class="flash error"' not in response.content:
                return seat, True
            self.refused += 1
            refused_here += 1
            if suggested:
                refused.add(offer)
        return seat, False


def _merged(pairs: list[tuple[str, str]]) -> dict[str, Any]:
    """Pairs as the test client posts them: a repeated name becomes a list."""
    data: dict[str, Any] = {}
    for name, value in pairs:
        if name in data:
            data[name] = [*(data[name] if isinstance(data[name], list) else [data[name]]), value]
        else:
            data[name] = value
    return data


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__)
    options.add_argument("--game", choices=[*REAL_GAMES, FLOOR], default=FLOOR)
    options.add_argument("--seats", type=int, default=0, help="default: as many as allowed up to 5")
    options.add_argument("--warm", type=int, default=30, help="entries before measuring")
    options.add_argument("--repeat", type=int, default=200)
    options.add_argument("--seed", type=int, default=1)
    options.add_argument("--profile", action="store_true")
    options.add_argument("--queries", action="store_true", help="print an entry's SQL")
    args = options.parse_args()
    seats = args.seats or max(count for count in COUNTS[args.game] if count <= 5)
    folder = tempfile.mkdtemp()
    os.environ.update(
        COMPANION_DATA_DIR=folder,
        COMPANION_EXTRA_GAMES="tests.engines.dice_race",
        DJANGO_SETTINGS_MODULE="companion.settings",
        COMPANION_RATE_LIMITS="off",
    )
    import django

    django.setup()
    from django.core.management import call_command

    from companion import regions

    call_command("migrate", verbosity=0)
    print(host_speed(), flush=True)
    rng = random.Random(args.seed)
    state: dict[str, Any] = {"table": Table(args.game, seats, rng), "tables": 1, "entries": 0}
    seen = {"regions": state["table"].regions_now()}

    def table() -> Table:
        return state["table"]

    def entry(fan_out: bool) -> None:
        seat, accepted = table().enter(seen["regions"])
        if table().finished:  # the game is over: the next entries go to a new table
            state["table"] = Table(args.game, seats, rng)
            state["tables"] += 1
            seen["regions"] = table().regions_now()
            return
        state["entries"] += accepted
        if fan_out:  # every other device's region of the new version, as their streams do
            with fan_out_meter.server():
                version = regions.current_version(table().code) or 0
                for viewer in table().viewers()[:-1]:  # the seats (not the table screen)
                    if viewer.seat != seat:
                        regions.region_at_least(table().code, viewer, version)
        seen["regions"] = table().regions_now()

    for _turn in range(args.warm):
        entry(fan_out=False)

    def timed(name: str, work: Callable[[], object], repeat: int = args.repeat) -> float:
        started = time.process_time()
        for _ in range(repeat):
            work()
        spent = (time.process_time() - started) / repeat * 1000
        print(f"{name}: {spent:.2f} ms CPU", flush=True)
        return spent

    data = regions.load(table().code)
    assert data is not None
    seat = regions.Viewer(kind="seat", language="cs", seat=1)
    screen = regions.Viewer(kind="table", language="cs", origin="http://x")
    print(f"{args.game}, {seats} seats, after {args.warm} entries:")
    timed("  table data of a version (data_for)", lambda: regions.data_for(data.table))
    sizes = f"{len(regions.render(data, seat))} B, the table screen's {len(regions.render(data, screen))} B"
    print(f"  a seat's region {sizes}")
    timed("  a seat's region", lambda: regions.render(data, seat))
    timed("  the table screen's region", lambda: regions.render(data, screen))

    before, entry_meter.seconds = state["entries"], 0.0
    for _ in range(args.repeat):
        entry(fan_out=False)
    print(
        f"  an entry through Django (middleware, view, write, the phone's new region): "
        f"{entry_meter.seconds / max(1, state['entries'] - before) * 1000:.2f} ms CPU",
        flush=True,
    )
    before, entry_meter.seconds, fan_out_meter.seconds = state["entries"], 0.0, 0.0
    for _ in range(args.repeat):
        entry(fan_out=True)
    entries = max(1, state["entries"] - before)
    print(
        f"  an entry with its fan-out (the {seats - 1} other seats' regions, as their "
        f"streams render them): "
        f"{(entry_meter.seconds + fan_out_meter.seconds) / entries * 1000:.2f} ms CPU "
        f"(the fan-out {fan_out_meter.seconds / entries * 1000:.2f} ms; "
        f"{state['tables']} table(s) played, {table().refused} refused picks at the last)",
        flush=True,
    )
    if args.queries:
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        with CaptureQueriesContext(connection) as captured:
            entry(fan_out=True)
        for query in captured.captured_queries:
            print(f"    {query['sql'][:160]}")
    if args.profile:
        profiler = cProfile.Profile()
        entry_meter.profiler = fan_out_meter.profiler = profiler
        before = state["entries"]
        for _ in range(args.repeat):
            entry(fan_out=True)
        entry_meter.profiler = fan_out_meter.profiler = None
        entries = max(1, state["entries"] - before)
        stats = pstats.Stats(profiler)
        print_areas(stats, args.game, entries)
        with template_timer() as spent:
            before = state["entries"]
            for _ in range(args.repeat):
                entry(fan_out=True)
        entries = max(1, state["entries"] - before)
        print("  templates by their own CPU per entry (without the templates they include):")
        for name, seconds in sorted(spent.items(), key=lambda item: -item[1])[:15]:
            print(f"    {name}: {seconds / entries * 1000:.2f} ms")
        stats.sort_stats("tottime").print_stats(30)
        if os.environ.get("BENCH_CUMULATIVE"):
            stats.sort_stats("cumulative").print_stats("companion|wsgi|middleware|handlers", 60)


@contextlib.contextmanager
def template_timer() -> Iterator[dict[str, float]]:
    """CPU seconds of each template's own rendering (its includes counted apart)."""
    from django.template.base import Template

    spent: dict[str, float] = {}
    nested: list[float] = []
    original = Template._render

    def timed(self: Any, context: Any) -> Any:
        started = time.process_time()
        nested.append(0.0)
        try:
            return original(self, context)
        finally:
            inner = nested.pop()
            total = time.process_time() - started
            name = self.origin.template_name or self.name or "?"
            spent[name] = spent.get(name, 0.0) + total - inner
            if nested:
                nested[-1] += total

    Template._render = timed  # type: ignore[method-assign]
    try:
        yield spent
    finally:
        Template._render = original  # type: ignore[method-assign]


def areas(game: str) -> dict[str, Any]:
    """Where an entry's CPU goes: one function per area, whose cumulative time under
    cProfile is that of its outermost calls (areas may contain one another)."""
    import copy
    import json

    from django.db.models.sql.compiler import SQLCompiler
    from django.template.base import Template

    import games
    from companion import regions
    from companion.services import entries

    engine = type(games.get(game))
    found = {
        "the entry's write (services.entries.submit_action)": entries.submit_action,
        "the regions (regions.render: contexts and templates)": regions.render,
        "  their contexts (regions.context_for)": regions.context_for,
        "Django's templates (Template.render)": Template.render,
        "the ORM's statements (SQLCompiler.execute_sql)": SQLCompiler.execute_sql,
        "deep copies (copy.deepcopy)": copy.deepcopy,
        "JSON (json.loads)": json.loads,
        "JSON (json.dumps)": json.dumps,
    }
    for method in ("apply", "choices", "view", "scores", "outcome", "phase", "to_act", "describe"):
        found[f"the engine's {method}()"] = getattr(engine, method)
    return found


def print_areas(stats: pstats.Stats, game: str, entries: int) -> None:
    """Cumulative CPU per entry of each area, under cProfile (which slows all of it)."""
    table: dict[tuple[str, int, str], Any] = stats.stats  # type: ignore[attr-defined]
    total = stats.total_tt  # type: ignore[attr-defined]
    calls = stats.total_calls  # type: ignore[attr-defined]
    print(
        f"  under cProfile: {total / entries * 1000:.2f} ms per entry, {calls / entries:,.0f} "
        f"Python function calls per entry (a count the host's load does not change); by area:"
    )
    for name, function in areas(game).items():
        code = function.__code__
        key = (code.co_filename, code.co_firstlineno, code.co_name)
        cumulative = table.get(key, (0, 0, 0.0, 0.0))[3]
        print(
            f"    {name}: {cumulative / entries * 1000:.2f} ms ({cumulative / total * 100:.0f} %)"
        )


if __name__ == "__main__":
    main()
