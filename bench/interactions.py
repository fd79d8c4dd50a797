"""The interaction budget: how many taps a whole game of each game costs its players.

Plays one whole game of each of the four games through the phones, over HTTP against
a real server (uvicorn, embedded SQLite), like the players would: each phone reads its
own page, the player whose turn it is picks one of the entries offered (the enabled
buttons as ``bench/forms.py`` reads them, chosen at random), fills in the fields with
random values inside their limits and taps. Counted per entry:
1 tap for the button, 1 for each field to fill, 1 more for a confirmation question.

Printed per game: entries, taps per player per round, and the share of entries that
needed more than one tap. A round is counted each time every seat has made at least
one entry since the last round ended (the games' own rounds differ; this one is the
same for all four, and table entries that any seat may make count for the one that
made them). Refused entries (random field values the rules do not allow)
are retried and reported, not counted as entries.

    .venv/bin/python bench/interactions.py [--seed 1] [--max-entries 3000]
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from forms import entry_forms  # noqa: E402
from tables import COLOURS  # noqa: E402

from tests.fixtures import migrate, server_env, start_server  # noqa: E402

GAMES = {"babel": 2, "babylon": 3, "wallenstein": 3, "stortebeker": 2}
NOW = re.compile(r'class="big phase"[^>]*>.*?</p>\s*<p>(.*?)</p>', re.S)
PILL = re.compile(r'<span class="pill[^"]*">([^<]*)</span>')


class Phone:
    def __init__(self, base_url: str) -> None:
        self.http = httpx.Client(base_url=base_url, timeout=60)
        self.base_url = base_url

    def post(self, path: str, data: Any, htmx: bool = False) -> httpx.Response:
        """A form post (pairs keep repeated names, as a browser sends ticked boxes)."""
        if "csrftoken" not in self.http.cookies:
            self.http.get("/history/")
        token = self.http.cookies.get("csrftoken", "")
        headers = {
            "X-CSRFToken": token,
            "Referer": self.base_url + "/",
            "Content-Type": "application/x-www-form-urlencoded",
        }
        if htmx:
            headers["HX-Request"] = "true"
        pairs = list(data.items()) if isinstance(data, dict) else list(data)
        body = urlencode([*pairs, ("csrfmiddlewaretoken", token)]).encode()
        return self.http.post(path, content=body, headers=headers)


@dataclass
class Budget:
    game: str
    players: int
    entries: int = 0
    taps: Counter[int] = field(default_factory=Counter)
    multi_tap: int = 0
    refused: int = 0
    rounds: int = 0
    finished: bool = False

    def line(self) -> str:
        per_round = sum(self.taps.values()) / self.players / max(self.rounds, 1)
        share = self.multi_tap / max(self.entries, 1)
        state = "finished" if self.finished else "NOT finished"
        return (
            f"{self.game:12} {self.players} players, {state}: {self.entries} entries, "
            f"{self.rounds} rounds, {per_round:.1f} taps per player per round, "
            f"{share:.0%} of entries need more than one tap, {self.refused} refused; "
            f"taps per seat {[self.taps[seat] for seat in range(self.players)]}"
        )


def to_act(page: str, names: list[str]) -> list[int]:
    found = NOW.search(page)
    if not found:
        return []
    return [names.index(name) for name in PILL.findall(found.group(1)) if name in names]


def play(base_url: str, slug: str, players: int, rng: random.Random, max_entries: int) -> Budget:
    host = Phone(base_url)
    response = host.post("/", {"game": slug, "players": str(players)})
    assert response.status_code == 302, response.text[:300]
    code = response.headers["location"].strip("/").split("/")[-1]
    names = [f"P{index}" for index in range(players)]
    phones = [Phone(base_url) for _ in range(players)]
    for index, phone in enumerate(phones):
        joined = phone.post(
            f"/t/{code}/join/", {"seat": index, "name": names[index], "colour": COLOURS[index]}
        )
        assert joined.status_code == 302, joined.text[:300]
    assert host.post(f"/t/{code}/start/", {}).status_code == 302
    budget = Budget(slug, players)
    acted: set[int] = set()  # the seats that made an entry in the current round
    page = phones[0].http.get(f"/t/{code}/me/live/").text
    while budget.entries < max_entries:
        if "Game over" in page:
            budget.finished = True
            break
        seats = to_act(page, names)
        if not seats:
            page = phones[0].http.get(f"/t/{code}/me/live/").text
            seats = to_act(page, names)
            if not seats:
                break
        seat = seats[0]
        page = phones[seat].http.get(f"/t/{code}/me/live/").text
        forms = entry_forms(page)
        if not forms:
            raise RuntimeError(f"{slug}: seat {seat} must act but is offered nothing")
        form = rng.choice(forms)
        answer = phones[seat].post(f"/t/{code}/act/", form.data(rng, suggested=False), htmx=True)
        if 'class="flash error"' in answer.text:
            budget.refused += 1
            if budget.refused > 20 * max_entries:
                break
            continue
        budget.entries += 1
        budget.taps[seat] += form.taps
        budget.multi_tap += form.taps > 1
        acted.add(seat)
        if len(acted) == players:
            budget.rounds += 1
            acted.clear()
        page = answer.text
    return budget


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-entries", type=int, default=3000)
    parser.add_argument("--games", nargs="*", default=list(GAMES))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        env = server_env(Path(folder))
        migrate(env)
        server = start_server(env)
        try:
            for slug in args.games:
                budget = play(
                    server.url, slug, GAMES[slug], random.Random(args.seed), args.max_entries
                )
                print(budget.line(), flush=True)
        finally:
            server.stop()


if __name__ == "__main__":
    main()
