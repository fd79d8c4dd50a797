"""Störtebeker's phone: what folds and what stays one tap (phone_choices.html).

fold_sweep found a boarding of two ships whose two forms (two number dice each, a note, their
help) pushed the second ship's button and "Board no more ships" to 1,144 px on a 390 × 844
phone in Russian. With two ships or more, each ship's button lets the app roll (one tap), the
dice rolled at the table fold above it, and what the ship needs stays in sight.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from games.stortebeker import GAME
from tests.games.phone_pages import folded, render_entries

from .helpers import act, lay_from_deck, past_first_round, set_hand, ship, started


def boarding(*ships: dict) -> Any:
    """ "V této fázi může hráč zaútočit na všechny lodě, pro které už vyložil potřebné
    proviantní karty.": Anna has laid what each of ``ships`` needs (a rum each)."""
    state = past_first_round(started(2, sea=list(ships)))
    for slot in range(len(ships)):
        state = lay_from_deck(state, slot, 0, ["rum"])
    state = set_hand(state, 0, ["beans"] * 6)
    return act(state, 0, {"type": "exchange", "discard": ["beans"] * 3})


def phone_choices(state: Any, language: str = "en") -> str:
    template = "games/stortebeker/phone_choices.html"
    return render_entries(template, GAME, state, 0, language, view=GAME.view(state, 0))


def test_two_ships_to_board_fold_their_dice_under_the_app_roll() -> None:
    state = boarding(ship("black", 5, 8, rum=1), ship("red", 3, 5, rum=1))
    html = phone_choices(state)
    assert html.count('<details class="board-dice">') == 2
    black = folded(html, "board-dice")
    assert "<summary>Enter the number dice you rolled (black)</summary>" in black
    assert 'name="f.die_1"' in black
    outside = re.sub(r'<details class="board-dice">.*?</details>', "", html, flags=re.S)
    assert "f.die_1" not in outside
    assert "Board the black ship (5 points, defence 8), the app rolls" in outside
    assert "Board no more ships" in outside
    # What the black ship needs is in sight, above its fold.
    assert outside.count("Your pirates here add 0") == 2


def test_one_ship_to_board_keeps_its_dice_in_sight() -> None:
    html = phone_choices(boarding(ship("black", 5, 8, rum=1), ship("red", 3, 5, meat=1)))
    assert "board-dice" not in html
    assert 'name="f.die_1"' in html


@pytest.mark.parametrize(
    ("language", "summary"),
    [("cs", "Zadat hozené číselné kostky ("), ("ru", "Ввести выпавшие числовые кубики (")],
)
def test_the_folded_dice_in_czech_and_russian(language: str, summary: str) -> None:
    state = boarding(ship("black", 5, 8, rum=1), ship("red", 3, 5, rum=1))
    assert f"<summary>{summary}" in phone_choices(state, language)
