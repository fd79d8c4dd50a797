"""A land card whose reveal cancels the action costs the list no more room than any other.

The rule (issue 21, the brief): "The next tap and the committing tap always above the fold
on a 390×844 phone, at every player count and in all three languages". Playing a whole
game at five players (``bench/interactions.py``), the palace action listed six land cards
and the blank card, three of them with the engine's note "Revealing this card cancels the
action: The land already has a palace." written above their half-width buttons: four lines
each, and the fifth land's button ended at 865–1076 px. Which lands a random game cancels
varies, so this test renders the real ``phone_choices.html`` and stylesheets for a player's
largest start (nine lands, the rulebook's fixed allocation at three players) in English,
Czech and Russian at 390 px: once with no land cancelled, once with every land cancelled by
the longest of the engine's reasons. A cancelled card's button says so on a second, small
line (``_lost.html``); the list may grow by that line, not by paragraphs.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.utils import translation

from companion.templatetags.companion import translate
from games.i18n import msg
from games.wallenstein.data import FIXED_ALLOCATIONS
from tests.browser.test_wallenstein_target_names import phone_page
from tests.browser.test_words import LANGUAGES, LONG_TOKEN, PHONE, SIDEWAYS, SPLIT_WORDS
from tests.fixtures import ROOT

pytestmark = pytest.mark.browser

NAMES = {
    land["id"]: land["name"]
    for land in json.loads((ROOT / "games" / "wallenstein" / "data" / "lands.json").read_text())
}
LANDS = [land for land, _armies in FIXED_ALLOCATIONS[3][0]]
# The engine's reasons a revealed card cancels the action (games/wallenstein/choices.py and
# actions.py): the longest of them, in each language, on every land.
REASON = "Every city of the land already has a building."
# A cancelled card's button may be taller by its small second line, not more: the old
# paragraph above it made the list more than twice as tall.
MOST_GROWTH = 1.4


def palace_choices(cancelled: bool) -> list[tuple[dict[str, Any], str]]:
    """The palace action's entries as the engine makes them: a land card each, the blank
    card, and the space that must hold a card (disabled)."""
    note = msg("Revealing this card cancels the action: %(reason)s", reason=msg(REASON))
    group = msg("Palace")
    found: list[tuple[dict[str, Any], str]] = [
        (
            {
                "label": msg(NAMES[land]),
                "action": {"type": "play", "land": land},
                "fields": [],
                "note": note if cancelled else None,
                # as games/wallenstein/choices.py marks a card that cancels the action
                "style": "cancels" if cancelled else "primary",
                "group": group,
                "disabled": None,
            },
            f"idem-{land}",
        )
        for land in LANDS
    ]
    found.append(
        (
            {
                "label": msg("Blank card"),
                "action": {"type": "play", "land": "blank"},
                "fields": [],
                "note": None,
                "style": "secondary",
                "group": group,
                "disabled": None,
            },
            "idem-blank",
        )
    )
    return found


def page_of(language: str, cancelled: bool) -> str:
    context = {
        "choices": palace_choices(cancelled),
        "view": {},
        "act_url": "/t/TEST/act/",
        "table": {"state_version": 7},
    }
    return phone_page(language, "games/wallenstein/phone_choices.html", context)


HEIGHT = "() => document.querySelector('section.choices').getBoundingClientRect().height"
BUTTONS = "() => [...document.querySelectorAll('form.w-play button')].map(b => b.offsetHeight)"


def test_a_cancelled_card_costs_the_list_a_small_line(browser: Any, tmp_path: Path) -> None:
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        for language in LANGUAGES:
            page.set_content(page_of(language, cancelled=False))
            page.evaluate("document.fonts.ready")
            plain = page.evaluate(HEIGHT)
            plain_button = max(page.evaluate(BUTTONS))

            html = page_of(language, cancelled=True)
            assert html.count("choice w-play w-lost") == len(LANDS)
            page.set_content(html)
            page.evaluate("document.fonts.ready")
            page.screenshot(path=str(tmp_path / f"lost-{language}.png"))
            lost = page.evaluate(HEIGHT)
            assert lost <= plain * MOST_GROWTH, (language, plain, lost)
            # What a cancelled card says, on the button; the reason for a screen reader.
            first = page.locator("form.w-lost button").first
            assert first.locator(".w-why").is_visible(), language
            with translation.override(language):
                reason = translate(msg(REASON))
            assert reason in (first.get_attribute("title") or ""), language
            assert max(page.evaluate(BUTTONS)) <= plain_button * 1.6, language
            assert page.evaluate(SPLIT_WORDS, LONG_TOKEN) == [], language
            assert page.evaluate(SIDEWAYS) <= 0, language
    finally:
        context.close()
