"""A move's or an attack's target button shows its land's name whole on a 390 px phone.

Issue 21 ("text breaks mid-word on phones ... `Gol|d`"): the full test run's
``test_words`` found 'Mecklenbur|g', 'Vorpommer|n' and 'Wolfenbütt|el' broken on a
Wallenstein phone. Altmark was the picker's one source, its form open, and those were its
target buttons, two a row, each a land's name beside a count of two digits. Which state
random play reaches varies, so this test looks at every land of the map as a target,
through the real ``_targets.html`` in the picker's own markup and the real stylesheets.
Each target has a two-digit count and a long owner's name, in English, Czech and Russian.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from tests.browser.test_words import LANGUAGES, LONG_TOKEN, PHONE, SIDEWAYS, SPLIT_WORDS
from tests.fixtures import ROOT

pytestmark = pytest.mark.browser

LANDS = json.loads((ROOT / "games" / "wallenstein" / "data" / "lands.json").read_text())
SEATS = [
    {"index": i, "name": name, "colour": colour}
    for i, (name, colour) in enumerate(
        [
            ("Alexandra", "red"),
            ("Bartholomäus", "blue"),
            ("Konstantin", "orange"),
            ("Дмитрий", "yellow"),
            ("Wilhelmina", "purple"),
        ]
    )
]


def picker_with_targets(language: str) -> str:
    """The open source's form (as ``_picker.html`` nests it) with every land as a target."""
    targets = {
        land["id"]: {"name": land["name"], "attack": True, "owner": i % 5}
        for i, land in enumerate(LANDS)
    }
    source = {"id": "altmark", "targets": targets}
    choices = [
        (
            {
                "action": {"land": "altmark", "to": land_id},
                "disabled": None,
                "style": "",
                "fields": [{"default": 12}],
            },
            "idem",
        )
        for land_id in targets
    ]
    context: dict[str, Any] = {
        "choices": choices,
        "source": source,
        "seats": SEATS,
        "want": "attack",
    }
    return phone_page(
        language,
        "games/wallenstein/_targets.html",
        context,
        before='<section class="choices w-choices"><div class="choice-group"><div class="w-picker">'
        '<div class="w-region"><details class="w-src" open><summary><span class="w-name">'
        'Altmark</span> <span class="w-n">13</span></summary><form class="choice w-move">'
        '<div class="w-targets">',
        after="</div></form></details></div></div></div></section>",
    )


def phone_page(
    language: str, template: str, context: dict[str, Any], before: str = "", after: str = ""
) -> str:
    """A page at a phone's width holding ``template`` rendered in ``language`` (between
    ``before`` and ``after``) inside a Wallenstein phone, with the real stylesheets."""
    with translation.override(language):
        body = render_to_string(template, context)
    stylesheet = (ROOT / "static" / "companion" / "app.css").read_text()
    style = (
        ROOT / "games" / "wallenstein" / "static" / "games" / "wallenstein" / "style.css"
    ).read_text()
    return (
        f'<!doctype html><html lang="{language}"><head><meta name="viewport" '
        f'content="width=device-width"><style>{stylesheet}</style><style>{style}</style></head><body><main>'
        f'<div class="g-wallenstein phone">{before}{body}{after}</div></main></body></html>'
    )


def test_every_land_name_stands_whole_on_its_target_button(browser, tmp_path: Path):
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        for language in LANGUAGES:
            html = picker_with_targets(language)
            assert html.count('class="w-tgt attack') == len(LANDS)
            page.set_content(html)
            page.evaluate("document.fonts.ready")
            assert page.evaluate(SPLIT_WORDS, LONG_TOKEN) == [], language
            assert page.evaluate(SIDEWAYS) <= 0, language
    finally:
        context.close()
