"""Issue 22: "Phones are never told about a rematch: the button and the link are on the
table screen only." The table screen taps Rematch; each phone is offered its own seat at
the new table, pushed live, and takes it with one tap."""

from __future__ import annotations

import re

import pytest

from tests.browser.phone_actions import join, see, tap
from tests.browser.test_table import start_table

pytestmark = pytest.mark.browser

PHONE_SIZE = {"width": 390, "height": 844}
SCREEN_SIZE = {"width": 1280, "height": 800}


def test_the_table_screen_starts_the_rematch_and_each_phone_takes_its_seat_in_one_tap(
    server, phones
):
    screen = phones()
    screen.set_viewport_size(SCREEN_SIZE)
    code = start_table(screen, server.url)
    join_url = f"{server.url}/t/{code}/join/"
    anna, ben = phones(), phones()
    for phone, name in [(anna, "Anna"), (ben, "Ben")]:
        phone.set_viewport_size(PHONE_SIZE)
        join(phone, join_url, name)
    screen.reload()
    screen.get_by_role("button", name="Start the game").click()
    for phone, value in [(anna, "6"), (ben, "1"), (anna, "6")]:
        tap(phone, "Enter the roll", value=value)
    for phone in (anna, ben):
        see(phone, "Game over")
        # A page that reloads loses this mark: the offer must come without a reload.
        phone.evaluate("window.sameDocument = true")

    # The end of the game reaches the table screen live; its host taps Rematch there.
    screen.get_by_role("button", name="Rematch: same players, seats and options").click()
    screen.wait_for_url(re.compile(r"/t/[A-Z0-9]+/$"))
    new_code = screen.url.rstrip("/").rsplit("/", 1)[1]
    assert new_code != code

    for phone, name, seat in [(anna, "Anna", "0"), (ben, "Ben", "1")]:
        # ghost.js keeps a control that has just appeared from taking taps for a moment:
        # wait for the offer to be ready rather than for any time.
        offer = phone.locator("#rematch-offer button:not([data-fresh])")
        offer.wait_for()
        assert phone.evaluate("window.sameDocument === true"), "the phone's page was reloaded"
        assert offer.inner_text() == "Rematch: join your seat"
        box = offer.bounding_box()  # above the fold: seen without scrolling
        assert box is not None and box["y"] + box["height"] <= PHONE_SIZE["height"]
        offer.click()
        phone.wait_for_url(re.compile(rf"/t/{new_code}/me/$"))
        assert phone.locator(".my-name").inner_text() == name
        assert phone.locator("#live").get_attribute("data-view") == f"view=seat&seat={seat}"
