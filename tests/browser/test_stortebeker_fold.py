"""Störtebeker on a 390×844 phone: the first control and the committing one above the fold.

Issue 21: "Every step's first control and its committing control within the first 844 px at
390×844, for every game, every player count and all three languages". At 2 and at 4 players
the busiest steps are measured in English, Czech and Russian (the page's language buttons),
then entered with a real tap: the ship entry of the set-up (the form of the most boxes), the
hand entry, the first turn's cards (a button per card that fits a ship, the exchange, the
cannons: the 8 cards that fit each commit, every one of them and the exchange's button are
measured), the shot with the third card (a button per card to discard, the app rolling, each
measured; then the form of the colour dice rolled at the table, opened, and its button), the
draw, and a boarding in the second round. Nothing is wider than the phone and no word breaks
in the middle. With
``STORTEBEKER_FOLD_SHOTS`` set to a folder the screens are saved there.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest

from tests.browser.fold import clipped, switch_language, widest
from tests.browser.phone_actions import LIVE, seated_and_started, tap
from tests.browser.test_babylon_fold import (
    ENTRY,
    FOLD,
    LANGUAGES,
    action_form,
    actor,
    bottom,
    press,
    version,
)
from tests.browser.test_words import LONG_TOKEN, SPLIT_WORDS

pytestmark = pytest.mark.browser

WIDTH = 390
# Names as long as a group's real ones, in both scripts (see test_wallenstein_fold).
NAMES = ["Alexandra", "Bartoloměj", "Kateřina", "Светлана"]
FIRST_FIELD = "form.choice :is(select, input:not([type=hidden]))"
SHIP_FIELD = action_form("ship") + " :is(select, input:not([type=hidden]))"
DEALT_AT_TABLE = "details.hand-dealt > summary"
SHIPS = (  # colour, points, defence, a provision besides rum: every ship needs 2 cards
    ("black", "5", "8", "meat"),
    ("blue", "4", "7", "water"),
    ("green", "3", "6", "beans"),
    ("red", "6", "9", "biscuits"),
)
ANNA = ("rum", "meat", "pirate 4", "water", "beans", "biscuits")
OTHERS = ("water", "beans", "biscuits", "meat", "pirate 3", "bananas")  # three of them fit


def start_table(page: Any, base_url: str, players: int) -> str:
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(base_url + "/")
    form = page.locator("form[data-game='stortebeker']")
    form.locator("select[name=players]").select_option(str(players))
    form.get_by_role("button", name="Start a table").click()
    page.wait_for_url(re.compile(r"/t/[A-Z0-9]+/$"))
    return page.locator(".join-qr figcaption a").get_attribute("href")


def lowest(phone: Any, selector: str) -> float:
    """Where the lowest of the elements matching ``selector`` ends (the page at its top)."""
    phone.locator(selector).first.wait_for(timeout=LIVE)
    return float(
        phone.evaluate(
            """(selector) => Math.max(...[...document.querySelectorAll(selector)]
                 .map(element => element.getBoundingClientRect().bottom))""",
            selector,
        )
    )


def check_fold(
    phone: Any,
    players: int,
    step: str,
    *committing: str,
    every: tuple[str, ...] = (),
    opened: str = "",
) -> None:
    """In each language the first entry control, each committing one and every control
    matching ``every`` end above 844 px, nothing is wider than the phone and no word breaks
    in the middle (test_words' check). ``opened``: a
    folded part (its summary) tapped open first, as a player opens it before its form."""
    phone.set_viewport_size({"width": WIDTH, "height": FOLD})
    for code in LANGUAGES:
        switch_language(phone, code)
        phone.locator("#live").wait_for(timeout=LIVE)
        phone.evaluate("() => window.scrollTo(0, 0)")
        if opened:
            phone.locator(opened).click()
            phone.locator(opened + " + form button[type=submit]").wait_for(timeout=LIVE)
            phone.evaluate("() => window.scrollTo(0, 0)")
        ends = [bottom(phone, selector) for selector in (ENTRY, *committing)]
        ends += [lowest(phone, selector) for selector in every]
        folder = os.environ.get("STORTEBEKER_FOLD_SHOTS")
        if folder:
            Path(folder).mkdir(parents=True, exist_ok=True)
            phone.screenshot(path=f"{folder}/{players}p-{step}-{code.lower()}.png", full_page=True)
        assert max(ends) <= FOLD, (players, step, code, ends)
        assert widest(phone) <= WIDTH + 0.5, (players, step, code, widest(phone))
        assert clipped(phone) == [], (players, step, code, clipped(phone))
        assert phone.evaluate(SPLIT_WORDS, LONG_TOKEN) == [], (players, step, code)
    switch_language(phone, "EN")


def submit_of(kind: str, *parts: str) -> str:
    return action_form(kind, *parts) + " button[type=submit]"


@pytest.mark.parametrize("players", [2, 4])
def test_first_and_committing_controls_above_the_fold(
    server: Any, phones: Any, players: int
) -> None:
    screen = phones()
    join_url = start_table(screen, server.url, players)
    seats = seated_and_started(screen, phones, join_url, NAMES[:players])
    anna = seats[0]

    # -- set-up: the ship entry, the hands, who starts -----------------------------------------
    anna.locator(action_form("ship")).wait_for(timeout=LIVE)
    # The ships still to enter, the hand too: the ship's button and the app's deal measured.
    deal = action_form("hand", '"by_app":true') + " button[type=submit]"
    check_fold(anna, players, "ship", SHIP_FIELD, submit_of("ship"), deal)
    for colour, points, defence, need in SHIPS:
        fields = {"colour": colour, "points": points, "defence": defence, f"need_{need}": "1"}
        tap(anna, "Enter a ship at sea", **fields, need_rum="1")  # every card of Anna's fits
    while anna.locator(action_form("ship")).count():
        tap(anna, "Enter the ship turned up in the harbour", colour="yellow", points="9",
            defence="12", need_bananas="2")  # fmt: skip
    # The table lets the app deal as often as it enters its cards: both buttons are measured,
    # the form of the cards dealt at the table opened under the app's deal.
    check_fold(
        anna, players, "hand", FIRST_FIELD, every=(submit_of("hand"),), opened=DEALT_AT_TABLE
    )
    tap(anna, "Enter your 6 cards", **{f"card_{n}": c for n, c in enumerate(ANNA, start=1)})
    for phone in seats[1:]:
        tap(phone, "Enter your 6 cards", **{f"card_{n}": c for n, c in enumerate(OTHERS, 1)})
    # Anna's phone must show the others' hands first: an entry from an older version is refused.
    anna.wait_for_function(
        "(v) => +document.querySelector('#live').dataset.version >= v",
        arg=version(seats[-1]),
        timeout=LIVE,
    )
    tap(anna, f"{NAMES[0]} starts")

    # -- Anna's first turn: a button per card that fits, the exchange, the cannons --------------
    anna.locator(action_form("lay")).first.wait_for(timeout=LIVE)
    # Rum fits each of the 4 ships, meat, water, beans and biscuits one each: 8 cards that
    # fit, each its own committing button (one row per ship), then the exchange form. Every
    # lay button and the exchange's button are measured.
    assert anna.locator(action_form("lay")).count() == 8
    check_fold(anna, players, "play", submit_of("exchange"), every=(submit_of("lay"),))
    press(anna, action_form("lay", '"card":"rum"'))
    press(anna, action_form("lay", '"card":"meat"'))
    # The third card: a lay, or the cannons at the black ship (Anna's provisions lie there):
    # a button per card to discard, the app rolling, each measured; then, opened, the form
    # of the colour dice rolled at the table and its button.
    anna.locator(".fire " + action_form("fire")).first.wait_for(timeout=LIVE)
    assert anna.locator(".fire " + action_form("fire", '"by_app":true')).count() == 4
    check_fold(anna, players, "fire", every=(".fire " + submit_of("fire"),))
    dice = "details.fire-dice > summary"
    check_fold(anna, players, "fire-dice", FIRST_FIELD, submit_of("fire"), opened=dice)
    now = press(anna, action_form("lay", '"card":"pirate4"'))
    anna.locator(action_form("draw")).first.wait_for(timeout=LIVE)
    check_fold(anna, players, "draw", FIRST_FIELD, submit_of("draw"))
    now = press(anna, action_form("draw", '"by_app":true'))

    # -- the others' first turns: three cards that fit, the app draws ---------------------------
    for phone in seats[1:]:
        assert actor(seats, now) is phone
        for _card in range(3):
            now = press(phone, action_form("lay"))
        now = press(phone, action_form("draw", '"by_app":true'))

    # -- Anna's second turn: three cards, then the boarding of the black ship -------------------
    assert actor(seats, now) is anna
    for card in ("water", "beans", "biscuits"):
        press(anna, action_form("lay", f'"card":"{card}"'))
    anna.locator(action_form("board")).first.wait_for(timeout=LIVE)
    check_fold(anna, players, "board", FIRST_FIELD, submit_of("board"))
