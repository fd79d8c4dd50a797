"""Wallenstein in a real browser: three phones join, set up the game and see entries live."""

from __future__ import annotations

import re

import pytest

from tests.browser.test_table import join

pytestmark = pytest.mark.browser

NAMES = ["Anna", "Boris", "Cyril"]


def start_wallenstein(page, base_url: str) -> str:
    page.goto(base_url + "/")
    form = page.locator("form[data-game='wallenstein']")
    form.locator("select[name=players]").select_option("3")
    form.locator("select[name='opt.allocation']").select_option("fixed")
    form.get_by_role("button", name="Start a table").click()
    page.wait_for_url(re.compile(r"/t/[A-Z0-9]+/$"))
    return page.url.rstrip("/").rsplit("/", 1)[1]


def tap(phone, label: str) -> None:
    """Tap an entry button; it appears live, without a reload."""
    phone.get_by_role("button", name=label).click()


@pytest.fixture
def screen(browser):
    """The shared table screen: a desktop-sized window."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(10_000)
    yield context.new_page()
    context.close()


def test_three_phones_set_up_and_see_a_land_revealed_live(server, phones, screen):
    start_wallenstein(screen, server.url)
    join_url = screen.locator(".join-qr figcaption a").get_attribute("href")
    seats = [phones() for _ in NAMES]
    for phone, name in zip(seats, NAMES, strict=True):
        join(phone, join_url, name)
    screen.reload()
    screen.get_by_role("button", name="Start the game").click()
    anna, boris, cyril = seats

    # Set-up, each step entered from another phone, each phone updating live.
    tap(anna, "Let the app simulate the tower")
    boris.get_by_role("button", name="Let the app draw the event cards").wait_for()
    tap(boris, "Let the app draw the event cards")
    tap(cyril, "Let the app turn up the action cards")
    tap(anna, "Let the app draw the generals")
    tap(boris, "Let the app draw the current event")

    # One phone says "Your turn"; the table shows the season and the year's cards.
    screen.locator(".g-wallenstein .season li.now").first.wait_for()
    on_turn = None
    for _ in range(50):
        waiting = [phone for phone in seats if phone.locator(".your-turn").count()]
        if len(waiting) == 1:
            on_turn = waiting[0]
            break
        screen.wait_for_timeout(100)
    assert on_turn is not None
    others = [phone for phone in seats if phone is not on_turn]

    # The player on turn reveals a land card (or the blank card) with one tap.
    plays = on_turn.locator("form.choice").filter(
        has=on_turn.locator("input[name=action][value*='\"play\"']")
    )
    one_tap = plays.filter(has_not=on_turn.locator("select, input[type=number]")).first
    label = one_tap.locator("button").inner_text().strip()
    one_tap.locator("button").click()
    # The button may add what the land yields ("Mittelmark: 3 grain"); the log names the land.
    land = label.split(":")[0]
    expected = "Reveals a blank card" if label == "Blank card" else f"Reveals {land}"

    # Another phone and the table screen show it without a reload.
    others[0].locator(".log").get_by_text(expected).first.wait_for(timeout=5000)
    screen.locator(".log").get_by_text(expected).first.wait_for(timeout=5000)
    assert on_turn.locator(".g-wallenstein").is_visible()


def test_czech_and_russian_phones_read_their_language(server, phones, screen):
    start_wallenstein(screen, server.url)
    join_url = screen.locator(".join-qr figcaption a").get_attribute("href")
    czech, russian, english = phones("cs-CZ"), phones("ru-RU"), phones()
    for phone, name in ((czech, "Jana"), (russian, "Ivan"), (english, "Emma")):
        phone.goto(join_url)
        phone.fill("input[name=name]", name)
        phone.locator("form button[type=submit]").last.click()
        phone.wait_for_url(re.compile(r"/me/$"))
    screen.reload()
    screen.get_by_role("button", name="Start the game").click()
    czech.get_by_role("button", name="Ať věž nasimuluje aplikace").click()
    russian.get_by_role("button", name="Пусть карты событий вытянет приложение").wait_for()
    assert "Зерно" in russian.locator(".g-wallenstein").inner_text()
    assert "Obilí" in czech.locator(".g-wallenstein").inner_text()
