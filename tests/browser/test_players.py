"""A player from the end of a game, through the rematch, to their statistics page."""

from __future__ import annotations

import re

import pytest

from tests.browser.phone_actions import join, see, tap
from tests.browser.test_table import start_table

pytestmark = pytest.mark.browser


def test_rematch_keeps_anna_on_her_seat_and_her_statistics_count_the_game(server, phones):
    screen = phones()
    code = start_table(screen, server.url)
    join_url = f"{server.url}/t/{code}/join/"
    anna, ben = phones(), phones()
    join(anna, join_url, "Anna")
    join(ben, join_url, "Ben")
    screen.reload()
    screen.get_by_role("button", name="Start the game").click()
    for phone, value in [(anna, "6"), (ben, "1"), (anna, "6")]:
        tap(phone, "Enter the roll", value=value)

    # The table screen shows the score race and offers the rematch at the end (reloaded:
    # this test is about the rematch, not about how fast live updates arrive).
    see(anna, "Game over")
    screen.reload()
    screen.locator("#rematch svg polyline").first.wait_for()
    screen.get_by_role("button", name="Rematch: same players, seats and options").click()
    screen.wait_for_url(re.compile(r"/t/[A-Z0-9]+/$"))
    new_code = screen.url.rstrip("/").rsplit("/", 1)[1]
    assert new_code != code

    # Anna's phone remembers her: her seat and her name are already picked, one tap.
    anna.goto(f"{server.url}/t/{new_code}/join/")
    assert anna.locator("input[name=seat]:checked").get_attribute("value") == "0"
    assert (
        anna.locator("input[name=player]:checked").locator("xpath=..").inner_text().strip()
        == "Anna"
    )
    anna.get_by_role("button", name="Take this seat").click()
    anna.wait_for_url(re.compile(rf"/t/{new_code}/me/$"))
    assert anna.locator(".my-name").inner_text() == "Anna"

    # From the nav to her statistics page: one play, one win, her score over time.
    anna.get_by_role("link", name="Players").click()
    anna.get_by_role("link", name="Anna").click()
    see(anna, "Dice race")
    section = anna.locator(".player-game[data-game='dice_race']")
    assert section.locator(".plays").inner_text() == "1"
    assert section.locator(".wins").inner_text().startswith("1 / 1")
    assert section.locator("svg.chart").count() >= 1
    # Readable on a phone: the page does not scroll sideways.
    assert anna.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
