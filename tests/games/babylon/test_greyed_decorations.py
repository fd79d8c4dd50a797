"""The greyed decorations on Babylon's phone: one closed line, their reasons inside.

Random play found build steps whose greyed fountain and bridge ("The fountain must rest on a
tile placed in this turn on floor 1.", a line and a reason each) pushed the decorations that
can be placed to 1,090 px on a 390 × 844 phone (tests/browser/fold_sweep.py). Two greyed
decorations or more now fold under one line that says how many; a lone greyed line keeps
its reason in sight.
"""

from __future__ import annotations

from typing import Any

import pytest

from games.babylon import GAME
from tests.games.babylon.helpers import act, give_turn, in_play
from tests.games.phone_pages import folded as folded_in
from tests.games.phone_pages import render_entries


def one_tile_placed() -> Any:
    """ "Fontána musí spojovat 2 symboly fontán ... na 2 destičkách na stejném patře": with one
    tile placed this turn the fountain, the bridge and the stairs are greyed, the statue is not."""
    state = give_turn(in_play(), 0, singles=8)
    return act(state, 0, type="place_tile", tile="extracted", floor=1, supports=4)


def phone_choices(state: Any, language: str = "en") -> str:
    template = "games/babylon/phone_choices.html"
    return render_entries(template, GAME, state, 0, language, view={"turn": state["turn"]})


def folded(html: str) -> str:
    return folded_in(html, "not-possible")


def test_the_greyed_decorations_fold_under_one_line_with_their_reasons() -> None:
    state = one_tile_placed()
    greyed = [c for c in GAME.choices(state, 0) if c.action["type"] == "decorate" and c.disabled]
    assert len(greyed) >= 2
    html = phone_choices(state)
    inside = folded(html)
    count = len(greyed)
    assert f"<summary>Can't place these decorations now ({count})</summary>" in inside
    for reason in (
        "The fountain joins two tiles on the same floor.",
        "The bridge joins two tiles on the same floor.",
        "Stairs join a tile on floor 1 and a tile on floor 2.",
    ):
        assert reason in inside
    # The statue can be placed: its form stays outside the fold, nothing greyed there.
    outside = html.replace(inside, "")
    assert "Place a statue on floor" in outside
    assert '<button type="button" disabled>' not in outside


@pytest.mark.parametrize(
    ("language", "summary"),
    [
        ("cs", "Tyto dekorace teď umístit nelze"),
        ("ru", "Эти украшения сейчас поставить нельзя"),
    ],
)
def test_the_folded_line_in_czech_and_russian(language: str, summary: str) -> None:
    assert f"<summary>{summary} (" in folded(phone_choices(one_tile_placed(), language))


def test_a_lone_greyed_decoration_keeps_its_reason_in_sight() -> None:
    """Before a tile is placed, one greyed line says why no decoration is possible yet."""
    html = phone_choices(give_turn(in_play(), 0, singles=4))
    assert "not-possible" not in html
    assert "A decoration goes on a tile placed in this turn: place one first." in html


def test_a_decoration_that_can_be_placed_is_a_button_per_floor() -> None:
    """One tap places a decoration: each floor it can go on is its own form, sending the floor
    as the floor's list did (the same action and field), the button named in full."""
    state = one_tile_placed()
    statue = next(c for c in GAME.choices(state, 0) if c.action.get("kind") == "statue")
    floors = [value for value, _label in statue.fields[0].choices]
    assert floors == [1]  # "on floor 1": the only tile placed this turn
    html = phone_choices(state)
    cells = html[html.index('class="decorations g-babylon"') : html.index("not-possible")]
    assert "<select" not in cells
    assert html.count('class="choice floor"') == len(floors)
    assert '<input type="hidden" name="f.floor" value="1">' in html
    assert 'aria-label="Place a statue on floor 1">1</button>' in html
    assert '<span class="small">statue, floor</span>' in html


@pytest.mark.parametrize(
    ("language", "caption", "name"),
    [
        ("cs", "socha, patro", "Umístit dekoraci (socha) do patra 1"),
        ("ru", "статуя, этаж", "Поставить украшение (статуя) на этаж 1"),
    ],
)
def test_the_floor_buttons_in_czech_and_russian(language: str, caption: str, name: str) -> None:
    html = phone_choices(one_tile_placed(), language)
    assert f'<span class="small">{caption}</span>' in html
    assert f'aria-label="{name}">1</button>' in html
