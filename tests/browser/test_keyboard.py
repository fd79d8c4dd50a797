"""Keyboard and screen-reader users at the table (issue 26): after an entry the focus is on the
new step's first entry button, not on <body>; what the other players entered is announced through
one polite live region outside the swapped region; the colour scheme follows the device and
a toggle remembered on the device."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.autoplay import new_table, start, take_seat

pytestmark = pytest.mark.browser

KEYBOARD = {"viewport": {"width": 390, "height": 844}}  # a phone with a keyboard (no touch)

_FOCUS = """() => {
  const el = document.activeElement;
  const live = document.getElementById('live');
  const first = live && live.querySelector('.choices button:not([disabled])');
  return {body: el === document.body || el === null, inLive: Boolean(live && live.contains(el)), first: el === first,
          tag: el ? el.tagName : null, name: el ? (el.name || el.textContent.trim()) : null};
}"""


def announced(page: Any, text: str) -> None:
    page.wait_for_function(
        "(text) => document.getElementById('announcer').textContent.includes(text)", arg=text
    )


def settled(page: Any, selector: str) -> None:
    """Wait until the control takes keys: the ghost-tap guard (ghost.js) refuses an Enter on a
    control that appeared less than 500 ms ago, and a pushed region has just replaced it."""
    page.wait_for_function(
        "(sel) => { const el = document.querySelector(sel); return el && !el.closest('[data-fresh]'); }",
        arg=selector,
    )


@pytest.fixture
def pair(server: Any, browser: Any) -> Any:
    contexts = [browser.new_context(**KEYBOARD) for _ in range(3)]
    host, anna, ben = (context.new_page() for context in contexts)
    for page in (host, anna, ben):
        page.set_default_timeout(10_000)
    code = new_table(host, server.url, "dice_race", 2, target="100")
    take_seat(anna, server.url, code, 0, "Anna", "red")
    take_seat(ben, server.url, code, 1, "Ben", "green")
    start(host, server.url, code)
    for page in (anna, ben):
        page.goto(f"{server.url}/t/{code}/me/")
    yield anna, ben
    for context in contexts:
        context.close()


def test_after_an_entry_the_focus_is_on_the_next_first_control(pair: Any) -> None:
    anna, ben = pair
    field = anna.locator("input[name='f.value']")
    settled(anna, "input[name='f.value']")
    field.focus()
    field.fill("5")
    with anna.expect_response(lambda r: "/act/" in r.url):
        field.press("Enter")
    anna.locator(".log li[data-seq]").filter(has_text="Roll 5").wait_for()
    anna.wait_for_function("() => document.activeElement !== document.body")
    focus = anna.evaluate(_FOCUS)
    assert focus["inLive"] and focus["first"], focus
    assert focus["name"] == "Keep a note", focus  # Ben rolls next; Anna may keep a note

    # Ben hears Anna's roll from the region outside #live.
    announced(ben, "Anna: Roll 5")
    assert ben.locator("#live [aria-live]").count() == 0  # the swapped region is not re-read

    # Ben works with the keyboard in his region; Anna's next entry replaces it under his
    # focus, and the focus lands on his new first control.
    settled(ben, "#live input[name='f.value']")
    ben.locator("input[name='f.value']").focus()
    ben.locator("input[name='f.value']").fill("3")
    with ben.expect_response(lambda r: "/act/" in r.url):
        ben.locator("input[name='f.value']").press("Enter")
    ben.wait_for_function("() => document.activeElement !== document.body")
    anna.locator(".your-turn").wait_for()
    settled(anna, "#live .choices button")
    anna.get_by_role("button", name="Let the app roll").focus()
    anna.keyboard.press("Enter")
    ben.locator(".your-turn").wait_for()
    focus = ben.evaluate(_FOCUS)
    assert not focus["body"] and focus["inLive"] and focus["first"], focus
    announced(ben, "Anna: Roll")


def test_a_dropped_tap_is_said(pair: Any) -> None:
    """The ghost-tap guard (live.js) tells through this function why nothing happened."""
    anna, _ben = pair
    anna.evaluate("() => window.companionAnnounceDropped()")
    announced(anna, "Not entered: the screen had just changed. Tap again.")


def test_the_scheme_follows_the_device_and_the_toggle_is_remembered(server: Any, browser: Any):
    context = browser.new_context(color_scheme="dark", **KEYBOARD)
    page = context.new_page()
    page.goto(server.url + "/")
    assert page.evaluate("document.documentElement.dataset.scheme") == "dark"
    toggle = page.locator(".scheme-toggle")
    assert toggle.get_attribute("aria-pressed") == "true"
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    toggle.click()
    assert page.evaluate("document.documentElement.dataset.scheme") == "light"
    assert toggle.get_attribute("aria-pressed") == "false"
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") != background
    page.goto(server.url + "/history/")  # remembered on this device
    assert page.evaluate("document.documentElement.dataset.scheme") == "light"
    page.locator(".scheme-toggle").click()  # back to the device's own: follows it again
    page.emulate_media(color_scheme="light")
    page.wait_for_function("() => document.documentElement.dataset.scheme === 'light'")
    context.close()


def test_reduced_motion_is_respected(server: Any, browser: Any) -> None:
    durations = {}
    for motion in ("reduce", "no-preference"):
        context = browser.new_context(reduced_motion=motion, **KEYBOARD)
        page = context.new_page()
        page.goto(server.url + "/")
        durations[motion] = page.evaluate(
            "getComputedStyle(document.querySelector('main')).transitionDuration"
        )
        context.close()
    assert durations == {"reduce": "1e-05s", "no-preference": "0s"}
