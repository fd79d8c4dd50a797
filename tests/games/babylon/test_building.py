"""B. Stavba: tiles on pillars, floor by floor, and decorations."""

from __future__ import annotations

import pytest

from games.babylon import GAME
from games.base import IllegalAction
from tests.games.babylon.helpers import act, finish_turn, give_turn, in_play

Place = dict


def built(state: dict, seat: int = 0, **place: object) -> dict:
    return act(state, seat, type="place_tile", **place)


def test_tile_on_four_single_pillars() -> None:
    """ "Dílek terasy můžete umístit stranou se zahradou vzhůru na 3 nebo 4 sloupy.\""""
    state = built(give_turn(in_play(), 0, singles=5), tile="extracted", floor=1, supports=4)
    board = state["boards"][0]
    assert [(t["floor"], t["material"]) for t in board["tiles"]] == [(1, "clay")]
    assert state["turn"]["single"] == 1
    assert board["pillars"] == {"single": 4, "double": 0}
    assert state["turn"]["tile"] is None


def test_three_pillars_place_a_viewpoint() -> None:
    """ "Pokud použijete pouze 3 sloupy, ihned umístěte vyhlídku na roh dílku terasy\""""
    before = give_turn(in_play(), 0, singles=3)
    state = built(before, tile="stored", floor=1, supports=3)
    board = state["boards"][0]
    assert [d["kind"] for d in board["decorations"]] == ["viewpoint"]
    assert state["supply"]["viewpoint"] == before["supply"]["viewpoint"] - 1
    assert board["stored"] is None
    assert board["tiles"][0]["material"] == "start"


def test_not_enough_pillars() -> None:
    """Pillars used must be pillars owned ("Před umístěním dílku terasy musíte umístit sloupy")."""
    state = give_turn(in_play(), 0, singles=2)
    with pytest.raises(IllegalAction):
        built(state, tile="extracted", floor=1, supports=3)
    place_choices = [c for c in GAME.choices(state, 0) if c.action["type"] == "place_tile"]
    assert place_choices and all(c.disabled is not None for c in place_choices)


def test_floors_are_built_one_after_another() -> None:
    """ "Svoji zahradu musíte stavět postupně po jednotlivých patrech. Dílek terasy například
    můžete umístit do třetího patra, pouze pokud již máte umístěný alespoň jeden dílek
    terasy v druhém patře, i pokud jsou daleko od sebe.\""""
    state = give_turn(in_play(), 0, singles=20, doubles=4)
    with pytest.raises(IllegalAction):
        built(state, tile="extracted", floor=2, supports=4, doubles=4)
    state = built(state, tile="stored", floor=1, supports=4)
    with pytest.raises(IllegalAction):
        built(state, tile="extracted", floor=3, supports=4)
    state = built(state, tile="extracted", floor=2, supports=4, doubles=4)
    assert [t["floor"] for t in state["boards"][0]["tiles"]] == [1, 2]


def test_first_floor_stands_on_single_pillars() -> None:
    """ "Dílek může například spočívat na 2 jednoduchých sloupech umístěných na dílku v prvním
    patře a 2 dvojitých sloupech umístěných na desce hráče": a double pillar on the board
    carries a tile of the second floor, so the first floor has only singles."""
    state = give_turn(in_play(), 0, singles=4, doubles=1)
    with pytest.raises(IllegalAction):
        built(state, tile="extracted", floor=1, supports=4, doubles=1)


def test_mixed_singles_and_doubles() -> None:
    """ "Dílek terasy může při umístění spočívat zcela nebo částečně na dvojitých sloupech.\""""
    state = give_turn(in_play(), 0, singles=6, doubles=2)
    state = built(state, tile="stored", floor=1, supports=4)
    state = built(state, tile="extracted", floor=2, supports=4, doubles=2)
    assert state["boards"][0]["pillars"] == {"single": 6, "double": 2}
    assert (state["turn"]["single"], state["turn"]["double"]) == (0, 0)


def test_two_singles_become_one_double_never_back() -> None:
    """ "Kdykoli můžete vyměnit 2 jednoduché sloupy za 1 dvojitý sloup. Dvojitý sloup ovšem
    nemůžete vyměnit za 2 jednoduché sloupy.\""""
    state = give_turn(in_play(), 0, singles=10)
    state = built(state, tile="stored", floor=1, supports=4)
    supply = dict(state["supply"])
    # 2 singles + 2 doubles made of 4 singles: the 6 singles left.
    state = built(state, tile="extracted", floor=2, supports=4, doubles=2)
    assert state["turn"]["single"] == 0
    assert state["supply"]["single"] == supply["single"] + 4
    assert state["supply"]["double"] == supply["double"] - 2
    # A double never becomes two singles.
    state = give_turn(in_play(), 0, singles=2, doubles=2)
    with pytest.raises(IllegalAction):
        built(state, tile="extracted", floor=1, supports=3)


def test_statue_used_as_pillar_no_longer_counts() -> None:
    """ "Sochu lze použít jako sloup k podepření dílku terasy, poté se však již nepovažuje
    za sochu.\""""
    state = give_turn(in_play(), 0, singles=4)
    state = built(state, tile="extracted", floor=1, supports=4)
    state = act(state, 0, type="decorate", kind="statue", floor=1)
    assert GAME.scores(state)[0]["breakdown"]["Statues"] == 1
    state = finish_turn(state, 0)
    # Two double pillars on the board: three supports on the lone floor-1 tile would put
    # the new tile exactly over it (test_overlap.py).
    state = give_turn(state, 0, singles=1, doubles=2)
    state = built(state, tile="stored", floor=2, supports=4, doubles=2, statues=1)
    statue = next(d for d in state["boards"][0]["decorations"] if d["kind"] == "statue")
    assert statue["covered"] is True
    assert GAME.scores(state)[0]["breakdown"]["Statues"] == 0
    with pytest.raises(IllegalAction):
        built(
            give_turn(state, 0, singles=1, doubles=2),
            tile="extracted",
            floor=2,
            supports=4,
            doubles=2,
            statues=1,
        )


def test_decoration_needs_a_tile_placed_this_turn() -> None:
    """ "Tyto dekorace musíte vždy umístit ... na alespoň 1 dílek umístěný v tomto tahu.\""""
    state = give_turn(in_play(), 0, singles=4)
    with pytest.raises(IllegalAction):
        act(state, 0, type="decorate", kind="statue", floor=1)
    state = built(state, tile="extracted", floor=1, supports=4)
    state = finish_turn(state, 0)
    later = give_turn(state, 0)
    with pytest.raises(IllegalAction):
        act(later, 0, type="decorate", kind="statue", floor=1)
    decorations = [c for c in GAME.choices(later, 0) if c.action["type"] == "decorate"]
    # One greyed line with the reason, not the same reason under each of the four.
    assert len(decorations) == 1 and decorations[0].disabled is not None


def test_fountain_and_bridge_join_two_tiles_on_one_floor() -> None:
    """ "Fontána musí spojovat 2 symboly fontán ... na 2 destičkách na stejném patře." and
    "Lávka musí spojovat 2 symboly lávek ... na 2 destičkách na stejném patře\""""
    state = built(give_turn(in_play(), 0, singles=8), tile="extracted", floor=1, supports=4)
    for kind in ("fountain", "bridge"):
        with pytest.raises(IllegalAction):
            act(state, 0, type="decorate", kind=kind, floor=1)
    state = built(state, tile="stored", floor=1, supports=4)
    state = act(state, 0, type="decorate", kind="fountain", floor=1)
    state = act(state, 0, type="decorate", kind="bridge", floor=1)
    kinds = [d["kind"] for d in state["boards"][0]["decorations"]]
    assert kinds == ["fountain", "bridge"]


def test_stairs_join_two_adjacent_floors() -> None:
    """ "Schodiště musí spojovat 2 symboly schodišť, které se nacházejí přímo vedle sebe na
    2 destičkách, které od sebe dělí 1 patro.\""""
    state = built(give_turn(in_play(), 0, singles=4), tile="extracted", floor=1, supports=4)
    with pytest.raises(IllegalAction):
        act(state, 0, type="decorate", kind="stairs", floor=1)
    state = finish_turn(state, 0)
    state = give_turn(state, 0, doubles=4)
    state = built(state, tile="extracted", floor=2, supports=4, doubles=4)
    state = act(state, 0, type="decorate", kind="stairs", floor=1)
    assert GAME.scores(state)[0]["breakdown"]["Stairs"] == 3


def test_decorations_are_limited_by_the_symbols_of_new_tiles() -> None:
    """ "Na hliněných dílcích jsou 2 symboly dekorací": a clay tile alone carries at most
    two decorations in its turn (statues here)."""
    state = built(give_turn(in_play(), 0, singles=4), tile="extracted", floor=1, supports=4)
    state = act(state, 0, type="decorate", kind="statue", floor=1)
    state = act(state, 0, type="decorate", kind="statue", floor=1)
    with pytest.raises(IllegalAction):
        act(state, 0, type="decorate", kind="statue", floor=1)
    state["effect"] = "add_symbol"
    state = act(state, 0, type="decorate", kind="statue", floor=1)
    assert len(state["boards"][0]["decorations"]) == 3


def test_both_tiles_in_one_turn() -> None:
    """ "Po těžbě můžete umístit právě získaný dílek terasy A/NEBO dílek terasy ze své
    úložné oblasti.\""""
    state = give_turn(in_play(), 0, singles=8)
    state = built(state, tile="extracted", floor=1, supports=4)
    state = built(state, tile="stored", floor=1, supports=4)
    assert len(state["boards"][0]["tiles"]) == 2
    with pytest.raises(IllegalAction):
        built(state, tile="stored", floor=1, supports=4)
    with pytest.raises(IllegalAction):
        built(state, tile="extracted", floor=1, supports=4)
    assert [c.action["type"] for c in GAME.choices(state, 0)].count("place_tile") == 0


def test_blank_space_token_needs_a_blank_space() -> None:
    """ "V tomto tahu můžete 1 pole bez symbolu na právě umístěném dílku terasy proměnit na
    libovolný symbol." and "na čedičových 4": a basalt tile has no blank space, so the token
    adds no decoration to it; a clay tile ("2 symboly") has two."""
    state = give_turn(in_play(), 0, singles=4)
    state["turn"]["tile"]["material"] = "basalt"
    state["effect"] = "add_symbol"
    state = built(state, tile="extracted", floor=1, supports=4)
    for _decoration in range(4):
        state = act(state, 0, type="decorate", kind="statue", floor=1)
    with pytest.raises(IllegalAction):
        act(state, 0, type="decorate", kind="statue", floor=1)


def test_stairs_are_described_between_two_floors() -> None:
    """The log says which floors stairs join ("spojovat 2 symboly schodišť ... které od sebe
    dělí 1 patro"), not "a stairs"."""
    line = GAME.describe({"type": "decorate", "kind": "stairs", "floor": 2})
    assert line == {
        "text": "Places stairs between floors %(floor)s and %(upper)s.",
        "args": {"floor": 2, "upper": 3},
    }
    assert (
        GAME.describe({"type": "decorate", "kind": "stairs", "floor": "x"})["args"]["upper"] == "?"
    )


def test_build_entries_carry_a_note_with_the_pillars_in_hand() -> None:
    """What the player needs to fill in the pillars: what is in hand ("Před umístěním dílku
    terasy musíte umístit sloupy")."""
    state = give_turn(in_play(), 0, singles=5, doubles=1)
    place = [c for c in GAME.choices(state, 0) if c.action["type"] == "place_tile"]
    assert place and all(c.disabled is None for c in place)
    assert place[0].note["args"]["singles"] == 5
    end = [c for c in GAME.choices(state, 0) if c.action["type"] == "end_turn"]
    # The buttons word it as a tile's "Then" list does, one short line each (issue 21); that
    # storing discards the tile stored before is in the note under both.
    assert [c.label["text"] for c in end] == [
        "Store the taken tile, end the turn",
        "Discard the taken tile, end the turn",
    ]
    assert end[1].note is not None
    assert end[1].note["text"].startswith("Storing it discards the tile stored before.")


def test_unaffordable_floors_are_not_listed() -> None:
    """Only the floors the pillars allow are offered; with none, one greyed entry says why."""
    state = give_turn(in_play(), 0, singles=8)
    state = built(state, tile="stored", floor=1, supports=4)
    # One form for the tile; its floor field lists the floors (issue 21), the highest chosen.
    (place,) = [c for c in GAME.choices(state, 0) if c.action["type"] == "place_tile"]
    floor = next(f for f in place.fields if f.key == "floor")
    assert [value for value, _ in floor.choices] == [1, 2]  # 4 singles: floor 1, or 2 on singles
    assert floor.default == 2 and place.label["args"]["floor"] == 2 and place.echo == "floor"
    poor = give_turn(in_play(), 0, singles=1)
    place = [c for c in GAME.choices(poor, 0) if c.action["type"] == "place_tile"]
    assert len(place) == 2 and all(c.disabled is not None for c in place)  # taken and stored
