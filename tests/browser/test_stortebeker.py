"""Störtebeker from two phones in a real browser: set-up, hidden pirates, a boarding.

Anna and Ben enter the ships, their hands and who starts, Anna lays a face-down pirate (hidden
from Ben's phone and the table), both play a first turn, and in her second turn Anna boards the
black ship; the summary of the boarding is read on the table screen and on a phone in English,
Czech and Russian. Screenshots (390 px phone, 1280 px table) go to ``STORTEBEKER_SHOTS`` when
that variable names a folder.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest

from tests.browser.phone_actions import LIVE, join, see, tap

pytestmark = pytest.mark.browser


def start(page: Any, base_url: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(base_url + "/")
    form = page.locator("form[data-game='stortebeker']")
    form.locator("select[name=players]").select_option("2")
    form.get_by_role("button", name="Start a table").click()
    page.wait_for_url(re.compile(r"/t/[A-Z0-9]+/$"))


def shoot(page: Any, name: str) -> None:
    """A full-page screenshot for a person to look at, when asked for."""
    folder = os.environ.get("STORTEBEKER_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


def in_language(page: Any, url: str, language: str) -> str:
    """The page's summary of the last boarding, reloaded in ``language``."""
    page.context.add_cookies([{"name": "django_language", "value": language, "url": url}])
    page.reload()
    summary = page.locator("[data-testid=last-event]")
    summary.wait_for()
    return summary.inner_text()


#: What the summary of Anna's boarding says, per language (dice 6 + 1, her pirate 4).
SUMMARY = {
    "en": (
        "Anna boards: dice 6 + 1, pirates 4 = 11 points against defence 8.",
        "The boarding worked.",
        "Anna takes the black ship: 5 points.",
    ),
    "cs": (
        "Anna obsazuje loď: kostky 6 + 1, piráti 4 = 11 bodů proti obraně 8.",
        "Obsazení se podařilo.",
        "Anna získává loď (černá): 5 bodů.",
    ),
    "ru": (
        "Anna идёт на абордаж: кубики 6 + 1, пираты 4 = 11 очков против защиты 8.",
        "Абордаж удался.",
        "Anna забирает корабль (чёрный): 5 очков.",
    ),
}


def arrives(page: Any, text: str) -> None:
    """Wait for a live update: it must arrive within the platform's live limit."""
    page.get_by_text(text, exact=False).first.wait_for(timeout=LIVE)


def check_phone_layout(phone: Any, label: str | None = None) -> None:
    """The next tap (the first entry button, or ``label``'s) is above the fold at 390×844, and
    nothing scrolls sideways at 360 px."""
    phone.set_viewport_size({"width": 390, "height": 844})
    phone.evaluate("() => window.scrollTo(0, 0)")
    buttons = phone.locator("form.choice button[type=submit]")
    if label:
        buttons = buttons.filter(has_text=label)
    button = buttons.first
    box = button.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 844, box
    phone.set_viewport_size({"width": 360, "height": 844})
    width = phone.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 360, width
    phone.set_viewport_size({"width": 390, "height": 800})


def check_table_layout(screen: Any) -> None:
    """At 1280×800 the ships at sea are on the first screen of the table page."""
    screen.set_viewport_size({"width": 1280, "height": 800})
    screen.evaluate("() => window.scrollTo(0, 0)")
    box = screen.locator(".g-stortebeker .sea > section").first.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 800, box


def hand(*labels: str) -> dict[str, str]:
    return {f"card_{number}": label for number, label in enumerate(labels, start=1)}


def test_two_phones_play_stortebeker(server: Any, phones: Any) -> None:
    screen = phones()
    start(screen, server.url)
    join_url = screen.locator(".join-qr figcaption a").get_attribute("href")
    anna, ben = phones(), phones()
    join(anna, join_url, "Anna")
    join(ben, join_url, "Ben")
    screen.reload()
    screen.get_by_role("button", name="Start the game").click()

    # -- set-up: 4 ships at sea and the harbour's top ship, from either phone ---------------
    arrives(anna, "Set-up: enter the ships and the hands")
    arrives(ben, "Set-up: enter the ships and the hands")
    check_phone_layout(anna)  # the ship entry: the busiest form of the game
    shoot(anna, "phone-390-setup")
    for phone, colour in ((anna, "black"), (anna, "blue"), (ben, "green"), (ben, "red")):
        tap(
            phone,
            "Enter a ship at sea",
            colour=colour,
            points="5",
            defence="8",
            need_rum="1",
            need_meat="1",
        )
    tap(
        anna,
        "Enter the ship turned up in the harbour",
        colour="yellow",
        points="9",
        defence="12",
        need_bananas="2",
    )
    tap(anna, "Enter your 6 cards", **hand("rum", "pirate 4", "meat", "water", "water", "beans"))
    tap(
        ben,
        "Enter your 6 cards",
        **hand("water", "water", "beans", "beans", "biscuits", "biscuits"),
    )
    see(ben, "The player whose token is highest on the scoring track starts")
    tap(ben, "Anna starts")
    see(screen, "Anna: play three cards")
    check_phone_layout(anna)
    check_table_layout(screen)

    # -- Anna's first turn: a face-down pirate ----------------------------------------------
    # one tap per card: the phone offers each card that fits the ship as its own button
    black = "the black ship (5 points, defence 8)"
    tap(anna, f"Lay rum at {black}")
    tap(anna, f"Lay pirate 4 at {black}")
    tap(anna, f"Lay meat at {black}")
    see(anna, "Anna: draw cards")
    assert "pirate 4" in anna.locator(".g-stortebeker .sea").inner_text()
    for other in (ben, screen):
        see(other, "Anna: draw cards")
        sea = other.locator(".g-stortebeker .sea").inner_text()
        assert "face-down pirate" in sea and "pirate 4" not in sea
    # cards that fit no ship at sea: her next turn opens with the exchange form, the busiest
    tap(anna, "Enter the 3 cards you drew", **hand("biscuits", "biscuits", "bananas"))

    # -- Ben's first turn: an exchange (no boarding in the first round) ----------------------
    see(ben, "Ben: play three cards")
    assert "Nobody" not in ben.content()
    tap(ben, "Exchange 2 or 3 cards", discard_1="water", discard_2="water", discard_3="beans")
    tap(ben, "Let the app draw 3 cards")

    # -- Anna's second turn: she boards the black ship ---------------------------------------
    see(anna, "Anna: play three cards")
    check_phone_layout(anna, "Exchange 2 or 3 cards")
    shoot(anna, "phone-390-play")
    labels = anna.locator("form.choice select[name='f.discard_1'] option").all_inner_texts()
    assert "water" in labels
    tap(anna, "Exchange 2 or 3 cards", discard_1="water", discard_2="water", discard_3="beans")
    see(anna, "Anna: boarding")
    tap(anna, "Board the black ship (5 points, defence 8)", die_1="6", die_2="1")
    see(anna, "Anna: a new ship comes into view")
    for page in (screen, ben):
        see(page, "The boarding worked.")
    check_table_layout(screen)
    shoot(anna, "phone-390-boarding")
    shoot(screen, "table-1280-boarding")
    for language, lines in SUMMARY.items():
        for page in (screen, ben):
            text = in_language(page, server.url, language)
            for line in lines:
                assert line in text, (language, line, text)
        shoot(screen, f"table-1280-{language}")
        shoot(ben, f"phone-390-{language}")
    in_language(ben, server.url, "en")
    tap(
        anna,
        "Enter the ship turned up in the harbour",
        colour="green",
        points="2",
        defence="6",
        need_water="1",
    )
    arrives(ben, "Anna: draw cards")
    for page in (anna, ben):
        see(page, "Anna takes the black ship: 5 points.")
    assert "yellow ship (9 points, defence 12)" in ben.locator(".g-stortebeker .sea").inner_text()
