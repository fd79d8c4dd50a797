"""Statistics pages for a group with 1,000 recorded games: how long a page takes to render.

    .venv/bin/python bench/stats.py [--games 1000] [--database-url postgres://…/name]

Builds, in a fresh database (a temporary SQLite file by default; with --database-url an
empty PostgreSQL database you name, which is used as it is), a group of 6 players with
``--games`` finished Babylon tables of 2–4 players each, with the engine's own scoring
categories, rankings and clocks. Then it measures, in-process with Django's test client:
- the first statistics request, which builds the per-table Play records from the tables
  (a one-off: later requests only build the plays finished since);
- the player's page and the game's page, warm (median and slowest of 20 renders).
Target: a statistics page renders in under 200 ms.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

NAMES = ["Anna", "Ben", "Cyril", "Dana", "Emil", "Fiona"]
COLOURS = ["red", "blue", "green", "yellow", "purple", "orange"]


def setup_django(database_url: str | None) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")
    os.environ["COMPANION_DATA_DIR"] = tempfile.mkdtemp(prefix="bench-stats-")
    if database_url:
        os.environ["DATABASE_URL"] = database_url
    else:
        os.environ.pop("DATABASE_URL", None)
    os.environ.pop("REDIS_URL", None)
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)


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


def timed(client, path: str) -> float:
    began, cpu = time.perf_counter(), time.process_time()
    response = client.get(path)
    elapsed = (time.perf_counter() - began) * 1000
    CPU.append((time.process_time() - cpu) * 1000)
    assert response.status_code == 200, (path, response.status_code)
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    setup_django(args.database_url)
    from django.test import Client

    began = time.perf_counter()
    anna = make_group(args.games)
    print(f"set-up: {args.games} finished tables in {time.perf_counter() - began:.1f} s")
    client = Client()
    print(f"first request (builds the plays): {timed(client, '/stats/babylon/'):.0f} ms")
    import itertools

    from django.core.cache import cache

    from companion.models import Player

    counter = itertools.count(args.games)

    for label, path in [("player page", f"/players/{anna}/"), ("game page", "/stats/babylon/")]:
        cold = []
        for _ in range(5):
            cache.clear()  # as after a new game: statistics and ratings computed afresh
            cold.append(timed(client, path))
        cold_cpu = statistics.median(CPU[-5:])
        runs = [timed(client, path) for _ in range(args.repeat)]
        warm_cpu = statistics.median(CPU[-args.repeat :])
        after_game = []
        for _ in range(5):
            add_games(list(Player.objects.order_by("pk")[:6]), next(counter), 1)
            after_game.append(timed(client, path))  # builds the new play, recounts
        new_cpu = statistics.median(CPU[-5:])
        print(
            f"{label}: cached median {statistics.median(runs):.0f} ms, slowest {max(runs):.0f} ms"
            f" ({args.repeat} renders); computed afresh median {statistics.median(cold):.0f} ms,"
            f" slowest {max(cold):.0f} ms (5 renders); {args.games} games"
        )
        print(
            f"  first render after a new game: median {statistics.median(after_game):.0f} ms,"
            f" slowest {max(after_game):.0f} ms (5 games)"
        )
        print(
            f"  CPU time per render: cached {warm_cpu:.0f} ms, after a new game {new_cpu:.0f} ms,"
            f" afresh {cold_cpu:.0f} ms"
        )


if __name__ == "__main__":
    main()
