"""A. Těžba: taking a tile from the quarry and the pillars it gives."""

from __future__ import annotations

import pytest

from games.babylon import GAME
from games.babylon.quarry import extraction
from games.base import IllegalAction
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
    assert GAME.choices(state, 0)[7].disabled is not None


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


def test_phone_shows_the_pillars_of_each_place() -> None:
    """The phone offers every visible tile with its pillars before and after the flower."""
    choices = GAME.choices(in_play(4), 0)
    assert len(choices) == 16
    corner = choices[0].label["args"]
    assert (corner["plain"], corner["matching"]) == (4, 5)
    assert choices[0].fields[0].default == "white"
