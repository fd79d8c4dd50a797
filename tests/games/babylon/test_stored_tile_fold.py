"""The stored tile's placement on Babylon's phone: one closed line, not a form of five boxes.

"Po těžbě můžete umístit právě získaný dílek terasy A/NEBO dílek terasy ze své úložné
oblasti": a player may place the tile just taken and the stored one in the same turn. With the taken tile placed, the stored tile's form (floor, pillars under it, doubles,
statues, then) stood open above the end of the turn and the decorations, and random play
found the decorations at 966 px in Russian on a 390 × 844 phone (tests/browser/fold_sweep.py).
The stored tile now folds under its line whether the taken tile is still in hand or placed.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from games.babylon import GAME
from tests.games.babylon.helpers import act, give_turn, in_play
from tests.games.phone_pages import folded, render_entries

STORED_FORM = "&quot;tile&quot;:&quot;stored&quot;"


def with_stored_tile(state: Any, seat: int) -> Any:
    state = copy.deepcopy(state)
    state["boards"][seat]["stored"] = {"material": "clay", "flower": "pink"}
    return state


def taken_tile_placed() -> Any:
    """Seat 0 has placed the tile it took and can still place the stored one."""
    state = with_stored_tile(give_turn(in_play(), 0, singles=8), 0)
    return act(state, 0, type="place_tile", tile="extracted", floor=1, supports=4)


def phone_choices(state: Any, language: str = "en") -> str:
    template = "games/babylon/phone_choices.html"
    return render_entries(template, GAME, state, 0, language, view={"turn": state["turn"]})


def stored_placement(state: Any) -> Any:
    return next(
        choice
        for choice in GAME.choices(state, 0)
        if choice.action == {"type": "place_tile", "tile": "stored"}
    )


def test_after_the_taken_tile_the_stored_one_folds_under_one_line() -> None:
    state = taken_tile_placed()
    assert state["turn"]["tile"] is None and state["turn"]["placed"]
    assert stored_placement(state).fields, "the stored tile can be placed: it has a form"
    html = phone_choices(state)
    inside = folded(html, "stored-tile")
    assert inside.startswith("<summary>Place the stored tile</summary>")
    assert STORED_FORM in inside and 'name="f.supports"' in inside
    # The end of the turn and the decorations stay outside the fold, on the first screen.
    outside = html.replace(inside, "")
    assert STORED_FORM not in outside and 'name="f.supports"' not in outside
    assert "&quot;type&quot;:&quot;end_turn&quot;" in outside
    assert "Place a statue on floor" in outside


def test_with_both_tiles_in_hand_the_stored_one_folds_too() -> None:
    state = with_stored_tile(give_turn(in_play(), 0, singles=8), 0)
    assert state["turn"]["tile"] is not None
    inside = folded(phone_choices(state), "stored-tile")
    assert STORED_FORM in inside


@pytest.mark.parametrize(
    ("language", "summary"),
    [("cs", "Umístit uskladněný dílek"), ("ru", "Положить плитку из хранилища")],
)
def test_the_line_in_czech_and_russian(language: str, summary: str) -> None:
    inside = folded(phone_choices(taken_tile_placed(), language), "stored-tile")
    assert inside.startswith(f"<summary>{summary}</summary>")
