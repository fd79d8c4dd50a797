"""Issue 13: what the table is told, the build step's defaults, the final tick and holes,
and decorations that join two symbols."""

from __future__ import annotations

import copy

import pytest

from games.babylon import GAME
from games.babylon.components import BOARD_HOLES
from games.base import IllegalAction
from tests.games.babylon.helpers import act, finish_turn, give_turn, in_play
from tests.games.babylon.test_building import built


def english(line: dict) -> str:
    return line["text"] % line["args"]


def test_a_build_is_summarised_for_the_table() -> None:
    """ "Dílek terasy můžete umístit stranou se zahradou vzhůru na 3 nebo 4 sloupy." -- the
    table reads which tile went where, on what, and each decoration of the turn."""
    state = built(give_turn(in_play(), 0, singles=8), tile="extracted", floor=1, supports=4)
    state = built(state, tile="stored", floor=1, supports=3)
    state = act(state, 0, type="decorate", kind="statue", floor=1)
    event = GAME.view(state, None)["last_event"]
    assert event["kind"] == "build" and event["seat"] == 0
    assert [(t["floor"], t["material"], t["supports"]) for t in event["tiles"]] == [
        (1, "clay", 4),
        (1, "start", 3),
    ]
    assert event["decorations"] == [{"decoration": "statue", "floor": 1}]
    lines = [english(line) for line in GAME.view(state, 1)["last_event_lines"]]
    assert lines == [
        "P0 built a clay tile (pink flower) on floor 1 on 4 pillars: single 4, double 0, statues 0.",
        "P0 built the start tile (white flower) on floor 1 on 3 pillars and a viewpoint:"
        " single 3, double 0, statues 0.",
        "P0 placed a statue on floor 1.",
    ]


def test_an_extraction_and_a_reveal_are_summarised() -> None:
    """ "Za každou stranu vybraného dílku ... získáte 1 jednoduchý sloup" -- the pillars the
    taken tile gave; and the round token revealed."""
    state = act(in_play(4), 0, type="extract", place=15, flower="white")
    line = english(GAME.view(state, None)["last_event_lines"][0])
    assert line.startswith("P0 took the clay tile at row 4, column 4 (white flower)")
    state = copy.deepcopy(state)
    state["step"] = "reveal"
    state["current"] = state["token_holder"]
    state = act(state, state["token_holder"], type="reveal", effect="flower_two")
    assert GAME.view(state, None)["last_event"]["effect"] == "flower_two"


def test_the_build_step_offers_floors_with_a_working_default() -> None:
    """ "Svoji zahradu musíte stavět postupně po jednotlivých patrech." -- only floors the
    pillars in hand can hold are offered, and the fields start at a combination the rules
    accept (here: floor 2 on two double pillars and two singles; floor 1 needs four singles:
    "Dvojitý sloup ovšem nemůžete vyměnit za 2 jednoduché sloupy")."""
    state = built(give_turn(in_play(), 0, singles=4), tile="extracted", floor=1, supports=4)
    state = finish_turn(state, 0)
    state = give_turn(state, 0, singles=2, doubles=2)
    tiles = [c for c in GAME.choices(state, 0) if c.action["type"] == "place_tile"]
    floors = [next(f for f in c.fields if f.key == "floor") for c in tiles]
    # the tile taken, the stored one: floor 2 only
    assert [[value for value, _ in f.choices] for f in floors] == [[2], [2]]
    for choice in tiles:
        action = {**choice.action}
        for field in choice.fields:
            action[field.key] = field.default
        act(state, 0, **action)  # the defaults are accepted as they are
    notes = [c.note for c in tiles if c.note]
    assert len(notes) == 1, "the pillar note is shown once"


def test_no_floor_is_offered_without_pillars() -> None:
    """With two single pillars no tile can stand: the lowest floor is shown greyed, why."""
    state = give_turn(in_play(), 0, singles=2)
    tiles = [c for c in GAME.choices(state, 0) if c.action["type"] == "place_tile"]
    assert [c.action["tile"] for c in tiles] == ["extracted", "stored"]
    assert all(c.disabled is not None and not c.fields for c in tiles)


def test_a_fountain_uses_a_symbol_on_each_of_two_tiles() -> None:
    """ "Fontána musí spojovat 2 symboly fontán, které se nacházejí přímo vedle sebe na
    2 destičkách na stejném patře." and "Na hliněných dílcích jsou 2 symboly dekorací" --
    two clay tiles have four symbols: two fountains use all of them."""
    state = built(give_turn(in_play(), 0, singles=8), tile="extracted", floor=1, supports=4)
    state["boards"][0]["stored"] = {"material": "clay", "flower": "white"}
    state = built(state, tile="stored", floor=1, supports=4)
    state = act(state, 0, type="decorate", kind="fountain", floor=1)
    state = act(state, 0, type="decorate", kind="fountain", floor=1)
    with pytest.raises(IllegalAction, match="free symbol"):
        act(state, 0, type="decorate", kind="statue", floor=1)


def test_the_other_end_may_rest_on_an_older_tile_with_a_free_symbol() -> None:
    """ "na alespoň 1 dílek umístěný v tomto tahu": a bridge joins the new tile and an older
    one; an older tile whose symbols are all used carries no end any more."""
    state = built(give_turn(in_play(), 0, singles=4), tile="extracted", floor=1, supports=4)
    state = finish_turn(state, 0)
    state = give_turn(state, 0, singles=4)
    state = built(state, tile="extracted", floor=1, supports=4)
    older, new = state["boards"][0]["tiles"]
    assert (older["material"], new["material"]) == ("clay", "granite")
    state = act(state, 0, type="decorate", kind="bridge", floor=1)
    assert (older["used"], new["used"]) == (0, 0)  # the input state is untouched
    older, new = state["boards"][0]["tiles"]
    assert (older["used"], new["used"]) == (1, 1)
    state = act(state, 0, type="decorate", kind="bridge", floor=1)
    assert state["boards"][0]["tiles"][0]["used"] == 2
    with pytest.raises(IllegalAction, match="free symbol"):
        act(state, 0, type="decorate", kind="bridge", floor=1)
    # The granite tile's last symbol still takes a statue.
    act(state, 0, type="decorate", kind="statue", floor=1)


def test_a_piece_on_the_top_floor_cannot_be_covered() -> None:
    """ "Za zcela zakryté dílky a dekorace žádné VB nezískáte." -- nothing lies above the top
    floor, so its pieces are never offered as covered and the engine refuses them."""
    state = built(give_turn(in_play(2), 0, singles=4), tile="extracted", floor=1, supports=4)
    state = finish_turn(state, 0)
    state = copy.deepcopy(state)
    state["step"] = "final"
    state["boards"][1]["confirmed"] = True
    (choice,) = GAME.choices(state, 0)
    assert all(field.key != "covered" for field in choice.fields)
    with pytest.raises(IllegalAction, match="top floor"):
        act(state, 0, type="final", covered=["t0"], holes=60)


def test_visible_holes_are_bounded_by_the_first_floor_tiles() -> None:
    """ "Ve stavební oblasti desky hráče je 64 otvorů pro umístování sloupů." -- a first-floor
    tile covers four of them, so one tile leaves at most 60 to be seen."""
    state = built(give_turn(in_play(2), 0, singles=4), tile="extracted", floor=1, supports=4)
    state = finish_turn(state, 0)
    state = copy.deepcopy(state)
    state["step"] = "final"
    (choice,) = GAME.choices(state, 0)
    holes = next(field for field in choice.fields if field.key == "holes")
    assert holes.high == BOARD_HOLES - 4 and holes.help is not None
    with pytest.raises(IllegalAction):
        act(state, 0, type="final", covered=[], holes=61)
    assert act(state, 0, type="final", covered=[], holes=60)["boards"][0]["holes"] == 60


def test_the_covered_tick_can_be_corrected() -> None:
    """ "Na konci hry se podívejte na svoji desku hráče shora" -- what is covered is seen on
    the board, so a wrong tick is a fact a correction may change, like the holes."""
    state = built(give_turn(in_play(2), 0, singles=4), tile="extracted", floor=1, supports=4)
    state = finish_turn(state, 0)
    state = give_turn(state, 0, singles=2, doubles=2)
    state = built(state, tile="extracted", floor=2, supports=4, doubles=2)
    state = copy.deepcopy(state)
    state["turn"] = None
    state["step"] = "final"
    (choice,) = GAME.choices(state, 0)
    action = {**choice.action, "holes": 60}
    facts = {field.key: field for field in GAME.facts(action)}
    assert set(facts) == {"covered", "holes"}
    assert [value for value, _label in facts["covered"].choices] == ["t0"]
    assert act(state, 0, **{**action, "covered": ["t0"]})["boards"][0]["tiles"][0]["covered"]


def test_an_empty_garden_asks_before_it_is_confirmed() -> None:
    """A stray tap must not confirm a garden with nothing entered (scoring only)."""
    state = GAME.setup(["A", "B"], {"mode": "scoring"})
    confirm = next(c for c in GAME.choices(state, 0) if c.action["type"] == "confirm")
    assert confirm.confirm is not None
    state = act(
        state,
        0,
        type="floor",
        floor=1,
        white=1,
        pink=0,
        yellow=0,
        blue=0,
        statue=0,
        fountain=0,
        bridge=0,
        viewpoint=0,
        stairs=0,
    )
    confirm = next(c for c in GAME.choices(state, 0) if c.action["type"] == "confirm")
    assert confirm.confirm is None


def test_ending_a_turn_without_building_asks_once_more() -> None:
    """ "můžete** provést akci stavba": building may be skipped, but not by a stray tap."""
    state = give_turn(in_play(), 0, singles=4)
    ends = [c for c in GAME.choices(state, 0) if c.action["type"] == "end_turn"]
    assert ends and all(c.confirm is not None for c in ends)
    state = built(state, tile="extracted", floor=1, supports=4)
    ends = [c for c in GAME.choices(state, 0) if c.action["type"] == "end_turn"]
    assert ends and all(c.confirm is None for c in ends)
