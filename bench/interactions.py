"""The interaction budget: how many taps a whole game of each game costs its players.

Plays one whole game of each of the four games through the phones, over HTTP against
a real server (uvicorn, embedded SQLite), like the players would: each phone reads its
own page, the player whose turn it is picks one of the entries offered (the enabled
buttons, chosen at random), fills in the fields and taps. Counted per entry:
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
import html
import json
import random
import re
import sys
import tempfile
import uuid
from collections import Counter
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.fixtures import migrate, server_env, start_server  # noqa: E402

GAMES = {"babel": 2, "babylon": 3, "wallenstein": 3, "stortebeker": 2}
COLOURS = ["red", "blue", "green", "yellow", "purple"]
NOW = re.compile(r'class="big phase"[^>]*>.*?</p>\s*<p>(.*?)</p>', re.S)
PILL = re.compile(r'<span class="pill[^"]*">([^<]*)</span>')


@dataclass
class Field:
    key: str
    kind: str  # int, choice, multi
    low: int | None = None
    high: int | None = None
    options: list[Any] = field(default_factory=list)


@dataclass
class Form:
    """One enabled entry button as the phone shows it."""

    action: dict[str, Any]
    hidden: dict[str, str]
    fields: list[Field]
    confirm: bool

    @property
    def taps(self) -> int:
        return 1 + len(self.fields) + (1 if self.confirm else 0)


class ChoiceForms(HTMLParser):
    """The entry forms (``form.choice``) of a phone page."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[Form] = []
        self.current: Form | None = None
        self.select: Field | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attr = {key: value or "" for key, value in attrs}
        if tag == "form" and "choice" in attr.get("class", "").split():
            self.current = Form({}, {}, [], "hx-confirm" in attr)
            return
        if self.current is None:
            return
        name = attr.get("name", "")
        if tag == "input" and attr.get("type") == "hidden" and name:
            if name == "action":
                self.current.action = json.loads(html.unescape(attr.get("value", "{}")))
            elif name != "multi":
                self.current.hidden[name] = attr.get("value", "")
        elif tag == "input" and attr.get("type") == "number":
            self.current.fields.append(
                Field(name[2:], "int", _int(attr.get("min")), _int(attr.get("max")))
            )
        elif tag == "input" and attr.get("type") == "checkbox":
            key = name[2:]
            found = next((f for f in self.current.fields if f.key == key), None)
            if found is None:
                found = Field(key, "multi")
                self.current.fields.append(found)
            found.options.append(json.loads(html.unescape(attr.get("value", "null"))))
        elif tag == "select":
            self.select = Field(name[2:], "choice")
            self.current.fields.append(self.select)
        elif tag == "option" and self.select is not None:
            self.select.options.append(json.loads(html.unescape(attr.get("value", "null"))))

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self.select = None
        elif tag == "form" and self.current is not None:
            self.forms.append(self.current)
            self.current = None


def _int(raw: str | None) -> int | None:
    return int(raw) if raw not in (None, "") else None


def fill(form: Form, rng: random.Random) -> list[tuple[str, str]]:
    """The posted data of ``form`` with its fields filled in the way a player might."""
    data = [*form.hidden.items(), ("action", json.dumps(form.action))]
    data.append(("idem", uuid.uuid4().hex))
    for item in form.fields:
        if item.kind == "int":
            low = item.low if item.low is not None else 0
            high = item.high if item.high is not None else low + 3
            data.append((f"f.{item.key}", str(rng.randint(low, high))))
        elif item.kind == "choice":
            data.append((f"f.{item.key}", json.dumps(rng.choice(item.options))))
        else:
            data.append(("multi", item.key))
            data += [
                (f"m.{item.key}", json.dumps(value)) for value in item.options if rng.random() < 0.5
            ]
    return data


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
        parser = ChoiceForms()
        parser.feed(page)
        if not parser.forms:
            raise RuntimeError(f"{slug}: seat {seat} must act but is offered nothing")
        form = rng.choice(parser.forms)
        answer = phones[seat].post(f"/t/{code}/act/", fill(form, rng), htmx=True)
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
