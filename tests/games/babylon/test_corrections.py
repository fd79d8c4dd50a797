"""Issue 12: what a correction shows (facts with help lines, changes) and the log lines."""

from __future__ import annotations

import copy

from games.babylon import GAME
from games.i18n import render_english
from tests.games.babylon.helpers import act, give_turn, in_play


def english(line: dict) -> str:
    return render_english(line)


def test_facts_carry_help_lines() -> None:
    """ "Na obou stranách dílku jsou stejné symboly a stejný druh květiny." -- the flower is
    a fact, and the form says where to read it."""
    (flower,) = GAME.facts({"type": "extract", "place": 3, "flower": "pink"})
    assert flower.key == "flower" and flower.help is not None
    fields = GAME.facts({"type": "floor", "floor": 2, "white": 1})
    assert len(fields) == 9 and all(field.help is not None for field in fields)
    assert english(fields[0].help) == "Visible on floor 2: 0 to 52."


def test_changes_name_the_garden_and_the_holes() -> None:
    """ "spočítejte otvory pro sloupy na desce hráče, které jsou shora viditelné" -- a
    corrected hole count shows in the preview."""
    state = copy.deepcopy(in_play(2))
    state["step"] = "final"
    after = act(state, 0, type="final", covered=[], holes=40)
    assert [english(line) for line in GAME.changes(state, after)] == ["P0: visible holes - → 40."]


def test_changes_after_a_build() -> None:
    """ "Dílek terasy můžete umístit stranou se zahradou vzhůru na 3 nebo 4 sloupy." """
    state = give_turn(in_play(2), 0, singles=4)
    after = act(state, 0, type="place_tile", tile="extracted", floor=1, supports=4)
    lines = [english(line) for line in GAME.changes(state, after)]
    assert lines == ["P0, floor 1: visible tiles 0 → 1, decorations 0 → 0."]


def test_the_log_names_the_tile() -> None:
    line = GAME.describe({"type": "place_tile", "tile": "stored", "floor": 2, "supports": 3})
    assert english(line) == "Places the stored tile on floor 2 on 3 pillars."


def test_the_holes_correction_has_the_entrys_limits() -> None:
    """Issue 21: the holes correction offered 0-64 while the entry allowed 0-48. "Ve stavební
    oblasti desky hráče je 64 otvorů"; each first-floor tile covers four, so with four of
    them the entry and its correction both allow 0 to 48."""
    state = give_turn(in_play(2), 0, singles=16)
    for which in ("stored", "extracted"):
        state = act(state, 0, type="place_tile", tile=which, floor=1, supports=4)
    for _ in range(2):
        state["turn"]["tile"] = {"material": "clay", "flower": "pink"}
        state = act(state, 0, type="place_tile", tile="extracted", floor=1, supports=4)
    state = copy.deepcopy(state)
    state["turn"] = None
    state["step"] = "final"
    (choice,) = GAME.choices(state, 0)
    entered = next(field for field in choice.fields if field.key == "holes")
    action = {**choice.action, "covered": [], "holes": 30, "seat": 0}
    corrected = next(field for field in GAME.facts(action, state) if field.key == "holes")
    assert (entered.low, entered.high) == (corrected.low, corrected.high) == (0, 48)
