"""The tiles to take as the quarry itself on Babylon's phone.

Random play found the extraction's sixteen buttons ("Ряд 1, столбец 2, глина: 4 колонны",
three lines each in Russian) ending at 1,084 px on a 390 × 844 phone
(tests/browser/fold_sweep.py). Now each place of the 4 × 4 quarry is a button: its material
and, big, the pillars it gives now; its accessible name is still the entry's full label.
"""

from __future__ import annotations

import re
from typing import Any

from games.babylon import GAME
from tests.games.babylon.helpers import act, in_play
from tests.games.phone_pages import render_entries


def flower_entered() -> tuple[Any, int]:
    state = in_play()
    seat = state["current"]
    own = state["boards"][seat]["flower"]
    return act(state, seat, type="tile_flower", flower=own), seat


def render(template: str, state: Any, seat: int, language: str = "en") -> str:
    seats = [{"name": name, "colour": "red"} for name in "ABCD"]
    view = GAME.view(state, seat)
    return render_entries(template, GAME, state, seat, language, view=view, me=seat, seats=seats)


def test_every_tile_to_take_is_a_place_of_the_quarry_with_its_pillars() -> None:
    state, seat = flower_entered()
    offered = [c for c in GAME.choices(state, seat) if c.action["type"] == "extract"]
    html = render("games/babylon/phone_choices.html", state, seat)
    pick = html.split('<div class="choice-group g-babylon quarry-pick">', 1)[1]
    buttons = re.findall(
        r'<button type="submit" class="place m-(\w+)" data-place="(\d+)" aria-label="([^"]+)">'
        r'<span class="mat">(\w+)</span> <span class="pillars">(\d+)</span></button>',
        pick,
    )
    assert len(buttons) == len(offered) > 0
    for choice, (material, place, name, shown, pillars) in zip(offered, buttons, strict=True):
        assert int(place) == choice.action["place"]
        assert state["quarry"][int(place)][-1] == material == shown
        # The big number is the one the entry's full name says, as a screen reader reads it.
        assert name.endswith(f"{material}: {pillars} pillars") or name.endswith(
            f"{material}: {pillars} pillar"
        )
        assert name.startswith(f"Row {int(place) // 4 + 1}, column {int(place) % 4 + 1},")
    # The empty places of the quarry (the clay tiles taken at set-up) are cells, not buttons.
    empty = sum(1 for stack in state["quarry"] if not stack)
    assert pick.count('<div class="place m-empty">empty</div>') == empty


def test_the_names_in_russian() -> None:
    state, seat = flower_entered()
    html = render("games/babylon/phone_choices.html", state, seat, "ru")
    assert re.search(r'aria-label="Ряд 1, столбец \d, [^"]+: \d+ колонн', html)


def test_the_compact_quarry_is_left_out_once_the_tiles_are_buttons() -> None:
    state, seat = flower_entered()
    before = in_play()
    asking = render("games/babylon/phone.html", before, before["current"])
    assert "quarry-card compact" in asking  # the flower question: the quarry names the places
    assert "quarry-card compact" not in render("games/babylon/phone.html", state, seat)
