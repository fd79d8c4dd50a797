"""Statistics pages for a group with 1,000 recorded games: how long a page takes to render.

    .venv/bin/python bench/stats.py [--games 1000] [--repeat 10] [--database-url postgres://…/name]

Builds, in a fresh database (a temporary SQLite file by default; with --database-url an
empty PostgreSQL database you name, which is used as it is), a group of 6 players with
``--games`` finished Babylon tables of 2–4 players each, with the engine's own scoring
categories, rankings and clocks, and their plays (the upgrade step, ``build_plays``).
Then, in-process with Django's test client as a phone of the group (Anna's), it renders
the player's page, the game's page and the players list in every case:
- **cached**: the statistics and ratings kept in the cache;
- **after a new game**: a table has just finished; its play was built by the game-end
  hook (``results.build_finished``, as the entry service calls it; its cost is printed
  apart), and the page recounts;
- **empty cache**: as after a restart of the embedded set-up (the cache is in the process);
- **first request after an upgrade**: the plays as migration 0004 leaves them (every
  table's play stale, some missing), a restart (empty cache), the upgrade step that
  ``serve`` runs before it takes requests (``manage.py build_plays``: the plays, then the
  ratings' walk; timed apart) and the first request;
- **upgrade step skipped**: the same without the upgrade step, so the request's bounded
  catch-up builds a few plays and the page says how many games are still being counted.
Beside each figure, a bare page (the home page) rendered in the same run: what any page
costs on this machine at this moment. Wall time swings with the machine's load; the CPU
time of this process is the steadier figure. Target: a statistics page under 200 ms.
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import statistics
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.in_process import setup_django  # noqa: E402 - after the path

NAMES = ["Anna", "Ben", "Cyril", "Dana", "Emil", "Fiona"]
COLOURS = ["red", "blue", "green", "yellow", "purple", "orange"]


def make_group(count: int) -> int:
    """``count`` finished Babylon tables; returns Anna's player id."""
    from companion.models import Player

    players = [Player.objects.create(name=n, colour=c) for n, c in zip(NAMES, COLOURS, strict=True)]
    add_games(players, 0, count)
    return players[0].pk


def add_games(players: list, first: int, count: int) -> None:
    """Finished tables number ``first`` .. ``first + count - 1``, one a day."""
    import games
    from companion.models import Seat, SeatPlayer, Snapshot, Table

    game = games.get("babylon")
    categories = [
        "Statues",
        "Fountains",
        "Bridges",
        "Stairs",
        "Sets of four decorations",
        "Sets of four flowers",
        "Viewpoints",
        "Highest point",
    ]
    rng = random.Random(first)
    start = datetime(2024, 1, 1, 19, 0, tzinfo=UTC)
    for number in range(first, first + count):
        people = [players[0], *rng.sample(players[1:], rng.randint(1, 3))]
        rng.shuffle(people)
        names = [p.name for p in people]
        state = game.setup(names, {}, seed=number)
        scores = []
        for _person in people:
            breakdown = {category: rng.randint(0, 12) for category in categories}
            scores.append({"total": sum(breakdown.values()), "breakdown": breakdown})
        totals = sorted({s["total"] for s in scores}, reverse=True)
        ranking = [[i for i, s in enumerate(scores) if s["total"] == t] for t in totals]
        began = start + timedelta(days=number)
        table = Table.objects.create(
            game="babylon",
            seed=number,
            status=Table.Status.FINISHED,
            started_at=began,
            finished_at=began + timedelta(minutes=rng.randint(30, 70)),
            state=state,
            scores=scores,
            outcome={"winners": ranking[0], "ranking": ranking, "reason": {"text": "", "args": {}}},
            clocks={str(i): float(rng.randint(300, 1500)) for i in range(len(people))},
            version=1,
        )
        Snapshot.objects.create(table=table, position=0, state=state)
        for index, person in enumerate(people):
            seat = Seat.objects.create(
                table=table, index=index, name=person.name, colour=person.colour
            )
            SeatPlayer.objects.create(seat=seat, player=person)


CPU: list[float] = []  # this process's CPU time per render: less disturbed by a busy machine


def timed(client, path: str) -> tuple[float, float]:
    """Wall and CPU milliseconds of one render of ``path``."""
    began, cpu = time.perf_counter(), time.process_time()
    response = client.get(path)
    elapsed = (time.perf_counter() - began) * 1000
    used = (time.process_time() - cpu) * 1000
    assert response.status_code == 200, (path, response.status_code)
    return elapsed, used


def median(runs: list[tuple[float, float]]) -> str:
    return (
        f"{statistics.median(r[0] for r in runs):4.0f} / "
        f"{statistics.median(r[1] for r in runs):3.0f}"
    )


def phone_of(player_id: int):
    """A client that remembers player ``player_id``: a phone of the group."""
    from django.core import signing
    from django.test import Client

    from companion.players.registry import PLAYER_COOKIE

    client = Client()
    signer = signing.get_cookie_signer(salt=PLAYER_COOKIE + PLAYER_COOKIE)
    client.cookies[PLAYER_COOKIE] = signer.sign(str(player_id))
    return client


def as_after_migration_0004(missing_every: int) -> None:
    """The plays as migration 0004 leaves them: every table's play stale (table_version 0),
    and every ``missing_every``-th one missing (a table that finished before plays existed)."""
    from companion.models import Play

    Play.objects.filter(table__isnull=False).update(table_version=0)
    ids = list(Play.objects.order_by("pk").values_list("pk", flat=True)[::missing_every])
    Play.objects.filter(pk__in=ids).delete()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--repeat", type=int, default=10)
    args = parser.parse_args()
    setup_django(args.database_url, "stats")
    from django.core.cache import cache
    from django.core.management import call_command

    from companion.models import Player, Table
    from companion.players import results

    began = time.perf_counter()
    anna = make_group(args.games)
    call_command("build_plays", stdout=open(os.devnull, "w"))  # noqa: SIM115
    print(
        f"set-up: {args.games} finished tables and their plays in {time.perf_counter() - began:.1f} s"
    )
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    client = phone_of(anna)
    players = list(Player.objects.order_by("pk")[:6])
    pages = [
        ("player page", f"/players/{anna}/"),
        ("game page", "/stats/babylon/"),
        ("players list", "/players/"),
    ]
    bare = "/"
    counter = itertools.count(args.games)
    rows: dict[str, dict[str, list[tuple[float, float]]]] = {}

    def measure(case: str, prepare, repeat: int = args.repeat) -> None:
        for label, path in [*pages, ("bare page", bare)]:
            runs = []
            for _ in range(repeat):
                prepare()
                runs.append(timed(client, path))
            rows.setdefault(case, {})[label] = runs

    for _label, path in pages:
        timed(client, path)  # warm the cache once
    measure("cached", lambda: None)

    hook: list[float] = []

    def new_game() -> None:
        add_games(players, next(counter), 1)
        table = Table.objects.order_by("-pk").first()
        cpu = time.process_time()
        results.build_finished(table.pk)  # what the entry service does after the commit
        hook.append((time.process_time() - cpu) * 1000)

    measure("after a new game", new_game)
    measure("empty cache", cache.clear)

    upgrade: list[float] = []

    def upgraded() -> None:
        as_after_migration_0004(missing_every=3)
        cache.clear()  # the server restarts after an upgrade: its cache starts empty
        cpu = time.process_time()
        call_command("build_plays", stdout=open(os.devnull, "w"))  # noqa: SIM115
        upgrade.append((time.process_time() - cpu) * 1000)

    # Each upgrade rebuilds every play (seconds): two per page.
    measure("first request after an upgrade", upgraded, repeat=2)

    left: list[int] = []

    def skipped() -> None:
        as_after_migration_0004(missing_every=3)
        cache.clear()
        left.append(results.pending())

    measure("upgrade step skipped", skipped, repeat=3)
    counting = client.get(pages[0][1]).content.decode().count('class="card muted counting"')

    print(
        f"\nwall median / CPU median, ms ({args.games} games; {args.repeat} renders a case,"
        " 2 and 3 for the upgrade cases):"
    )
    labels = [label for label, _path in pages] + ["bare page"]
    print(f"| case | {' | '.join(labels)} |")
    print("|---|" + "---|" * len(labels))
    for case, by_label in rows.items():
        print(f"| {case} | {' | '.join(median(by_label[label]) for label in labels)} |")
    print(
        f"\ngame-end hook (the new game's play built): CPU median {statistics.median(hook):.0f} ms"
    )
    print(
        f"upgrade step (build_plays, {args.games}+ plays stale or missing): CPU median"
        f" {statistics.median(upgrade) / 1000:.1f} s"
    )
    print(
        f"upgrade step skipped: {min(left)}+ games pending; each request builds at most"
        f" {results.CATCH_UP}; the page says they are being counted: {bool(counting)}"
    )
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
