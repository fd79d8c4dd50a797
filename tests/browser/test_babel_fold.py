"""Babel on a 390×844 phone: the first control and the committing one above the fold.

Issue 21: "Every step's first control and its committing control within the first 844 px at
390×844, for every game, every player count and all three languages". Babel is for two. The
steps of a turn are measured in English, Czech and Russian (the page's language buttons) and
then entered with a real tap: the first turn from the quarry, the busiest step (builds, an
ability, the temple cards that end the turn, settling, travelling, the migrations' control
and, after its tap, the migration's form in place of the list), the halving
discard on the other phone and the temple cards after "End actions". Nothing is wider than the
phone. With ``BABEL_FOLD_SHOTS`` set to a folder the screens are saved there.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest

from tests.browser.fold import clipped, lowest_shown, switch_language, widest
from tests.browser.phone_actions import LIVE, join
from tests.browser.test_babylon_fold import (
    ENTRY,
    FOLD,
    LANGUAGES,
    action_form,
    actor,
    bottom,
    press,
)

pytestmark = pytest.mark.browser

WIDTH = 390
PAIR = action_form("draw_temples", '"second"') + " button[type=submit]"
BY_APP = action_form("draw_temples", "by_app") + " button"
MIGRATIONS = "details.migrate > summary"
MIGRATE = action_form("migrate") + " button[type=submit]"


def start_table(page: Any, base_url: str) -> str:
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(base_url + "/")
    form = page.locator("form[data-game='babel']")
    form.locator("select[name=players]").select_option("2")
    form.get_by_role("button", name="Start a table").click()
    page.wait_for_url(re.compile(r"/t/[A-Z0-9]+/$"))
    return page.locator(".join-qr figcaption a").get_attribute("href")


def lowest(phone: Any, selector: str) -> float:
    """The bottom of the lowest element ``selector`` finds (the last of a kind in the list)."""
    phone.locator(selector).first.wait_for(timeout=LIVE)
    return float(
        phone.evaluate(
            "(s) => Math.max(...[...document.querySelectorAll(s)].map("
            "(e) => e.getBoundingClientRect().bottom + window.scrollY))",
            selector,
        )
    )


def check_fold(
    phone: Any, step: str, committing: str = ENTRY, *lowest_of: str, opening: str = ""
) -> None:
    """In each language the first entry button and the committing one end above 844 px, and
    so does the lowest of each of ``lowest_of`` (every travel, settle, migration, level); nothing
    is wider than the phone. With ``opening`` that control is tapped first (the migrations'),
    whose entries then take the list's place: the committing button is then the first."""
    phone.set_viewport_size({"width": WIDTH, "height": FOLD})
    for code in LANGUAGES:
        switch_language(phone, code)
        phone.locator("#live").wait_for(timeout=LIVE)
        phone.evaluate("() => window.scrollTo(0, 0)")
        if opening:
            phone.locator(opening).tap()
            phone.locator(committing).first.wait_for(state="visible", timeout=LIVE)
        first = bottom(phone, committing if opening else ENTRY)
        commit = bottom(phone, committing)
        folder = os.environ.get("BABEL_FOLD_SHOTS")
        if folder:
            Path(folder).mkdir(parents=True, exist_ok=True)
            phone.screenshot(path=f"{folder}/{step}-{code.lower()}.png", full_page=True)
        assert first <= FOLD and commit <= FOLD, (step, code, first, commit)
        for selector in lowest_of:
            assert lowest(phone, selector) <= FOLD, (step, code, selector, lowest(phone, selector))
        # Every control the list shows, a greyed entry's too (issue 21: two greyed "Build ..."
        # entries lay below the fold of the busiest step).
        shown, name = lowest_shown(phone)
        assert shown <= FOLD, (step, code, "the lowest control of the list", name, shown)
        assert widest(phone) <= WIDTH + 0.5, (step, code, widest(phone))
        assert clipped(phone) == [], (step, code, clipped(phone))
    switch_language(phone, "EN")


def settle(phone: Any, nation: str) -> int:
    return press(phone, action_form("settle", f'"{nation}"'))


def test_first_and_committing_controls_above_the_fold(server: Any, phones: Any) -> None:
    screen = phones()
    join_url = start_table(screen, server.url)
    anna, ben = phones(), phones()
    for phone, name in ((anna, "Alexandra"), (ben, "Bartoloměj")):  # a group's real names' length
        join(phone, join_url, name)
        phone.on("dialog", lambda dialog: dialog.accept())
    screen.reload()
    screen.get_by_role("button", name="Start the game").click()

    # -- Anna's first turn: the draw is the app's, the travels come first ---------------------
    anna.locator(action_form("travel")).first.wait_for(timeout=LIVE)
    assert anna.locator(action_form("draw")).count() == 0
    check_fold(anna, "first-turn")
    press(anna, action_form("travel", '"medes"'))
    for _ in range(3):
        now = settle(anna, "medes")
    now = press(anna, action_form("build", '"start"'))
    anna.locator(PAIR).first.wait_for(timeout=LIVE)
    check_fold(anna, "end-of-first-turn", PAIR)
    now = press(anna, action_form("draw_temples", '"first":2,', '"second":1'))

    # -- Ben's first turn -----------------------------------------------------------------------
    assert actor([anna, ben], now) is ben
    press(ben, action_form("travel", '"assyrians"'))
    settle(ben, "assyrians")
    press(ben, action_form("build", '"start"'))
    now = press(ben, action_form("draw_temples", '"first":3,', '"second":1'))

    # -- Anna's second turn: the busiest step, then the halving discard on Ben's phone ----------
    assert actor([anna, ben], now) is anna
    anna.locator(action_form("ability", '"halve"')).wait_for(timeout=LIVE)
    # Issue 21: every settling, travel and pair of temple levels on the first screen, and the
    # migrations' control beside "Let the app draw"; tapped, it shows the migration's form with
    # its committing button on the first screen too.
    check_fold(
        anna,
        "busiest",
        PAIR,
        action_form("settle") + " button",
        action_form("travel") + " button",
        PAIR,
        BY_APP,
        MIGRATIONS,
    )
    check_fold(anna, "busiest-migrate", MIGRATE, MIGRATE, opening=MIGRATIONS)
    now = press(anna, action_form("ability", '"halve"'))
    assert actor([anna, ben], now) is ben
    check_fold(ben, "discard")
    while ben.locator(action_form("give_up")).count():
        now = press(ben, action_form("give_up"))
        if actor([anna, ben], now) is anna:
            break

    # -- "End actions", then the temple cards one by one ------------------------------------
    anna.locator(action_form("end_actions")).wait_for(timeout=LIVE)
    press(anna, action_form("end_actions"))
    anna.locator(action_form("temple_card")).first.wait_for(timeout=LIVE)
    check_fold(
        anna,
        "temple-cards",
        ENTRY,
        action_form("temple_card") + " button",
        action_form("draw_temples", "by_app") + " button",
    )
    press(anna, action_form("temple_card", '"level":2'))
    now = press(anna, action_form("temple_card", '"level":1'))
    assert actor([anna, ben], now) is ben
