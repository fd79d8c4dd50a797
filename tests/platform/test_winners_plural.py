"""A shared victory says "Winners", in the number the names need (the brief: "plural
forms wherever a number meets a noun"). A whole game of Babel played by
``bench/interactions.py`` ended "Chrámové karty došly, součty i počty karet v ruce jsou
stejné: vítězství se dělí" with "Vítěz: P0 P1" on the table screen: one winner's word
before two names."""

from __future__ import annotations

import re

import pytest
from django.template.loader import render_to_string
from django.utils import translation

SEATS = [
    {"index": 0, "name": "Anna", "colour": "red"},
    {"index": 1, "name": "Boris", "colour": "blue"},
    {"index": 2, "name": "Cyril", "colour": "green"},
]
WORDS = {
    "en": ("Winner", "Winners"),
    "cs": ("Vítěz", "Vítězové"),
    "ru": ("Победитель", "Победители"),
}


def label(language: str, winners: list[int]) -> str:
    """The word before the winners' names on the status line."""
    outcome = {"winners": winners, "reason": {"text": "The game has ended."}}
    with translation.override(language):
        html = render_to_string("companion/_status.html", {"outcome": outcome, "seats": SEATS})
    found = re.search(r"<p>\s*([^<:]+):", html)
    assert found, html
    return found.group(1).strip()


@pytest.mark.parametrize("language", sorted(WORDS))
def test_one_winner_and_a_shared_victory(language: str) -> None:
    one, several = WORDS[language]
    assert label(language, [1]) == one
    assert label(language, [0, 1]) == several
    assert label(language, [0, 1, 2]) == several
