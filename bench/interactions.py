"""The interaction budget: how many taps a whole game of each game costs its players.

Plays one whole game of each game through the phones, over HTTP against a real server
(uvicorn, embedded SQLite, collected static files), like the players would: each phone
reads its own page, the player the status line names picks one of the entries offered
(the enabled entry forms as ``bench/forms.py`` reads them: no page structure per game) and
taps. Two policies:

- ``table`` (``forms.table_pick``): as a group plays, the entries people choose most: a
  main entry (one-tap ones first), done by the app where it offers to draw or roll that
  entry, the fields as the game suggests them (``forms.table_values``); after a refusal,
  something else (``forms.SUGGESTED_TRIES``).
- ``random`` (``forms.random_pick``): any entry offered, every field random inside its
  limits.

Taps are counted as a person makes them (``EntryForm.taps_for``): 1 for the button, 1 per
field changed from its default, 1 per box ticked or unticked, 1 per confirmation question.
Refused entries are retried and counted apart, not as entries.

Printed per game and player count: entries and whether the game finished (if not, why);
taps per player per round and per turn (median, min, max); taps per player per action
season (Wallenstein); the share of entries needing more than one tap; and, with a browser
(Playwright driving Debian's Chromium at 390×844), for each step (the phase and the action
type entered) the page height and the bottom of the first control and of the committing
control, measured on the first page of that step in English, Czech and Russian.

With ``--shots DIR``, the phone's screen (390×844, what it shows before any scrolling, the
committing control's <details> tapped open) is saved for each step measured and each
language, and the table screen (1280×800, the host's table page) at the first entry of
each phase and at the end: ``DIR/<game><players>-<nnn>-<step>-<language>.png``, to look
at a whole game as the group sees it.

A round: every seat has made at least one entry since the last round ended (the same for
all four games; their own rounds differ). A turn: a run of entries by one seat (the next
seat's entry ends it). An action season (Wallenstein): from the turning up of its action
card (phase ``action_card``, before the season's one ``turn_order``) to the first entry
of a phase outside the season.

    .venv/bin/python bench/interactions.py [--policy table|random] [--games babel babylon:4]
        [--seed 1] [--max-entries 1500] [--no-layout] [--port 8600] [--option draws=app]
        [--shots /tmp/shots]

Every wait is bounded (HTTP 30 s, browser 30 s, ``--max-entries`` entries and
``--max-refused`` refusals a game); failures are counted and printed, never waited on.
"""

from __future__ import annotations

import argparse
import contextlib
import html
import json
import os
import random
import re
import statistics
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from common import servers  # noqa: E402
from forms import EntryForm, entry_forms, random_pick, table_pick  # noqa: E402
from tables import COLOURS, COUNTS, REAL_GAMES, new_table_form  # noqa: E402

from tests.fixtures import CHROMIUM  # noqa: E402

POLICIES = {"table": table_pick, "random": random_pick}
NOW = re.compile(r'<p class="now">(.*?)</p>', re.S)
EVERYONE = re.compile(r'<p class="now everyone">')
PHASE = re.compile(r'data-phase="([^"]*)"')
PHASE_LABEL = re.compile(r'class="big phase"[^>]*>(.*?)</p>', re.S)
TAG = re.compile(r"<[^>]+>")
# A blocked entry as the phone shows it: its button, then the reason (companion/_choices.html).
BLOCKED = re.compile(r'disabled>(.*?)</button>\s*<span class="why[^"]*">(.*?)</span>', re.S)
GAME_OVER = 'class="big"><strong>'  # the status line's "Game over" (any language)
WAIT_MS = 30_000
VIEWPORT = {"width": 390, "height": 844}
TABLE_SCREEN = {"width": 1280, "height": 800}
LANGUAGES = ("en", "cs", "ru")
# Wallenstein's action seasons: the phase of the entries just before the opening that
# belong to the season (its first action card), the phase that opens one (the generals
# drawn once a season), and the phases inside one.
SEASONS = {
    "wallenstein": (
        "action_card",
        "turn_order",
        {"action_card", "turn_order", "current_event", "act", "drop", "defend"},
    )
}


class Phone:
    """One player's phone: its own cookies (its seat), talking HTTP to the server."""

    def __init__(self, base_url: str) -> None:
        self.http = httpx.Client(base_url=base_url, timeout=30)
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

    def cookies(self) -> list[dict[str, str]]:
        return [
            {"name": cookie.name, "value": cookie.value or "", "url": self.base_url}
            for cookie in self.http.cookies.jar
        ]


@dataclass
class Entry:
    seat: int
    phase: str
    kind: str
    taps: int


@dataclass
class Layout:
    """One step's page at 390×844 in one language: bottoms in px from the page's top."""

    step: str
    label: str  # the phase as the page names it (English)
    language: str
    height: float
    first: float | None
    commit: float | None


@dataclass
class Budget:
    game: str
    players: int
    policy: str
    entries: list[Entry] = field(default_factory=list)
    refused: int = 0
    finished: bool = False
    why: str = ""  # why the game did not finish
    failures: Counter[str] = field(default_factory=Counter)
    layouts: list[Layout] = field(default_factory=list)
    seconds: float = 0.0

    def per_round(self) -> list[int]:
        """The taps of each player in each complete round."""
        found: list[int] = []
        current: Counter[int] = Counter()
        acted: set[int] = set()
        for entry in self.entries:
            current[entry.seat] += entry.taps
            acted.add(entry.seat)
            if len(acted) == self.players:
                found += [current[seat] for seat in range(self.players)]
                current, acted = Counter(), set()
        return found

    def per_turn(self) -> list[int]:
        """The taps of each turn: a run of entries by one seat."""
        found: list[int] = []
        seat = None
        for entry in self.entries:
            if entry.seat != seat:
                found.append(0)
                seat = entry.seat
            found[-1] += entry.taps
        return found

    def per_season(self) -> list[float]:
        """The taps per player of each action season (games that have them)."""
        if self.game not in SEASONS:
            return []
        lead, opening, inside = SEASONS[self.game]
        found: list[float] = []
        in_season, previous, leading = False, "", 0.0
        for entry in self.entries:
            share = entry.taps / self.players
            if entry.phase == opening and previous != opening:
                # The season's first action card was turned up just before: it moves over.
                if in_season:
                    found[-1] -= leading
                found.append(leading)
                in_season = True
            elif entry.phase not in inside:
                in_season = False
            leading = leading + share if entry.phase == lead else 0.0
            if in_season:
                found[-1] += share
            previous = entry.phase
        return found

    def report(self) -> str:
        taps = Counter[int]()
        for entry in self.entries:
            taps[entry.seat] += entry.taps
        state = "finished" if self.finished else f"NOT finished ({self.why})"
        multi = sum(entry.taps > 1 for entry in self.entries) / max(len(self.entries), 1)
        lines = [
            f"{self.game} {self.players} players, policy {self.policy}: {state}, "
            f"{len(self.entries)} entries, {self.refused} refused, {self.seconds:.0f} s",
            f"  taps per player per round: {spread(self.per_round())}",
            f"  taps per turn: {spread(self.per_turn())}",
            f"  entries needing more than one tap: {multi:.0%}; taps per seat "
            f"{[taps[seat] for seat in range(self.players)]}",
        ]
        if self.game in SEASONS:
            lines.append(f"  taps per player per action season: {spread(self.per_season())}")
        if self.failures:
            lines.append(f"  failures: {dict(self.failures)}")
        if self.layouts:
            lines.append(f"  layout: {layout_summary(self.layouts)}")
        for layout in self.layouts:
            lines.append(
                f"  layout {layout.step} [{layout.language}] ({layout.label}): page {layout.height:.0f} px, "
                f"first control {px(layout.first)}, committing control {px(layout.commit)}"
            )
        return "\n".join(lines)


def layout_summary(layouts: list[Layout]) -> str:
    """The tallest page, and the steps whose first or committing control is below the fold
    (in any of the languages measured)."""
    fold = VIEWPORT["height"]
    tallest = max(layouts, key=lambda layout: layout.height)
    first = sorted({f"{x.step} [{x.language}]" for x in layouts if (x.first or 0) > fold})
    commit = sorted({f"{x.step} [{x.language}]" for x in layouts if (x.commit or 0) > fold})
    steps = len({layout.step for layout in layouts})
    return (
        f"{steps} steps measured; tallest page {tallest.height:.0f} px ({tallest.step} "
        f"[{tallest.language}]); first control below {fold} px: {', '.join(first) or 'none'}; "
        f"committing control below {fold} px: {', '.join(commit) or 'none'}"
    )


def looping(entries: list[Entry]) -> str:
    """What the last entries went round in: the steps entered most among the last 100."""
    steps = Counter(f"{entry.phase}/{entry.kind}" for entry in entries[-100:])
    return "the last 100 entries: " + ", ".join(f"{step} {n}" for step, n in steps.most_common(4))


def blocked(page: str) -> str:
    """The entries the page shows blocked, each with the reason it gives."""
    found = [f"{text(button)}: {text(reason)}" for button, reason in BLOCKED.findall(page)]
    return "; ".join(found) or "nothing"


def text(fragment: str) -> str:
    return " ".join(html.unescape(TAG.sub(" ", fragment)).split())


def px(value: float | None) -> str:
    if value is None:
        return "none"
    return f"{value:.0f} px" + (" (below the fold)" if value > VIEWPORT["height"] else "")


def spread(values: list[float] | list[int]) -> str:
    if not values:
        return "no complete one"
    middle = statistics.median(values)
    return (
        f"median {middle:.1f}, min {min(values):.1f}, max {max(values):.1f} ({len(values)} counted)"
    )


def to_act(page: str, names: list[str]) -> list[int]:
    """The seats the status line names ("Now: ..."), in its order; all of them where it
    says every player enters at once ("Now: everyone")."""
    if EVERYONE.search(page):
        return list(range(len(names)))
    found = NOW.search(page)
    if not found:
        return []
    text = html.unescape(TAG.sub(" ", found.group(1)))
    words = text.split()
    return [names.index(word) for word in words if word in names]


def label_of(page: str) -> str:
    found = PHASE_LABEL.search(page)
    return " ".join(html.unescape(TAG.sub(" ", found.group(1))).split()) if found else ""


def step_of(phase: str, form: EntryForm) -> str:
    """A step as the phone shows it: the phase, the action type and the fields to fill."""
    fields = ",".join(item.key for item in form.inputs)
    return f"{phase}/{form.kind}" + (f"({fields})" if fields else "")


def phase_of(page: str) -> str:
    found = PHASE.search(page)
    return found.group(1) if found else "?"


class Browser:
    """Debian's Chromium through Playwright, opening a phone's page at 390×844 in each
    language with that phone's cookies, to read where the step's controls end."""

    # The first control: the first shown one of an entry form, or the summary of a closed
    # <details> holding entry forms (a picker's first step). The committing control: the
    # tapped form's submit button, after tapping open the <details> it lies in, outermost
    # first, as a person does (a picker's source, then its target).
    SCRIPT = """([index, button]) => {
      const forms = [...document.querySelectorAll('#live form')]
        .filter((form) => form.querySelector('input[name=action]'));
      const shown = (element) => element.getClientRects().length > 0;
      const holds = (control) => {
        const form = control.closest('form');
        if (form) return forms.includes(form);
        return control.tagName === 'SUMMARY'
          && !!control.parentElement.querySelector('input[name=action]');
      };
      const live = document.querySelector('#live');
      const controls = live ? [...live.querySelectorAll(
        'summary, input:not([type=hidden]), select, textarea, button')]
        .filter((c) => !c.disabled && shown(c) && holds(c)) : [];
      const bottom = (element) => element
        ? element.getBoundingClientRect().bottom + window.scrollY : null;
      const height = document.documentElement.scrollHeight;
      const first = bottom(controls[0]);
      const target = forms[index];
      let commit = null;
      if (target) {
        const closed = [];
        for (let d = target.closest('details'); d; d = d.parentElement.closest('details')) {
          if (!d.open) closed.unshift(d);
        }
        closed.forEach((d) => d.querySelector(':scope > summary').click());
        const buttons = [...target.querySelectorAll('button')]
          .filter((b) => (b.type || 'submit') === 'submit');
        commit = buttons.find((b) => button !== null && b.name === button[0]
          && b.value === button[1]) || buttons[buttons.length - 1] || null;
      }
      return {height, first, commit: bottom(commit)};
    }"""

    def __init__(self, shots: Path | None = None) -> None:
        from playwright.sync_api import sync_playwright

        self.shots = shots
        if shots:
            shots.mkdir(parents=True, exist_ok=True)

        self.manager = sync_playwright().start()
        self.browser = self.manager.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-sync"],
        )

    @contextlib.contextmanager
    def opened(self, device: Phone, url: str, language: str, phone: bool = True) -> Iterator[Any]:
        """``url`` loaded with ``device``'s cookies in ``language``, on a phone (390×844)
        or on the table screen (1280×800); its live region shown."""
        if phone:
            context = self.browser.new_context(
                viewport=VIEWPORT, is_mobile=True, has_touch=True, locale=language
            )
        else:
            context = self.browser.new_context(viewport=TABLE_SCREEN, locale=language)
        try:
            context.set_default_timeout(WAIT_MS)
            context.add_cookies(
                [*device.cookies(), {"name": "django_language", "value": language, "url": url}]
            )
            page = context.new_page()
            page.goto(url, wait_until="load", timeout=WAIT_MS)
            page.locator("#live").wait_for(timeout=WAIT_MS)
            yield page
        finally:
            context.close()

    def measure(
        self,
        phone: Phone,
        url: str,
        step: tuple[str, str],
        index: int,
        button: list[str] | None,
        shot: str = "",
    ) -> list[Layout]:
        """The step's page in each language: ``step`` (its name, its English label),
        ``index``: the entry form tapped, ``button``: the submit button's name and value;
        ``shot``: the name its screenshots start with (with ``--shots``)."""
        step, label = step
        found = []
        for language in LANGUAGES:
            with self.opened(phone, url, language) as page:
                box = page.evaluate(self.SCRIPT, [index, button])
                found.append(
                    Layout(step, label, language, box["height"], box["first"], box["commit"])
                )
                if self.shots and shot:
                    page.screenshot(path=str(self.shots / f"{shot}-{language}.png"))
        return found

    def table_screen(self, host: Phone, url: str, shot: str) -> None:
        """The table screen (the host's table page at 1280×800) in each language."""
        if not self.shots:
            return
        for language in LANGUAGES:
            with self.opened(host, url, language, phone=False) as page:
                page.screenshot(path=str(self.shots / f"{shot}-{language}.png"))

    def close(self) -> None:
        self.browser.close()
        self.manager.stop()


def submit_button(form: EntryForm, values: dict[str, Any]) -> list[str] | None:
    """The name and value of the submit button the entry taps, where a row of buttons
    carries the value; None: the form's own submit button."""
    for item in form.inputs:
        if item.by_button:
            return [f"f.{item.key}", json.dumps(values[item.key])]
    return None


class Table:
    def __init__(
        self, base_url: str, slug: str, players: int, options: dict[str, str] | None = None
    ) -> None:
        host = self.host = Phone(base_url)
        # The home page reads only the options of the game chosen: others are ignored.
        form = new_table_form(slug, players) | {
            f"opt.{key}": value for key, value in (options or {}).items()
        }
        response = host.post("/", form)
        assert response.status_code == 302, response.text[:300]
        self.code = response.headers["location"].strip("/").split("/")[-1]
        self.names = [f"P{index}" for index in range(players)]
        self.phones = [Phone(base_url) for _ in range(players)]
        for index, phone in enumerate(self.phones):
            joined = phone.post(
                f"/t/{self.code}/join/",
                {"seat": index, "name": self.names[index], "colour": COLOURS[index]},
            )
            assert joined.status_code == 302, joined.text[:300]
        assert host.post(f"/t/{self.code}/start/", {}).status_code == 302

    def region(self, seat: int) -> str:
        return self.phones[seat].http.get(f"/t/{self.code}/me/live/").text


def play(
    base_url: str,
    slug: str,
    players: int,
    policy: str,
    rng: random.Random,
    limits: argparse.Namespace,
    browser: Browser | None,
) -> Budget:
    started = time.monotonic()
    budget = Budget(slug, players, policy)
    choose = POLICIES[policy]
    table = Table(base_url, slug, players, limits.options)
    sampled: set[str] = set()
    phases_shown: set[str] = set()
    shot = f"{slug}{players}"
    page = region = table.region(0)
    refused_here = 0
    while True:
        if GAME_OVER in page:
            budget.finished = True
            break
        if len(budget.entries) >= limits.max_entries:
            budget.why = (
                f"{limits.max_entries} entries made; {looping(budget.entries)}; "
                f"blocked on the last page: {blocked(region)}"
            )
            break
        if budget.refused >= limits.max_refused:
            budget.why = f"{budget.refused} entries refused"
            break
        seats = to_act(page, table.names) or to_act(page := table.region(0), table.names)
        if not seats:
            budget.why = f"the status line names nobody in phase {phase_of(page)}"
            break
        offers, region = [], page
        for seat in seats:
            region = table.region(seat)
            offers = entry_forms(region)
            if offers:
                break
            budget.failures[f"{phase_of(region)}: a seat named is offered nothing"] += 1
        if not offers:
            budget.why = f"no seat can enter anything in phase {phase_of(page)}"
            break
        phase = phase_of(region)
        form, values = choose(offers, rng, refused_here)
        step = step_of(phase, form)
        number = f"{shot}-{len(budget.entries):03d}"
        if browser and phase not in phases_shown:
            phases_shown.add(phase)
            try:
                browser.table_screen(
                    table.host, f"{base_url}/t/{table.code}/", f"{number}-table-{phase}"
                )
            except Exception as error:  # a failed screenshot is reported, not waited on
                budget.failures[f"table screen in {phase}: {type(error).__name__}"] += 1
        if browser and step not in sampled and refused_here == 0:
            sampled.add(step)
            url = f"{base_url}/t/{table.code}/me/"
            try:
                budget.layouts += browser.measure(
                    table.phones[seat],
                    url,
                    (step, label_of(region)),
                    offers.index(form),
                    submit_button(form, values),
                    f"{number}-P{seat}-{re.sub(r'[^a-z0-9_]+', '_', step.lower())[:60]}",
                )
            except Exception as error:  # a failed measurement is reported, not waited on
                budget.failures[f"layout of {step}: {type(error).__name__}"] += 1
        try:
            answer = table.phones[seat].post(f"/t/{table.code}/act/", form.pairs(values), htmx=True)
        except httpx.HTTPError as error:
            budget.failures[f"entry: {type(error).__name__}"] += 1
            page = table.region(0)
            continue
        if answer.status_code != 200:
            budget.failures[f"entry answered {answer.status_code}"] += 1
            refused_here += 1
            budget.refused += 1
            page = table.region(0)
            continue
        if 'class="flash error"' in answer.text:
            budget.refused += 1
            refused_here += 1
            page = answer.text
            continue
        refused_here = 0
        budget.entries.append(Entry(seat, phase, form.kind, form.taps_for(values)))
        if limits.trace:
            print(
                f"    {len(budget.entries)} P{seat} {step} {values} "
                f"{budget.entries[-1].taps} taps (named: {seats})",
                file=sys.stderr,
            )
        page = answer.text
    if browser:
        try:
            browser.table_screen(
                table.host,
                f"{base_url}/t/{table.code}/",
                f"{shot}-{len(budget.entries):03d}-table-end",
            )
        except Exception as error:
            budget.failures[f"table screen at the end: {type(error).__name__}"] += 1
    budget.seconds = time.monotonic() - started
    return budget


def configurations(chosen: list[str]) -> list[tuple[str, int]]:
    """``babylon:4`` is Babylon with 4 players; ``babylon`` its fewest and most."""
    found = []
    for item in chosen:
        slug, _, count = item.partition(":")
        if slug not in REAL_GAMES:
            raise SystemExit(f"unknown game {slug}; one of {', '.join(REAL_GAMES)}")
        counts = [int(count)] if count else sorted({min(COUNTS[slug]), max(COUNTS[slug])})
        found += [(slug, players) for players in counts]
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--policy", choices=list(POLICIES), default="table")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-entries", type=int, default=1500)
    parser.add_argument("--max-refused", type=int, default=3000)
    parser.add_argument("--games", nargs="*", default=list(REAL_GAMES))
    parser.add_argument("--trace", action="store_true", help="each entry on stderr")
    parser.add_argument("--no-layout", action="store_true", help="no browser measurements")
    parser.add_argument("--port", type=int, default=0, help="the server's port (0: any free)")
    parser.add_argument(
        "--shots",
        type=Path,
        default=None,
        help="save the phones' and table screens' screenshots here",
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a table option, e.g. draws=app (Wallenstein); a game without it ignores it",
    )
    args = parser.parse_args()
    args.options = dict(item.partition("=")[::2] for item in args.option)
    load = " / ".join(f"{value:.1f}" for value in os.getloadavg())
    print(
        f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, load average {load}, "
        f"policy {args.policy}, seed {args.seed}, options {args.options or 'the defaults'}",
        flush=True,
    )
    browser = None
    if not args.no_layout:
        if os.path.exists(CHROMIUM):
            browser = Browser(args.shots)
        else:
            print(f"no Chromium at {CHROMIUM}: no layout figures", flush=True)
    try:
        with servers("embedded", port=args.port) as running:
            for slug, players in configurations(args.games):
                budget = play(
                    running[0].url,
                    slug,
                    players,
                    args.policy,
                    random.Random(args.seed),
                    args,
                    browser,
                )
                print(budget.report(), flush=True)
    finally:
        if browser:
            browser.close()


if __name__ == "__main__":
    main()
