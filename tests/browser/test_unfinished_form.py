"""What a player is entering outlives the other phones' entries.

At Störtebeker's set-up every seat enters at once ("Now: everyone"): while Anna picks the six
cards dealt to her at the table, Ben's entry brings her phone a new region. Swapped in as it
was sent, it closed the disclosure her form was opened under and emptied the boxes she had
filled; her next tap then met an empty form. static/companion/live.js puts back what she
changed and opened, where the new region has the same form, field and option.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.phone_actions import LIVE, join, tap
from tests.browser.test_babylon_fold import version
from tests.browser.test_stortebeker_fold import start_table

pytestmark = pytest.mark.browser

DEALT = "details.hand-dealt"
PICKED = ("rum", "meat", "water")


def picked(phone: Any, n: int) -> str:
    box = phone.locator(f"{DEALT} form.choice [name='f.card_{n}']")
    return str(box.evaluate("(select) => select.selectedOptions[0].textContent.trim()"))


def set_up_two_phones(server: Any, phones: Any) -> tuple[Any, Any]:
    """A two-seat table at set-up: Anna's phone and Ben's, the table screen started it."""
    screen = phones()
    join_url = start_table(screen, server.url, 2)
    anna, ben = phones(), phones()
    join(anna, join_url, "Anna")
    join(ben, join_url, "Ben")
    screen.reload()
    screen.get_by_role("button", name="Start the game").click()
    return anna, ben


def test_a_form_being_filled_in_keeps_its_values_through_another_phones_entry(
    server: Any, phones: Any
) -> None:
    anna, ben = set_up_two_phones(server, phones)
    anna.locator(f"{DEALT} > summary").click()
    for n, card in enumerate(PICKED, start=1):
        anna.locator(f"{DEALT} form.choice [name='f.card_{n}']").select_option(label=card)
    # She looks up from her phone: no box has the focus, so the next region is swapped in.
    anna.evaluate("() => document.activeElement && document.activeElement.blur()")
    before = version(anna)

    tap(ben, "Let the app deal your 6 cards")
    anna.wait_for_function(
        "(v) => +document.querySelector('#live').dataset.version > v", arg=before, timeout=LIVE
    )
    assert anna.locator(DEALT).evaluate("(details) => details.open")
    assert [picked(anna, n) for n in (1, 2, 3)] == list(PICKED)

    # Her entry goes with the new version and the cards she picked before Ben's entry.
    tap(anna, "Enter your 6 cards", card_4="beans", card_5="biscuits", card_6="bananas")
    hand = anna.locator(".g-stortebeker section.card").filter(has_text="Your hand")
    hand.locator(".cardchip.k-rum").wait_for(timeout=LIVE)
    chips = hand.locator(".cardchip").all_text_contents()
    assert sorted(chips) == sorted([*PICKED, "beans", "biscuits", "bananas"])
    assert anna.locator(".flash.error").count() == 0


def test_a_refused_entry_keeps_what_was_entered(server: Any, phones: Any) -> None:
    """The deck holds three pirates of value 4 ("3 × hodnota 4"), so a hand of four is
    refused; the six boxes keep their cards, for the player to change one, not six."""
    anna, _ben = set_up_two_phones(server, phones)
    cards = ("pirate 4", "pirate 4", "pirate 4", "pirate 4", "rum", "rum")
    tap(anna, "Enter your 6 cards", **{f"card_{n}": c for n, c in enumerate(cards, start=1)})
    anna.locator(".flash.error").wait_for(timeout=LIVE)
    assert anna.locator(DEALT).evaluate("(details) => details.open")
    assert [picked(anna, n) for n in range(1, 7)] == list(cards)
