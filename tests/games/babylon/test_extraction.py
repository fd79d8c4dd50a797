"""A. Těžba: taking a tile from the quarry and the pillars it gives."""

from __future__ import annotations

import pytest

from games.babylon import GAME
from games.babylon.quarry import extraction
from games.base import IllegalAction
from games.i18n import render_english
from tests.games.babylon.helpers import act, in_play, with_quarry

FULL = ["basalt", "granite", "clay"]


def test_linda_granite_tile_gives_three_pillars() -> None:
    """ "Linda (bílá květina) si vezme žulový dílek A a ihned získá 3 jednoduché sloupy:
    1 za sousedící žulový dílek ve stejné vrstvě; 1 za sousedící čedičový dílek v nižší
    vrstvě; 1 za sousedící dno lomu. Linda nezíská žádný sloup za sousedící hliněný dílek,
    protože je ve vyšší vrstvě.\""""
    # Tile A at row 2, column 2 (place 5): granite above it (place 1), basalt to the
    # right (6), the bare floor below (9) and a full stack with clay to the left (4).
    state = with_quarry(
        in_play(4),
        {5: ["basalt", "granite"], 1: ["basalt", "granite"], 6: ["basalt"], 9: [], 4: FULL},
    )
    assert extraction(state["quarry"], 5)["edges"] == ["same", "lower", "floor", "higher"]
    # Linda is seat 0 with the white board; tile A shows another flower.
    state = act(state, 0, type="extract", place=5, flower="pink")
    assert state["turn"]["single"] == 3
    assert state["last"]["single"] == 3
    assert state["turn"]["tile"] == {"material": "granite", "flower": "pink"}
    assert state["quarry"][5] == ["basalt"]


def test_honza_basalt_tile_gives_three_pillars() -> None:
    """ "Honza (růžová květina) si vezme čedičový dílek B a ihned získá 3 jednoduché sloupy:
    1 za sousedící okraj lomu; 1 za sousedící čedičový dílek ve stejné vrstvě; 1 za to, že
    se druh květiny na vybraném dílku shoduje s druhem květiny na Honzově desce hráče.
    Honza nezíská žádné sloupy za sousedící hliněný ani žulový dílek, protože jsou ve
    vyšších vrstvách.\""""
    # Tile B at row 2, column 1 (place 4): the wall on its left, basalt above (0),
    # a full stack (clay) to the right (5), granite below (8).
    state = with_quarry(in_play(4), {4: ["basalt"], 0: ["basalt"], 5: FULL, 8: FULL[:2]})
    assert extraction(state["quarry"], 4)["edges"] == ["same", "higher", "higher", "wall"]
    state["current"] = 1  # Honza: seat 1, pink board
    state = act(state, 1, type="extract", place=4, flower="pink")
    assert state["turn"]["single"] == 3


def test_corner_of_the_full_quarry() -> None:
    """ "za každý okraj vybraného dílku, který sousedí s okrajem lomu": a corner tile of the
    untouched quarry has two walls and two clay tiles in the same layer."""
    state = act(in_play(4), 0, type="extract", place=0, flower="pink")
    assert state["turn"]["single"] == 4


def test_flower_match_gives_one_more_pillar() -> None:
    """ "pokud se druh květiny na vybraném dílku shoduje s druhem květiny na vaší desce hráče"."""
    state = with_quarry(in_play(4), {5: FULL[:2], 1: FULL, 4: FULL, 6: FULL, 9: FULL})
    assert act(state, 0, type="extract", place=5, flower="pink")["turn"]["single"] == 0
    assert act(state, 0, type="extract", place=5, flower="white")["turn"]["single"] == 1


def test_only_a_visible_tile_can_be_taken() -> None:
    """ "Vezměte si z lomu jeden viditelný dílek terasy.": an empty place has none."""
    state = with_quarry(in_play(4), {7: []})
    with pytest.raises(IllegalAction):
        act(state, 0, type="extract", place=7, flower="white")
    state = act(state, 0, type="tile_flower", flower="white")
    offered = [c.action["place"] for c in GAME.choices(state, 0) if c.action["type"] == "extract"]
    assert 7 not in offered and len(offered) == 15


def test_the_lower_tile_is_taken_after_the_top_one() -> None:
    """ "Dílek je považován za viditelný, když ho nepřekrývá jiný dílek.": the top first."""
    state = act(in_play(4), 0, type="extract", place=6, flower="white")
    assert state["turn"]["tile"]["material"] == "clay"
    assert state["quarry"][6] == ["basalt", "granite"]


def test_extraction_is_mandatory_before_building() -> None:
    """ "musíte provést akci těžba": no building or ending the turn before it."""
    state = in_play(4)
    with pytest.raises(IllegalAction):
        act(state, 0, type="end_turn")
    with pytest.raises(IllegalAction):
        act(state, 0, type="place_tile", tile="stored", floor=1, supports=4)


def test_only_the_player_in_turn_extracts() -> None:
    """ "Hráči se střídají v tazích po směru hodinových ručiček počínaje prvním hráčem.\""""
    state = in_play(4)
    with pytest.raises(IllegalAction):
        act(state, 1, type="extract", place=0, flower="white")
    state = act(state, 0, type="extract", place=0, flower="white")
    state = act(state, 0, type="end_turn", tile="discard")
    assert GAME.to_act(state) == [1]


def test_stored_pillars_are_in_hand_for_the_turn() -> None:
    """Pillars stored in "úložné oblasti" can be used in a later turn."""
    state = in_play(4)
    state["boards"][0]["singles"] = 5
    state["supply"]["single"] -= 5
    state = act(state, 0, type="extract", place=0, flower="pink")
    assert state["turn"]["single"] == 9
    assert state["boards"][0]["singles"] == 0


def tile_with_effect(effect: str, flower: str) -> dict:
    state = with_quarry(in_play(4), {5: FULL[:2], 1: FULL, 4: FULL, 6: FULL, 9: FULL[:1]})
    state["effect"] = effect
    return act(state, 0, type="extract", place=5, flower=flower)["turn"]


def test_effect_single_pillar() -> None:
    """ "Vezměte si 1 jednoduchý sloup ze zásoby.\""""
    assert tile_with_effect("single_pillar", "pink")["single"] == 2
    assert tile_with_effect("none", "pink")["single"] == 1


def test_effect_double_pillar() -> None:
    """ "Vezměte si 1 dvojité sloup ze zásoby.\""""
    turn = tile_with_effect("double_pillar", "pink")
    assert (turn["single"], turn["double"]) == (1, 1)


def test_effect_flower_gives_two() -> None:
    """ "Pokud se druh květiny na dílku terasy shoduje s druhem květiny na vaší desce hráče,
    získáte 2 jednoduché sloupy namísto 1.\""""
    assert tile_with_effect("flower_two", "white")["single"] == 3
    assert tile_with_effect("flower_two", "pink")["single"] == 1


def test_effect_one_fewer() -> None:
    """ "Když si z lomu vezmete dílek terasy, získáte o 1 jednoduchý sloup méně.\""""
    assert tile_with_effect("one_fewer", "white")["single"] == 1
    state = with_quarry(in_play(4), {5: FULL[:2], 1: FULL, 4: FULL, 6: FULL, 9: FULL})
    state["effect"] = "one_fewer"
    assert act(state, 0, type="extract", place=5, flower="pink")["turn"]["single"] == 0


def test_phone_asks_the_flower_then_the_tile() -> None:
    """Two taps: the flower on the tile, then the tile with the pillars it gives ("Ihned
    získáte 1 jednoduchý sloup ... pokud se druh květiny na vybraném dílku shoduje s druhem
    květiny na vaší desce hráče")."""
    state = in_play(4)
    first = GAME.choices(state, 0)
    assert [c.action for c in first] == [
        {"type": "tile_flower", "flower": flower} for flower in ("white", "pink", "yellow", "blue")
    ]
    assert first[0].label["text"] == "Tile with your %(flower)s"
    assert all(not c.fields for c in first)
    # White is seat 0's own flower: the corner gives 4 edges + 1.
    own = act(state, 0, type="tile_flower", flower="white")
    tiles = [c for c in GAME.choices(own, 0) if c.action["type"] == "extract"]
    assert len(tiles) == 16 and all(not c.fields for c in tiles)
    assert tiles[0].action == {"type": "extract", "place": 0, "flower": "white"}
    assert tiles[0].label["args"]["pillars"] == 5
    other = act(state, 0, type="tile_flower", flower="pink")
    assert GAME.choices(other, 0)[0].label["args"]["pillars"] == 4
    view = GAME.view(other, 0)["quarry_view"][0]
    assert (view["plain"], view["own"], view["seen"]) == (4, 5, 4)
    # Going back offers the four flowers again; the extraction clears the flower.
    back = act(other, 0, type="tile_flower", flower=None)
    assert back["seen_flower"] is None
    taken = act(other, 0, **tiles[0].action)
    assert taken["seen_flower"] is None and taken["turn"]["single"] == 5


def test_one_pillar_label_is_singular() -> None:
    """English counts: "1 pillar", never "1 pillars"."""
    state = with_quarry(in_play(4), {5: FULL[:2], 1: FULL, 4: FULL, 6: FULL, 9: FULL[:1]})
    state = act(state, 0, type="tile_flower", flower="pink")
    label = next(c.label for c in GAME.choices(state, 0) if c.action.get("place") == 5)
    assert render_english(label).endswith(": 1 pillar")


def test_flower_step_is_refused_out_of_turn_and_for_bad_flowers() -> None:
    """Only the player in turn extracts; the flower must be one of the four."""
    state = in_play(4)
    for seat, flower in ((1, "white"), (0, "green"), (0, ["white"])):
        with pytest.raises(IllegalAction):
            act(state, seat, type="tile_flower", flower=flower)
