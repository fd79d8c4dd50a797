"""Babel from two phones in a real browser: hands on the phones, live table, refusals, reload.

Reaching 15 points takes many turns, so the game is played for four turns (two each) and the
totals, temple rows and hands shown on every screen are checked along the way.
"""

from __future__ import annotations

import os
import re
from typing import Any

import pytest

from tests.browser.phone_actions import LIVE, disabled_reason, join, see, tap, totals, wait_totals

pytestmark = pytest.mark.browser


def start_babel(page: Any, base_url: str) -> str:
    """The host screen starts a Babel table with the hands kept on the phones."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(base_url + "/")
    form = page.locator("form[data-game='babel']")
    form.locator("select[name=players]").select_option("2")
    form.locator("select[name='opt.hand_tracking']").select_option("on")
    form.get_by_role("button", name="Start a table").click()
    page.wait_for_url(re.compile(r"/t/[A-Z0-9]+/$"))
    return page.url.rstrip("/").rsplit("/", 1)[1]


ABILITY_SUMMARY = {
    "EN": "Anna used three Medes: Ben's cards in hand: 6 → 3.",
    "CS": "Anna využil(a) tři karty (Médové): karty v ruce hráče Ben: 6 → 3.",
    "RU": "Anna использует трёх (Мидийцы): карты на руке игрока Ben: 6 → 3.",
}


def switch_language(page: Any, code: str) -> None:
    """The language buttons in the page header (CS, EN, RU)."""
    page.locator("form.langs").get_by_role("button", name=code, exact=True).click()
    page.wait_for_load_state()
    page.wait_for_function(f"() => document.documentElement.lang === '{code.lower()}'")


def read_the_ability(page: Any) -> None:
    """The ability's summary, read in English, Czech and Russian (and back to English)."""
    for code in ("EN", "CS", "RU", "EN"):
        if code != "EN" or page.locator("html").get_attribute("lang") != "en":
            switch_language(page, code)
        summary = page.locator(".g-babel .last-event")
        summary.first.wait_for(timeout=LIVE)
        assert ABILITY_SUMMARY[code] in summary.first.inner_text(), (code, summary.inner_text())
        if os.environ.get("BABEL_SHOTS"):
            width = page.viewport_size["width"]
            name = f"/ability-{code}-{width}.png"
            page.screenshot(path=os.environ["BABEL_SHOTS"] + name, full_page=True)


def fits_the_phone(phone: Any, next_tap: str) -> None:
    """The busiest phone step (the actions) at 390×844: the next tap above the fold; at
    360 px no sideways scroll."""
    phone.set_viewport_size({"width": 390, "height": 844})
    button = phone.get_by_role("button", name=next_tap, exact=True).first
    button.wait_for(timeout=LIVE)
    first = phone.locator(".choices button").first.bounding_box()
    assert first["y"] + first["height"] <= 844, first
    if os.environ.get("BABEL_SHOTS"):
        phone.screenshot(path=os.environ["BABEL_SHOTS"] + "/actions-390.png", full_page=True)
    phone.set_viewport_size({"width": 360, "height": 740})
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    phone.set_viewport_size({"width": 390, "height": 800})


def fits_the_table(screen: Any) -> None:
    """The table screen (1280×800) shows the board within its first 800 px."""
    screen.set_viewport_size({"width": 1280, "height": 800})
    assert screen.locator(".g-babel .cities").bounding_box()["y"] < 800
    if os.environ.get("BABEL_SHOTS"):
        screen.screenshot(path=os.environ["BABEL_SHOTS"] + "/table-1280.png")


def hand_text(phone: Any) -> str:
    return phone.locator(".g-babel .hand").inner_text()


def test_two_phones_play_babel_with_hands_on_the_phones(server: Any, phones: Any) -> None:
    screen = phones()
    code = start_babel(screen, server.url)
    join_url = screen.locator(".join-qr figcaption a").get_attribute("href")
    assert join_url.endswith(f"/t/{code}/join/")

    anna, ben = phones(), phones()
    asked: list[str] = []  # the questions asked before an entry (Choice.confirm), accepted

    def accept(dialog: Any) -> None:
        asked.append(dialog.message)
        dialog.accept()

    ben.on("dialog", accept)
    join(anna, join_url, "Anna")
    join(ben, join_url, "Ben")
    screen.reload()
    screen.get_by_role("button", name="Start the game").click()

    # -- the starting hands: one tap per card; Anna enters hers, Ben five Assyrians -------
    see(anna, "Both players enter their starting hands.")
    see(anna, "Card 1 of 5: tap the nation of each card as you draw it.")
    for nation in ("Medes", "Medes", "Medes", "Sumerians"):
        tap(anna, nation)
    see(anna, "Card 5 of 5. Entered so far: Medes, Medes, Medes, Sumerians.")
    assert "Medes, Medes, Medes, Sumerians" in anna.locator(".g-babel .drawing").inner_text()
    assert ben.locator(".g-babel .drawing").count() == 0  # Anna's cards stay on her phone
    tap(anna, "Sumerians")
    assert "3× Medes" in hand_text(anna) and "2× Sumerians" in hand_text(anna)
    for _ in range(5):
        tap(ben, "Assyrians")
    assert "5× Assyrians" in hand_text(ben)
    anna.get_by_text("Your turn").wait_for(timeout=LIVE)  # Anna's phone followed live
    see(screen, "Anna: draw 3 nation cards")
    # "Now: Anna" would repeat "Your turn" on Anna's phone: hidden there, shown on Ben's.
    ben.locator(".status p.now").get_by_text("Anna").wait_for(timeout=LIVE)
    assert anna.locator(".status p.now").is_hidden()
    assert ben.locator(".your-turn").count() == 0

    # -- Anna's first turn: three taps for the three cards drawn -------------------------------
    tap(anna, "Medes")
    tap(anna, "Medes")
    see(anna, "Card 3 of 3. Entered so far: Medes, Medes.")
    tap(anna, "Persians")
    assert "5× Medes" in hand_text(anna) and "1× Persians" in hand_text(anna)
    see(ben, "Anna: actions")
    see(screen, "Nation cards in hand: 8")

    # The hand stays on its own phone: never on the other phone nor on the table screen.
    for other, secret in (
        (ben, "Medes"),
        (anna, "Assyrians"),
        (screen, "Medes"),
        (screen, "Assyrians"),
    ):
        other.wait_for_timeout(100)
        html = other.content()
        assert not re.search(r"\d+× " + secret, html), (other.url, secret)
    assert screen.locator(".g-babel .hand").count() == 0
    assert ben.locator(".g-babel .hand").count() == 1

    # Blocked entries are shown greyed with their reason.
    assert "starting level-1 card" in disabled_reason(anna, "End actions")
    assert "no card of the Hittites" in disabled_reason(anna, "Travel to Hatti")

    tap(anna, "Travel to Media")
    see(screen, "Anna: Media")
    see(ben, "Anna's figure stands in Media.")
    ben.locator(".g-babel .city[data-city='medes'] h3 .dot[title='Anna']").wait_for(timeout=LIVE)
    tap(anna, "Settle a card of the Medes in Media")
    tap(anna, "Build level 1 from your starting card")
    see(screen, "Anna built level 1 in Media from the starting card.")
    wait_totals(ben, ["1", "0"])
    wait_totals(screen, ["1", "0"])
    tap(anna, "End actions")
    see(ben, "Anna: draw 2 temple cards")
    see(anna, "The deck can still hold: 1, 2, 3, 4, 5, 6.")  # the note above the levels
    tap(anna, "Level 2")  # the first card turned up waits for the second
    see(anna, "First card drawn: level 2. Tap the level of the second card.")
    see(screen, "Anna drew a temple card of level 2; the second card follows.")
    assert screen.locator(".g-babel .temple-row[data-seat='0'] .tc").count() == 0
    tap(anna, "Level 3")  # laid higher first
    see(screen, "Anna drew 3, 2.")
    assert screen.locator(".g-babel .temple-row[data-seat='0'] .tc").all_inner_texts() == ["3", "2"]

    # -- Ben's first turn: the app draws; a reload keeps the seat ---------------------------
    ben.get_by_text("Your turn").wait_for(timeout=LIVE)
    tap(ben, "Let the app draw 3 nation cards")
    see(anna, "Nation cards in hand: 8")
    ben.reload()
    assert ben.locator(".my-name").inner_text() == "Ben"
    assert "Assyrians" in hand_text(ben)
    assert sum(int(n) for n in re.findall(r"(\d+)×", hand_text(ben))) == 8
    tap(ben, "Travel to Assyria")
    tap(ben, "Settle a card of the Assyrians in Assyria")
    tap(ben, "Build level 1 from your starting card")
    wait_totals(anna, ["1", "1"])
    wait_totals(screen, ["1", "1"])
    tap(ben, "End actions")
    tap(ben, "Let the app draw 2 temple cards")
    see(screen, "Ben drew")
    assert screen.locator(".g-babel .temple-row[data-seat='1'] .tc").count() == 2

    # -- Anna's second turn: level 2, a refused stale entry, three Medes halve Ben's hand --
    anna.get_by_text("Your turn").wait_for(timeout=LIVE)
    tap(anna, "Let the app draw 3 nation cards")
    tap(anna, "Settle a card of the Medes in Media")
    tap(anna, "Settle a card of the Medes in Media")
    tap(anna, "Build level 2 from Anna's row")
    wait_totals(ben, ["2", "1"])
    wait_totals(screen, ["2", "1"])
    assert screen.locator(".g-babel .temple-row[data-seat='0'] .tc").all_inner_texts() == ["3"]

    # A second tab of Anna's phone that missed the news (its stream is blocked) sends a
    # form made before her last entry: refused with the reason, and nothing changes.
    stale = anna.context.new_page()
    stale.add_init_script("delete window.EventSource; window.setInterval = () => 0;")
    stale.goto(anna.url)
    tap(anna, "Settle a card of the Medes in Media")
    wait_totals(ben, ["2", "1"])
    tap(stale, "Settle a card of the Medes in Media")
    alert = stale.locator(".flash.error")
    alert.wait_for(timeout=LIVE)
    assert "Someone else made an entry first" in alert.inner_text()
    assert totals(stale) == ["2", "1"]  # the refused entry changed nothing
    stale.close()

    fits_the_phone(anna, "Three Medes: the opponent discards half their hand")
    fits_the_table(screen)
    tap(anna, "Three Medes: the opponent discards half their hand")
    see(ben, "Discard 3 more cards.")
    see(screen, "Ben: discard 3 cards")
    # What the ability did, on the table and on Ben's phone, in three languages.
    for page in (screen, ben):
        read_the_ability(page)
    for _ in range(3):
        tap(ben, "Discard a card of the Assyrians")
    see(anna, "Nation cards in hand: 3")
    anna.get_by_text("Your turn").wait_for(timeout=LIVE)
    tap(anna, "End actions")
    tap(anna, "Let the app draw 2 temple cards")

    # -- Ben's second turn ------------------------------------------------------------------
    ben.get_by_text("Your turn").wait_for(timeout=LIVE)
    tap(ben, "Let the app draw 3 nation cards")
    tap(ben, "End actions")  # nothing done in this turn: the phone asks once more
    assert asked == ["End the actions without doing anything?"]
    see(anna, "Ben: draw 2 temple cards")
    tap(ben, "Let the app draw 2 temple cards")
    anna.get_by_text("Your turn").wait_for(timeout=LIVE)
    see(screen, "Anna: draw 3 nation cards")
    for page in (anna, ben, screen):
        assert totals(page) == ["2", "1"]
        assert page.locator(".scores tbody tr").first.locator("td").all_inner_texts() == ["2", "0"]
    assert screen.locator(".g-babel .temple-row[data-seat='0'] .tc").count() == 3
    assert screen.locator(".g-babel .temple-row[data-seat='1'] .tc").count() == 4
