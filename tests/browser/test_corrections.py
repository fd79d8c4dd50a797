"""Corrections from a log line with a preview, and the lock on a finished game, in a browser."""

from __future__ import annotations

import re

import pytest

from tests.browser.phone_actions import join, see, tap
from tests.browser.test_table import start_table

pytestmark = pytest.mark.browser

NO_SIDEWAYS_SCROLL = "() => document.documentElement.scrollWidth <= window.innerWidth"


def seated_table(server, phones):
    """The table screen (the host) and two phones, Anna and Ben, with the game started."""
    screen = phones()
    code = start_table(screen, server.url)
    join_url = screen.locator(".join-qr figcaption a").get_attribute("href")
    anna, ben = phones(), phones()
    join(anna, join_url, "Anna")
    join(ben, join_url, "Ben")
    screen.reload()
    screen.get_by_role("button", name="Start the game").click()
    anna.get_by_text("Your turn").wait_for()
    return code, screen, anna, ben


def test_a_roll_is_corrected_from_its_log_line_after_a_preview(server, phones):
    code, _screen, anna, ben = seated_table(server, phones)
    tap(anna, "Enter the roll", value="3")
    tap(ben, "Enter the roll", value="4")
    see(anna, "Anna: Roll 3")  # the log names the player
    anna.locator(".log li", has_text="Anna: Roll 3").get_by_role("link", name="correct").click()
    anna.wait_for_url(re.compile(r"/correct/\d+/"))
    assert anna.locator(".limits").inner_text() == "From 1 to 6."
    anna.fill("input[name='f.value']", "5")
    anna.get_by_role("button", name="Show what changes").click()
    preview = anna.locator(".preview")
    preview.get_by_text("Anna: points 3 → 5.").wait_for()
    # Nothing is written before the confirmation.
    assert "Correction of entry" not in ben.content()
    preview.get_by_role("button", name="Apply the correction").click()
    anna.wait_for_url(re.compile(rf"/t/{code}/me/$"))
    see(anna, "Correction of entry")
    assert anna.locator(".dice-race-phone .points").first.inner_text() == "5"


def test_a_finished_game_is_locked_and_the_host_reopens_it_knowingly(server, phones):
    code, screen, anna, ben = seated_table(server, phones)
    tap(anna, "Enter the roll", value="6")
    tap(ben, "Enter the roll", value="1")
    tap(anna, "Enter the roll", value="6")
    see(anna, "Game over")
    # Anna made the last entry; after the end she has no Undo and no "correct".
    assert anna.get_by_role("button", name=re.compile("^Undo")).count() == 0
    assert anna.locator(".log .correct-link").count() == 0
    # The phone's scores and History fit a 360 px phone.
    anna.set_viewport_size({"width": 360, "height": 800})
    assert anna.evaluate(NO_SIDEWAYS_SCROLL)
    assert anna.locator(".scores").evaluate("card => card.scrollWidth <= card.clientWidth")
    anna.goto(f"{server.url}/history/")
    assert anna.evaluate(NO_SIDEWAYS_SCROLL)
    assert "Running" not in anna.locator(f"tr[data-code='{code}']").inner_text()
    anna.goto(f"{server.url}/history/{code}/")
    assert anna.evaluate(NO_SIDEWAYS_SCROLL)
    # The host undoes from host mode: first what it changes, then the confirmation.
    screen.goto(f"{server.url}/t/{code}/host/")
    screen.get_by_role("button", name="Undo: Anna: Roll 6").click()
    screen.wait_for_url(re.compile(r"/undo/confirm/$"))
    screen.get_by_text("The game reopens: Anna is no longer the winner.").wait_for()
    screen.get_by_role("button", name="Undo it and reopen the game").click()
    screen.wait_for_url(re.compile(rf"/t/{code}/host/$"))
    anna.goto(f"{server.url}/t/{code}/me/")
    see(anna, "Your turn")
