"""One person, one player (issue 22): "after five games there were five "Petr"".

A phone that does not remember Ben (a new phone, cookies cleared) types "ben" at a table
where Anna, who played with him, sits: the join asks "Is this you?" and one tap makes the
seat his, not a second Ben's.
"""

from __future__ import annotations

import re

import pytest

from tests.browser.phone_actions import join, see, tap
from tests.browser.test_table import start_table

pytestmark = pytest.mark.browser


def test_a_new_phone_typing_a_known_name_is_asked_and_becomes_that_player(server, phones):
    screen = phones()
    code = start_table(screen, server.url)
    anna, ben = phones(), phones()
    join(anna, f"{server.url}/t/{code}/join/", "Anna")
    join(ben, f"{server.url}/t/{code}/join/", "Ben")
    screen.reload()
    screen.get_by_role("button", name="Start the game").click()
    for phone, value in [(anna, "6"), (ben, "1"), (anna, "6")]:
        tap(phone, "Enter the roll", value=value)
    see(anna, "Game over")

    second = start_table(screen, server.url)
    join(anna, f"{server.url}/t/{second}/join/", "")  # her phone picks her: the name is hers
    new_phone = phones()
    new_phone.goto(f"{server.url}/t/{second}/join/")
    new_phone.fill("input[name=name]", " ben ")
    new_phone.get_by_role("button", name="Take this seat").click()
    see(new_phone, "Is this you?")
    new_phone.get_by_role("button", name="Yes, I am Ben").click()
    new_phone.wait_for_url(re.compile(rf"/t/{second}/me/$"))
    assert new_phone.locator(".my-name").inner_text() == "Ben"

    # One Ben on the players page, with the first game counted.
    new_phone.get_by_role("link", name="Players").click()
    assert new_phone.get_by_role("link", name="Ben", exact=True).count() == 1
