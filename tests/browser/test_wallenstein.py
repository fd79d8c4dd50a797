"""Wallenstein in a real browser: three phones join, set up the game and see entries live."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.phone_actions import EVENTUALLY, LIVE, join, tap

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


def tap_now(phone, label: str) -> None:
    """Tap an entry button; it appears live, without a reload."""
    phone.get_by_role("button", name=label).click()


@pytest.fixture
def screen(browser):
    """The shared table screen: a desktop-sized window."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(EVENTUALLY)
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
    tap_now(anna, "Let the app simulate the tower")
    boris.get_by_role("button", name="Let the app draw the event cards").wait_for()
    tap_now(boris, "Let the app draw the event cards")
    tap_now(cyril, "Let the app turn up the action cards")
    tap_now(anna, "Let the app draw the generals")
    tap_now(boris, "Let the app draw the current event")

    # One phone says "Your turn"; the table shows the season and the year's cards.
    screen.locator(".g-wallenstein .season li.now").first.wait_for()
    # Until every phone has the last update (however busy the machine): exactly one says it.
    on_turn = None
    deadline = time.monotonic() + EVENTUALLY / 1000
    while on_turn is None and time.monotonic() < deadline:
        waiting = [phone for phone in seats if phone.locator(".your-turn").count()]
        if len(waiting) == 1:
            on_turn = waiting[0]
        else:
            screen.wait_for_timeout(100)
    assert on_turn is not None
    others = [phone for phone in seats if phone is not on_turn]

    # The player on turn reveals a land card (or the blank card) with one tap.
    plays = on_turn.locator("form.choice:visible").filter(
        has=on_turn.locator("input[name=action][value*='\"play\"']")
    )
    one_tap = plays.filter(has_not=on_turn.locator("select, input[type=number]")).first
    label = one_tap.locator("button").inner_text().strip()
    one_tap.locator("button").click()
    # The button may add what the land yields ("Mittelmark: 3 grain"); the log names the land.
    land = label.split(":")[0]
    expected = "Reveals a blank card" if label == "Blank card" else f"Reveals {land}"

    # Another phone and the table screen show it without a reload.
    others[0].locator(".log").get_by_text(expected).first.wait_for(timeout=LIVE)
    screen.locator(".log").get_by_text(expected).first.wait_for(timeout=LIVE)
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


# -- what happened: battle and winter summaries, and the layout ------------------------------
SHOTS = Path(os.environ.get("WALLENSTEIN_SHOTS", "/tmp/wallenstein-shots"))


def _phone(browser, locale: str, width: int = 390, height: int = 844):
    context = browser.new_context(
        locale=locale,
        viewport={"width": width, "height": height},
        is_mobile=True,
        has_touch=True,
    )
    context.set_default_timeout(EVENTUALLY)
    return context.new_page()


def _form(page, *parts: str):
    """The entry form whose action JSON holds every one of ``parts`` (language-independent)."""
    forms = page.locator("form.choice")
    for part in parts:
        forms = forms.filter(has=page.locator(f"input[name=action][value*='{part}']"))
    return forms.first


def _send(page, form) -> None:
    with page.expect_response(lambda r: "/act/" in r.url, timeout=LIVE):
        form.locator("button[type=submit]").first.click()  # a move's form: its first target
    page.wait_for_function("() => !document.querySelector('.htmx-request')", timeout=LIVE)


def _shot(page, name: str) -> None:
    """The whole page, and the summary alone (to look at it at full size)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
    page.locator(".last-event").last.screenshot(path=str(SHOTS / f"{name}-summary.png"))


def _three_languages(server, browser, screen):
    """Jana (Czech, seat 0), Ivan (Russian, seat 1), Emma (English, seat 2); fixed lands."""
    start_wallenstein(screen, server.url)
    join_url = screen.locator(".join-qr figcaption a").get_attribute("href")
    jana, ivan, emma = _phone(browser, "cs-CZ"), _phone(browser, "ru-RU"), _phone(browser, "en-US")
    for phone, name in ((jana, "Jana"), (ivan, "Ivan"), (emma, "Emma")):
        phone.goto(join_url)  # the join page in the phone's own language
        phone.fill("input[name=name]", name)
        phone.locator("form button[type=submit]").last.click()
        phone.wait_for_url(re.compile(r"/me/$"))
    screen.reload()
    screen.get_by_role("button", name="Start the game").click()
    return jana, ivan, emma


def test_a_battle_is_told_on_the_table_and_both_phones(server, browser, screen):
    jana, ivan, emma = _three_languages(server, browser, screen)
    tap(emma, "Let the app simulate the tower")
    tap(emma, "Let the app draw the event cards")
    tap(emma, "Enter the action card turned up", card="Move / attack A")
    tap(emma, "Let the app turn up the action cards")
    tap(emma, "Enter the order of the generals", pos_1="Jana", pos_2="Ivan", pos_3="Emma")
    tap(emma, "Let the app draw the current event")

    # Jana's step: the picker, the source then a target that commits, the count on a stepper
    # before it; each step above the fold.
    source = jana.locator(".w-src[data-land='mark']")
    source.locator("> summary").wait_for(timeout=LIVE)
    first = jana.locator(".w-src > summary").first.bounding_box()
    assert first["y"] + first["height"] <= 844
    source.locator("> summary").click()
    button = source.locator("button.w-tgt.attack[data-land='hessenkassel']")
    button.wait_for()
    assert "Hessen-Kassel" in button.inner_text()
    attack = source.locator("form.w-move")
    # Each target says how many armies it sends and follows the stepper.
    count = attack.locator("input[name='f.count']")
    sent = count.input_value()
    echo = button.locator("[data-echo='f.count']")
    expect(echo).to_have_text(sent)
    for _ in range(int(sent) - 1):
        attack.locator("button[data-step='-1']").click()
    expect(echo).to_have_text("1")
    attack.locator("button[data-step='-1']").click()  # 1 is the least: it stays
    expect(count).to_have_value("1")
    count.fill(sent)
    expect(echo).to_have_text(sent)
    box = button.bounding_box()
    assert box["y"] + box["height"] <= 844
    jana.set_viewport_size({"width": 360, "height": 844})
    assert jana.evaluate("document.scrollingElement.scrollWidth") <= 360
    jana.set_viewport_size({"width": 390, "height": 844})
    with jana.expect_response(lambda r: "/act/" in r.url, timeout=LIVE):
        button.click()
    jana.wait_for_function("() => !document.querySelector('.htmx-request')", timeout=LIVE)

    _send(ivan, _form(ivan, '"type":"defend","count"'))
    tap(emma, "Enter what came out of the tower", out_0="4", out_1="0", out_2="0", out_peasants="0")

    screen.locator(".last-event").get_by_text("Battle for Hessen-Kassel").wait_for(timeout=LIVE)
    assert (
        "Jana wins and takes Hessen-Kassel: 4 armies stay there."
        in screen.locator(".last-event").inner_text()
    )
    jana.locator(".last-event").get_by_text("Bitva o Hessen-Kassel").wait_for(timeout=LIVE)
    assert "Jana vítězí" in jana.locator(".last-event").inner_text()
    ivan.locator(".last-event").get_by_text("Битва за Hessen-Kassel").wait_for(timeout=LIVE)
    assert "Jana побеждает" in ivan.locator(".last-event").inner_text()
    assert emma.locator(".last-event").count() == 0  # not involved
    _shot(screen, "battle-1280")
    _shot(jana, "battle-390-cs")
    # The map starts within the first screen of the 1280 x 800 table.
    assert screen.locator(".g-wallenstein .regions").bounding_box()["y"] < 800


def _fieldless(page):
    """The first shown entry that needs no input (an app draw, a land card revealed, a blank);
    on a move / attack card without one, the picker's first source's form (its first target
    commits, with the count filled in already)."""
    forms = page.locator("form.choice:visible")
    plain = forms.filter(has_not=page.locator("select, input[type=number]"))
    if plain.count() or not page.locator(".w-picker").count():
        return plain.first if plain.count() else forms.first
    source = page.locator(".w-src").filter(has=page.locator("form.w-move")).first
    if source.get_attribute("open") is None:
        source.locator("> summary").click()
    return source.locator("form.w-move")


def test_the_winter_is_told_region_by_region(server, browser, screen):
    jana, ivan, emma = _three_languages(server, browser, screen)
    host = screen.context.new_page()
    code = screen.url.rstrip("/").rsplit("/", 1)[1]
    host.goto(f"{server.url}/t/{code}/host/")
    # The host device enters for whoever must act until the first winter is scored.
    for _step in range(400):
        if host.locator(".last-event .winter").count():
            break
        form = _fieldless(host)
        form.wait_for(timeout=LIVE)
        _send(host, form)
    else:
        raise AssertionError("no winter within 400 entries")

    table = screen.locator("#winter-summary")
    table.get_by_text("Winter 1: scoring").wait_for(timeout=LIVE)
    text = table.inner_text()
    for words in ("Winter of year 1: grain", "Needed (1 per land)", "Palaces: majority points"):
        assert words in text
    assert "Running total" in text
    assert "Winter 1 is scored" in screen.locator(".w-top .last-event").inner_text()
    # A hundred live updates later, the phones show it too, without a reload.
    jana.locator(".last-event").get_by_text("Zima 1: body").wait_for(timeout=LIVE)
    assert "Průběžný součet" in jana.locator(".last-event").inner_text()
    ivan.locator(".last-event").get_by_text("Зима 1: очки").wait_for(timeout=LIVE)
    assert "Общий счёт" in ivan.locator(".last-event").inner_text()
    _shot(screen, "winter-1280")
    # the announcement keeps the map on the first screen; the details are below it
    assert screen.locator(".g-wallenstein .regions").bounding_box()["y"] < 800
    _shot(ivan, "winter-390-ru")
    assert ivan.evaluate("document.scrollingElement.scrollWidth") <= 390
