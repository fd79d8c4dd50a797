"""Illegal and malformed entries are refused and change nothing; state is JSON."""

from __future__ import annotations

import contextlib
import copy
import json

import pytest

from games.babylon import GAME
from games.base import IllegalAction
from tests.games.babylon.helpers import give_turn, in_play, with_boards

MALFORMED_EXTRACT = [
    {},
    {"type": 3},
    {"type": "fly"},
    {"type": "extract"},
    {"type": "extract", "place": "3", "flower": "white"},
    {"type": "extract", "place": 16, "flower": "white"},
    {"type": "extract", "place": -1, "flower": "white"},
    {"type": "extract", "place": True, "flower": "white"},
    {"type": "extract", "place": 3, "flower": None},
    {"type": "extract", "place": 3, "flower": ["white"]},
    {"type": "end_turn"},
    {"type": "reveal", "effect": "single_pillar"},
    {"type": "final", "holes": 3},
]

MALFORMED_BUILD = [
    {"type": "place_tile"},
    {"type": "place_tile", "tile": "mine", "floor": 1, "supports": 4},
    {"type": "place_tile", "tile": "extracted", "floor": 0, "supports": 4},
    {"type": "place_tile", "tile": "extracted", "floor": 1, "supports": 5},
    {"type": "place_tile", "tile": "extracted", "floor": 1, "supports": 2},
    {"type": "place_tile", "tile": "extracted", "floor": 1.0, "supports": 4},
    {"type": "place_tile", "tile": "extracted", "floor": 1, "supports": 4, "doubles": -1},
    {"type": "place_tile", "tile": "extracted", "floor": 1, "supports": 4, "statues": "x"},
    {"type": "place_tile", "tile": ["extracted"], "floor": 1, "supports": 4},
    {"type": "decorate", "kind": "dragon", "floor": 1},
    {"type": "decorate", "kind": "statue"},
    {"type": "end_turn", "tile": "keep"},
    {"type": "end_turn", "tile": None},
    {"type": "extract", "place": 0, "flower": "white"},
]


@pytest.mark.parametrize("action", MALFORMED_EXTRACT)
def test_malformed_entries_at_extraction(action: dict) -> None:
    """Nothing malformed crashes the engine or changes the state."""
    state = in_play(4)
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction):
        GAME.apply(state, {**action, "seat": 0, "seed": 1})
    assert state == before


@pytest.mark.parametrize("action", MALFORMED_BUILD)
def test_malformed_entries_at_building(action: dict) -> None:
    state = give_turn(in_play(4), 0, singles=6)
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction):
        GAME.apply(state, {**action, "seat": 0, "seed": 1})
    assert state == before


@pytest.mark.parametrize("seat", [None, -1, 4, "0", True])
def test_bad_seats(seat: object) -> None:
    state = in_play(4)
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction):
        GAME.apply(state, {"type": "extract", "place": 0, "flower": "white", "seat": seat})
    assert state == before


def test_not_a_dict() -> None:
    with pytest.raises(IllegalAction):
        GAME.apply(in_play(2), ["extract"])  # type: ignore[arg-type]


def test_final_entries_are_checked() -> None:
    state = in_play(2)
    state["step"] = "final"
    before = copy.deepcopy(state)
    for action in (
        {"type": "final", "covered": "t0", "holes": 3},
        {"type": "final", "covered": [], "holes": 65},
        {"type": "final", "covered": [], "holes": -1},
        {"type": "final", "covered": [7], "holes": 3},
    ):
        with pytest.raises(IllegalAction):
            GAME.apply(state, {**action, "seat": 0, "seed": 0})
    assert state == before


def test_unknown_options_are_refused() -> None:
    with pytest.raises(IllegalAction):
        GAME.setup(["A", "B"], {"mode": "quick"})
    with pytest.raises(IllegalAction):
        GAME.setup(["A", "B"], {"colour": "red"})


def test_state_survives_json() -> None:
    """State is plain JSON data at every step."""
    for state in (GAME.setup(["A", "B"]), with_boards(3), give_turn(in_play(4), 0, singles=3)):
        assert json.loads(json.dumps(state)) == state
        assert json.loads(json.dumps(GAME.view(state, None)))


def test_view_shows_the_quarry_tops() -> None:
    """The table sees the top tile of each of the 16 places and its edge pillars."""
    view = GAME.view(in_play(4), None)
    assert len(view["quarry_view"]) == 16
    assert view["quarry_view"][0] == {
        "place": 0,
        "row": 1,
        "column": 1,
        "height": 3,
        "material": "clay",
        "edges": 4,
    }


def test_facts_are_the_physical_results() -> None:
    """A correction may change the flower of a taken tile and a revealed token only."""
    assert [f.key for f in GAME.facts({"type": "extract"})] == ["flower"]
    assert [f.key for f in GAME.facts({"type": "reveal"})] == ["effect"]
    assert GAME.facts({"type": "place_tile"}) == ()


def test_every_entry_is_described() -> None:
    for action in MALFORMED_EXTRACT + MALFORMED_BUILD:
        assert GAME.describe(action)["text"]


def test_holes_and_garden_counts_are_facts() -> None:
    """The visible holes break ties ("spočítejte otvory pro sloupy na desce hráče, které jsou
    shora viditelné"): a miscount may be corrected like a roll."""
    assert [f.key for f in GAME.facts({"type": "final"})] == ["holes"]
    assert [f.key for f in GAME.facts({"type": "confirm"})] == ["holes"]
    keys = [f.key for f in GAME.facts({"type": "floor"})]
    assert keys == [
        "white",
        "pink",
        "yellow",
        "blue",
        "statue",
        "fountain",
        "bridge",
        "viewpoint",
        "stairs",
    ]
    assert GAME.facts({"type": "tile_flower"}) == ()


JUNK = [None, True, -1, 99, 2.5, "x", "", [], [1], {}, {"a": 1}, ["t0", "t0"]]


def test_junk_in_every_field_is_refused_cleanly() -> None:
    """Malformed values in any field of any entry raise IllegalAction, never another error."""
    from tests.games.babylon.helpers import act as _act

    states = [
        GAME.setup(["A", "B"]),
        with_boards(2),
        in_play(2),
        _act(in_play(2), 0, type="tile_flower", flower="white"),
        give_turn(in_play(2), 0, singles=6, doubles=1),
        GAME.setup(["A", "B"], {"mode": "scoring"}),
    ]
    final = copy.deepcopy(in_play(2))
    final["step"] = "final"
    reveal = copy.deepcopy(in_play(2))
    reveal["step"] = "reveal"
    reveal["current"] = 1
    states += [final, reveal]
    keys = ["flower", "place", "tile", "floor", "supports", "doubles", "statues", "kind"]
    keys += ["effect", "by_app", "covered", "holes", "white", "stairs"]
    types = ["board", "remove", "tile_flower", "extract", "place_tile", "decorate", "end_turn"]
    types += ["reveal", "final", "floor", "confirm"]
    for state in states:
        before = copy.deepcopy(state)
        for seat in GAME.to_act(state):
            for kind in types:
                for key in keys:
                    for junk in JUNK:
                        action = {"type": kind, key: junk, "seat": seat, "seed": 1}
                        with contextlib.suppress(IllegalAction):
                            GAME.apply(state, action)
                        GAME.describe(action)
        assert state == before
