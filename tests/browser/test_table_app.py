"""The phone behaves like an app at the table (issue 21): the screen stays awake while a game
runs, a phone vibrates and shows a banner when it becomes its turn (not at every update),
and each can be turned off on the device, which remembers it.

Two phones and a table screen play the platform's dice race (target 10).
"""

from __future__ import annotations

import re

import pytest

from tests.browser.phone_actions import join, tap

pytestmark = pytest.mark.browser

# Before the page's scripts: every vibration the page asks for is recorded.
VIBRATIONS = """
window.__vibrations = [];
Object.defineProperty(Navigator.prototype, "vibrate", {
  configurable: true,
  value: function (pattern) { window.__vibrations.push(pattern); return true; },
});
"""
# A browser without the Screen Wake Lock API (a phone on the plain-HTTP LAN): NoSleep.js's video.
NO_WAKE_LOCK = "delete Navigator.prototype.wakeLock;"


def start(screen, base_url: str) -> tuple[str, str]:
    screen.goto(base_url + "/")
    form = screen.locator("form[data-game='dice_race']")
    form.get_by_role("button", name="Start a table").click()
    screen.wait_for_url(re.compile(r"/t/[A-Z0-9]+/$"))
    code = screen.url.rstrip("/").rsplit("/", 1)[1]
    return code, f"{base_url}/t/{code}/join/"


def vibrations(phone) -> int:
    return phone.evaluate("() => window.__vibrations.length")


def banner(phone):
    return phone.locator("#turn-banner")


def settle(phone) -> None:
    """The page shows the newest version the server has (the stream pushed it)."""
    phone.wait_for_function(
        "async () => { const r = await fetch(document.querySelector('[data-stream]').dataset.versionUrl);"
        " const v = (await r.json()).version;"
        " return Number(document.getElementById('live').dataset.version) === v; }"
    )


def test_a_phone_is_told_when_it_becomes_its_turn_and_only_then(server, phones):
    screen = phones()
    _code, join_url = start(screen, server.url)
    anna, ben = phones(), phones()
    for phone in (anna, ben):
        phone.add_init_script(VIBRATIONS)
    join(anna, join_url, "Anna")
    join(ben, join_url, "Ben")
    screen.reload()
    screen.get_by_role("button", name="Start the game").click()

    # The start makes it Anna's turn: her phone vibrates once and shows the banner.
    banner(anna).wait_for(state="visible")
    assert banner(anna).get_attribute("data-title") == "Your turn"
    assert banner(anna).get_attribute("data-phase") == "Anna rolls"  # what to do now
    assert vibrations(anna) == 1
    settle(ben)
    assert vibrations(ben) == 0 and banner(ben).is_hidden()

    # Anna rolls: now it is Ben's turn. His phone is told; hers is not.
    tap(anna, "Enter the roll", value="2")
    banner(ben).wait_for(state="visible")
    assert vibrations(ben) == 1
    assert banner(anna).is_hidden()  # no longer her turn: her banner went
    assert vibrations(anna) == 1

    # An update that leaves it Ben's turn (Anna keeps a note) tells him nothing new.
    banner(ben).click()  # a tap on the banner puts it away
    assert banner(ben).is_hidden()
    tap(anna, "Keep a note", text=anna.locator("[name='f.text'] option").nth(1).inner_text())
    settle(ben)
    assert vibrations(ben) == 1 and banner(ben).is_hidden()

    # Ben turns both off on his phone; the phone remembers it after a reload.
    ben.locator(".device-settings summary").click()
    ben.get_by_label("Vibrate when my turn comes").uncheck()
    ben.get_by_label("Show a banner when my turn comes").uncheck()
    ben.reload()
    ben.locator(".device-settings summary").click()
    assert not ben.get_by_label("Vibrate when my turn comes").is_checked()
    assert not ben.get_by_label("Show a banner when my turn comes").is_checked()
    assert ben.get_by_label("Keep the screen on while a game runs").is_checked()
    tap(ben, "Enter the roll", value="3")
    banner(anna).wait_for(state="visible")  # Anna's are on: she is told
    assert vibrations(anna) == 2
    tap(anna, "Enter the roll", value="1")
    settle(ben)
    assert ben.locator("#live").get_attribute("data-turn") == "mine"
    assert vibrations(ben) == 0 and banner(ben).is_hidden()

    # Anna takes her roll back: her turn again, by her own tap: nothing to tell her.
    banner(anna).evaluate("banner => { banner.hidden = true; }")
    with anna.expect_response(lambda r: "/undo/" in r.url):
        anna.get_by_role("button", name="Undo: Roll 1").click()
    anna.locator("#live[data-turn='mine']").wait_for(state="attached")
    assert vibrations(anna) == 2 and banner(anna).is_hidden()


def awake(page) -> str | None:
    return page.evaluate("() => document.documentElement.dataset.awake || null")


@pytest.mark.parametrize("wake_lock", [True, False], ids=["wake lock", "video fallback"])
def test_the_screens_stay_awake_while_the_game_runs(server, phones, browser, wake_lock):
    table = browser.new_context(viewport={"width": 1280, "height": 800})
    table.set_default_timeout(10_000)
    try:
        screen = table.new_page()
        if not wake_lock:
            screen.add_init_script(NO_WAKE_LOCK)
        _code, join_url = start(screen, server.url)
        assert awake(screen) in {None, "off"}  # the lobby: no game runs yet
        anna, ben = phones(), phones()
        if not wake_lock:
            anna.add_init_script(NO_WAKE_LOCK)
        join(anna, join_url, "Anna")
        join(ben, join_url, "Ben")
        screen.reload()
        screen.get_by_role("button", name="Start the game").click()
        screen.locator("#live[data-running='1']").wait_for(state="attached")
        anna.locator("#live[data-running='1']").wait_for(state="attached")
        if not wake_lock:
            # The video may play only after a tap on the page.
            anna.locator(".me").click()
        screen.wait_for_function("() => document.documentElement.dataset.awake === 'on'")
        anna.wait_for_function("() => document.documentElement.dataset.awake === 'on'")

        # Turned off on the table screen: it lets the screen sleep; turned on again, not.
        screen.locator(".device-settings summary").click()
        screen.get_by_label("Keep the screen on while a game runs").uncheck()
        screen.wait_for_function("() => document.documentElement.dataset.awake === 'off'")
        screen.get_by_label("Keep the screen on while a game runs").check()
        screen.wait_for_function("() => document.documentElement.dataset.awake === 'on'")

        # The game ends: the screens may sleep again.
        tap(anna, "Enter the roll", value="6")
        tap(ben, "Enter the roll", value="1")
        tap(anna, "Enter the roll", value="6")
        anna.get_by_text("Game over").first.wait_for()
        anna.wait_for_function("() => document.documentElement.dataset.awake === 'off'")
        screen.wait_for_function("() => document.documentElement.dataset.awake === 'off'")
    finally:
        table.close()
