"""Games part-way through, made in a server's database for the browser tests to look at.

    python -m tests.browser.seed_games SLUG PLAYERS SEED ENTRIES [ENTRIES ...] [--option k=v]

Run with the server's environment (its database). For each ENTRIES it deals a new table
with the seats taken and makes that many random legal entries (the engine's own enabled
choices, plausible field values), as the host entering for the seat to act. Prints one
JSON line: per table its code, the entries made, whether it still runs, the host's
cookie and each seat's cookie.
"""

from __future__ import annotations

import argparse
import json
import random
import uuid
from typing import Any

import django

django.setup()

import games  # noqa: E402
from companion import devices  # noqa: E402
from companion.models import Table  # noqa: E402
from companion.services import entries, tables  # noqa: E402
from companion.services.errors import Refused  # noqa: E402
from games.base import Choice  # noqa: E402

NAMES = ["Anna", "Bohumil", "Cyril", "Dagmar", "Александра"]


def fill(choice: Choice, rng: random.Random) -> dict[str, Any] | None:
    """The choice's action with plausible values in its fields (None: a kind not known)."""
    action = dict(choice.action)
    for field in choice.fields:
        if field.kind == "int" and field.low is not None and field.high is not None:
            if field.default is not None and rng.random() < 0.5:
                action[field.key] = field.default
            else:
                action[field.key] = rng.randint(field.low, min(field.high, field.low + 4))
        elif field.kind == "choice" and field.choices:
            action[field.key] = rng.choice([value for value, _label in field.choices])
        elif field.kind == "multi":
            action[field.key] = [value for value, _label in field.choices if rng.random() < 0.3]
        elif field.default is not None:
            action[field.key] = field.default
        else:
            return None
    return action


def play(table: Table, count: int, rng: random.Random) -> int:
    """Up to ``count`` random legal entries; returns how many were made."""
    game = games.get(table.game)
    host = entries.Actor(seat=None, is_host=True)
    for made in range(count):
        table.refresh_from_db()
        to_act = game.to_act(table.state)
        if table.status != Table.Status.RUNNING or not to_act:
            return made
        seat = rng.choice(to_act)
        offered = [c for c in game.choices(table.state, seat) if c.disabled is None]
        for _attempt in range(40):
            action = fill(rng.choice(offered), rng) if offered else None
            if action is None:
                continue
            try:
                entries.submit_action(
                    table.code,
                    host,
                    version=table.state_version,
                    idempotency_key=uuid.uuid4().hex,
                    action=action,
                    on_behalf=seat,
                )
                break
            except Refused:
                continue
        else:
            return made
    return count


def seed(
    slug: str, players: int, rng: random.Random, count: int, options: dict[str, str]
) -> dict[str, Any]:
    table = tables.create_table(slug, players, options)
    seat_cookies = []
    for index in range(players):
        seat = table.seats.get(index=index)
        token = tables.claim_seat(table, index, NAMES[index], seat.colour, seat.claim_token)
        seat_cookies.append({"name": devices.seat_cookie(table), "value": token})
    tables.start_table(table)
    made = play(table, count, rng)
    table.refresh_from_db()
    return {
        "code": table.code,
        "entries": made,
        "running": table.status == Table.Status.RUNNING,
        "to_act": games.get(slug).to_act(table.state),
        "host": {"name": devices.host_cookie(table), "value": table.host_token},
        "seats": seat_cookies,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("slug")
    parser.add_argument("players", type=int)
    parser.add_argument("seed", type=int)
    parser.add_argument("entries", type=int, nargs="+")
    parser.add_argument("--option", action="append", default=[])
    args = parser.parse_args()
    options = dict(item.split("=", 1) for item in args.option)
    rng = random.Random(args.seed)
    print(json.dumps([seed(args.slug, args.players, rng, n, options) for n in args.entries]))


if __name__ == "__main__":
    main()
