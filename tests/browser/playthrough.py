"""A whole game played from phones, as a group plays it (a report, not a test).

    python -m tests.browser.playthrough --game wallenstein [--players 5] [--language cs]
        [--seed 1] [--limit 900] [--shots FOLDER]

The host's table screen (1280×800) deals the table; a browser context per seat (390×844, in
the phones' language) takes its seat, and the host starts. Then, until the game ends, a phone
whose live region says it is its turn picks one of its enabled entries at random (seeded) and
enters it as a player does: it opens the entry's folded part if it is folded, picks an option
in each of its boxes, and taps one of its committing buttons. Every other screen is then
waited for until its live update shows the entry (no reloads): the event that matters, never a
time window. Fields a player types keep what the page offers.

It prints the entries made, the entries the server refused (with the message the phone shows:
a refusal is the page offering what the rules do not allow), the screens where an enabled
entry button lay below the fold (844 px) and the button tapped, the JavaScript errors of any
page, and how the game ended as the table screen shows it. With ``--shots``, the acting phone
is saved (its first screen) before each tap, and the table screen every 20 entries and at the
end. Every wait has a time limit and the server is stopped at the end, so it never hangs.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.autoplay import new_table, start, take_seat
from tests.browser.fold_sweep import FOLD, LARGEST, LOWEST_BUTTON, OPTIONS, server_and_chromium

WAIT = 30_000  # ms: for an event that comes unless the page is broken
NAMES = {
    "en": ["Alice", "Bob", "Carol", "Dave", "Erin"],
    "cs": ["Kateřina", "Jiří", "Markéta", "Tomáš", "Zdeňka"],
    "ru": ["Екатерина", "Дмитрий", "Ольга", "Сергей", "Татьяна"],
}
COLOURS = ["red", "blue", "yellow", "purple", "orange"]  # none a game keeps for its pieces

# The entries a phone offers now: for each form, whether it can be tapped (an enabled button
# that is shown, or folded in a closed disclosure the player opens) and its action.
OFFERED = """() => [...document.querySelectorAll('#live form.choice')].map((form, index) => ({
  index,
  enabled: [...form.querySelectorAll('button[type=submit]')].some(b => !b.disabled
    && (b.offsetParent !== null || b.closest('details:not([open])'))),
  action: form.querySelector('input[name=action]')?.value || '',
}))"""

VERSION = "() => Number(document.querySelector('#live')?.dataset.version || 0)"


@dataclass
class Report:
    entries: int = 0
    refused: Counter[str] = field(default_factory=Counter)
    below_fold: list[str] = field(default_factory=list)
    kinds: Counter[str] = field(default_factory=Counter)
    errors: list[str] = field(default_factory=list)
    finished: bool = False
    ended: str = ""


def kind_of(action: str) -> str:
    """The entry's type from a form's action (its JSON)."""
    try:
        return str(json.loads(action).get("type", "?"))
    except ValueError:
        return "?"


def phone_context(browser: Any, url: str, language: str, report: Report, name: str) -> Any:
    context = browser.new_context(viewport={"width": 390, "height": FOLD}, base_url=url)
    context.set_default_timeout(WAIT)
    context.add_cookies([{"name": "django_language", "value": language, "url": url}])
    page = context.new_page()
    page.on("pageerror", lambda error: report.errors.append(f"{name}: {error}"))
    # An entry that asks first ("End the actions without doing anything?"): the player says yes.
    page.on("dialog", lambda dialog: dialog.accept())
    return page


def wait_version(page: Any, version: int, report: Report, step: int) -> None:
    """Until ``page`` shows ``version``; a page that never does is reported, then reloaded."""
    try:
        page.wait_for_function(
            "(v) => Number(document.querySelector('#live')?.dataset.version || 0) >= v",
            arg=version,
            timeout=WAIT,
        )
    except PlaywrightTimeout:
        shown = page.evaluate(VERSION)
        report.errors.append(f"entry {step}: {page.url} shows version {shown}, not {version}")
        print(f"  {report.errors[-1]}", file=sys.stderr, flush=True)
        page.reload()


def enter(phone: Any, rng: random.Random, report: Report, step: int, shots: str | None) -> bool:
    """Tap one of ``phone``'s enabled entries; True if the server took it."""
    offered = [form for form in phone.evaluate(OFFERED) if form["enabled"]]
    if not offered:
        return False
    before = phone.evaluate(VERSION)
    phone.evaluate("window.scrollTo(0, 0)")
    shown = phone.evaluate(LOWEST_BUTTON)
    if shots:
        phone.screenshot(path=f"{shots}/{step:04d}-phone.png")
    # A kind of entry first, then one of its entries: twenty-one temple-level buttons must not
    # make a game of temple draws (the deck runs out before anything is built).
    kind = rng.choice(sorted({kind_of(form["action"]) for form in offered}))
    chosen = rng.choice([form for form in offered if kind_of(form["action"]) == kind])
    report.kinds[kind] += 1
    if shown["lowest"] > FOLD:
        report.below_fold.append(
            f"entry {step}: {shown['lowest']:.0f} px, offering {shown['kinds']}"
        )
        if shots:
            phone.screenshot(path=f"{shots}/{step:04d}-phone-below-fold.png", full_page=True)
    form = phone.locator("#live form.choice").nth(chosen["index"])
    folded = form.locator("xpath=ancestor::details[not(@open)]")
    while folded.count():  # outermost first: a land's line inside "Reinforce and move…"
        folded.first.locator(":scope > summary").click()
    for box in form.locator("select").all():
        if not box.is_visible():
            continue
        values = box.evaluate(
            "b => [...b.options].filter(o => !o.disabled && o.value !== '').map(o => o.value)"
        )
        if values:
            box.select_option(rng.choice(values))
    for box in form.locator("input[type=number]").all():
        if box.is_visible() and not box.input_value():
            # A number the player types (the cubes that fell, say): one the field allows.
            low = int(box.get_attribute("min") or 0)
            box.fill(str(rng.randint(low, int(box.get_attribute("max") or low + 3))))
    buttons = [
        b for b in form.locator("button[type=submit]").all() if b.is_enabled() and b.is_visible()
    ]
    if not buttons:
        report.refused[f"{kind}: no button shown once its part was opened"] += 1
        if shots:
            Path(f"{shots}/{step:04d}-no-button.html").write_text(
                phone.locator("#live").evaluate("e => e.outerHTML")
            )
        return False
    button = rng.choice(buttons)
    label = button.inner_text().strip() or str(button.get_attribute("value"))
    # A control takes no tap until it has stood still for a moment (static/companion/ghost.js
    # marks it fresh): a player's finger comes after that too.
    phone.wait_for_function(
        "(b) => !b.closest('[data-fresh]')", arg=button.element_handle(), timeout=WAIT
    )
    try:
        with phone.expect_response(lambda r: "/act/" in r.url, timeout=WAIT) as answer:
            button.click()
    except PlaywrightTimeout:
        # The page sent nothing: a field the browser would not let through, say.
        report.refused[f"{kind}: {label!r} sent nothing"] += 1
        if shots:
            Path(f"{shots}/{step:04d}-sent-nothing.html").write_text(
                form.evaluate("f => f.outerHTML")
            )
        print(f"  entry {step}: {kind}: {label!r} sent nothing", file=sys.stderr, flush=True)
        return False
    if answer.value.status >= 500:
        report.errors.append(f"entry {step}: the server answered {answer.value.status}")
        return False
    phone.wait_for_function("() => !document.querySelector('.htmx-request')", timeout=WAIT)
    if phone.evaluate(VERSION) > before:
        report.entries += 1
        return True
    message = phone.locator("#live [role=alert], #live .error").all_inner_texts()
    reason = f"{kind}: {' '.join(message).strip()[:160] or '(no message shown)'}"
    report.refused[reason] += 1
    print(f"  entry {step}: refused {reason}", file=sys.stderr, flush=True)
    return False


def play_game(
    browser: Any,
    url: str,
    game: str,
    players: int,
    language: str,
    seed: int,
    limit: int = 900,
    shots: str | None = None,
) -> Report:
    """A whole game of ``game`` on the server at ``url``: the table screen and a phone per seat
    in ``browser``, until the game ends or ``limit`` taps (see the module's text)."""
    rng = random.Random(seed)
    report = Report()
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
    table = browser.new_context(viewport={"width": 1280, "height": 800}, base_url=url)
    table.set_default_timeout(WAIT)
    table.add_cookies([{"name": "django_language", "value": language, "url": url}])
    screen = table.new_page()
    screen.on("pageerror", lambda error: report.errors.append(f"table: {error}"))
    options = dict(option.split("=", 1) for option in OPTIONS.get(game, []))
    code = new_table(screen, url, game, players, **options)
    phones = []
    try:
        for seat in range(players):
            name = NAMES[language][seat]
            phone = phone_context(browser, url, language, report, name)
            take_seat(phone, url, code, seat, name, COLOURS[seat])
            phones.append(phone)
        start(screen, url, code)
        screen.goto(f"/t/{code}/")
        for phone in phones:
            phone.goto(f"/t/{code}/me/")
        pages = [screen, *phones]
        stuck = 0
        for step in range(1, limit + 1):
            version = max(page.evaluate(VERSION) for page in pages)
            for page in pages:
                wait_version(page, version, report, step)
            if not screen.evaluate("() => document.querySelector('#live').dataset.running"):
                report.finished = True
                break
            if shots and step % 20 == 1:
                screen.screenshot(path=f"{shots}/{step:04d}-table.png")
            turns = [
                phone
                for phone in phones
                if phone.evaluate("() => document.querySelector('#live').dataset.turn")
            ]
            if not turns:
                report.errors.append(f"entry {step}: the game runs and no phone's turn")
                break
            phone = rng.choice(turns)
            if enter(phone, rng, report, step, shots):
                stuck = 0
            else:
                # The player clears what the refused entry left in its form (a half-filled
                # form holds back the live updates, as it should).
                phone.reload()
                stuck += 1
                if stuck >= 20:
                    report.errors.append(f"entry {step}: 20 taps in a row refused")
                    break
        report.ended = screen.locator("#live").inner_text()[:600]
        if shots:
            screen.screenshot(path=f"{shots}/end-table.png", full_page=True)
            phones[0].screenshot(path=f"{shots}/end-phone.png", full_page=True)
    finally:
        for phone in phones:
            phone.context.close()
        table.close()
    return report


def play(args: argparse.Namespace) -> int:
    players = args.players or LARGEST[args.game]
    began = time.monotonic()
    with server_and_chromium() as (server, browser):
        report = play_game(
            browser,
            server.url,
            args.game,
            players,
            args.language,
            args.seed,
            args.limit,
            args.shots,
        )
    seconds = time.monotonic() - began
    print(f"{args.game}, {players} players, {args.language}, seed {args.seed}: "
          f"{report.entries} entries in {seconds:.0f} s, "
          f"{'the game ended' if report.finished else 'the game did not end'}")  # fmt: skip
    print(f"  entries by kind tapped: {dict(report.kinds.most_common())}")
    print(f"  refused: {sum(report.refused.values())}")
    for reason, count in report.refused.most_common(12):
        print(f"    {count:4d} {reason}")
    print(f"  screens with an entry button below {FOLD} px: {len(report.below_fold)}")
    for line in report.below_fold[:12]:
        print(f"    {line}")
    print(f"  errors: {len(report.errors)}")
    for line in report.errors[:12]:
        print(f"    {line}")
    print("  the table screen at the end:")
    print("    " + report.ended.replace("\n", "\n    "))
    return 1 if report.errors or not report.finished else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="wallenstein", choices=sorted(LARGEST))
    parser.add_argument("--players", type=int, default=0, help="default: the largest count")
    parser.add_argument("--language", default="en", choices=sorted(NAMES))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--limit", type=int, default=900, help="taps at most")
    parser.add_argument("--shots", help="a folder for the screens")
    sys.exit(play(parser.parse_args()))


if __name__ == "__main__":
    main()
