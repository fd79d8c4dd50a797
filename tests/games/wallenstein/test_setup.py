"""Set-up: supplies, excluded lands, the first fill of the tower, land allocation."""

from __future__ import annotations

import copy

import pytest

from games.base import IllegalAction
from games.wallenstein import GAME
from games.wallenstein.board import deck, owned_lands
from games.wallenstein.data import ARMIES_PER_PLAYER as ARMIES
from games.wallenstein.data import FIXED_ALLOCATIONS, lands, lands_in_play

from .helpers import NAMES, army_total, do, drop, drop_all_out, new_game, peasant_total


@pytest.mark.parametrize("count", [1, 2, 6])
def test_player_counts(count: int) -> None:
    """„Počet hráčů 3-5“"""
    with pytest.raises(IllegalAction):
        GAME.setup(NAMES[:count] + ["X"] * max(0, count - 5))


@pytest.mark.parametrize(("count", "gold"), [(3, 18), (4, 15), (5, 13)])
def test_starting_gold(count: int, gold: int) -> None:
    """„truhličky zlata v hodnotě 18 zlatých pro 3 hráče / 15 zlatých pro 4 hráče /
    13 zlatých pro 5 hráčů“"""
    assert GAME.setup(NAMES[:count])["gold"] == [gold] * count


def test_three_players_leave_out_eight_lands() -> None:
    """„Pokud hrají jen tři hráči, následujících osm zemí nebudou do hry zahrnuto ...
    Bremen, Holstein, Bm. Lüttich, Burgund, Bm. Konstanz, Fm. Bayern, Steiermark, Tirol.“"""
    state = GAME.setup(NAMES[:3])
    left_out = {
        "bremen",
        "holstein",
        "luettich",
        "burgund",
        "konstanz",
        "bayern",
        "steiermark",
        "tirol",
    }
    assert len(state["lands"]) == 37
    assert left_out.isdisjoint(state["lands"])
    assert len(GAME.setup(NAMES[:4])["lands"]) == 45


def test_first_fill_of_the_tower() -> None:
    """„Do věže se najednou vhodí 7 kostiček armád každého hráče a 10 neutrálních zelených armád.
    Kostičky, které věží propadnou do nádoby, jsou vráceny zpět hráčům do jejich zásoby.“"""
    state = GAME.setup(NAMES[:3])
    assert state["stage"] == "drop"
    assert state["battle"]["throw"] == {"armies": [7, 7, 7], "peasants": 10}
    state = drop(state, [3, 7, 0], peasants=4)
    assert state["tower"] == {"armies": [4, 0, 7], "peasants": 6}
    assert state["supply"] == [ARMIES - 4, ARMIES, ARMIES - 7]
    assert state["tray"] == {"armies": [0, 0, 0], "peasants": 0}
    assert state["peasant_supply"] == 14
    assert state["stage"] == "draft"


def test_first_fill_refuses_more_than_was_thrown() -> None:
    """The ledger: no more than 7 cubes of a player can come out of the first fill."""
    state = GAME.setup(NAMES[:3])
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction):
        drop(state, [8, 0, 0])
    with pytest.raises(IllegalAction):
        drop(state, [0, 0, 0], peasants=11)
    assert state == before


@pytest.mark.parametrize("count", [3, 4, 5])
def test_fixed_allocations(count: int) -> None:
    """„Varianta: Hráči mohou využít připravené rozdělení zemí, které je uvedeno na konci
    pravidel." Every player gets the printed lands with 5, 4, 4, 3, 3, 2, ... armies."""
    state = new_game(count)
    groups = {
        3: [5, 4, 4, 3, 3, 2, 2, 2, 2],
        4: [5, 4, 4, 3, 3, 2, 2, 2],
        5: [5, 4, 4, 3, 3, 2, 2],
    }[count]
    for seat, allocation in enumerate(FIXED_ALLOCATIONS[count]):
        assert sorted(owned_lands(state, seat)) == sorted(land for land, _n in allocation)
        assert [n for _land, n in allocation] == groups
        for land, armies in allocation:
            assert state["lands"][land]["armies"] == armies
        assert army_total(state, seat) == ARMIES
    all_lands = [land for allocation in FIXED_ALLOCATIONS[count] for land, _n in allocation]
    assert len(set(all_lands)) == len(all_lands)
    assert set(all_lands) <= set(lands_in_play(count))
    assert state["stage"] == "year_events"


def _draft_game(count: int = 3) -> dict:
    return drop_all_out(GAME.setup(NAMES[:count], {"allocation": "draft"}))


def test_draft_first_turn_two_cards_face_up() -> None:
    """„Ze zamíchaného balíčku karet se dvě líznou a vyloží vedle lícem nahoru.“"""
    state = _draft_game()
    assert GAME.to_act(state) == [0]
    with pytest.raises(IllegalAction):
        do(state, 0, type="take", **{"from": "deck", "land": "altmark"})
    state = do(state, 0, type="reveal_land", land="altmark")
    state = do(state, 0, type="reveal_land", land="anhalt")
    with pytest.raises(IllegalAction):
        do(state, 0, type="reveal_land", land="lausitz")
    assert state["draft"]["face_up"] == ["altmark", "anhalt"]


def test_draft_take_face_up_places_next_group_and_refills() -> None:
    """„První hráč si může vybrat, zda si vezme jednu z otočených karet, nebo vrchní neotočenou
    z balíčku. Potom musí umístit všechny kostičky z jedné skupiny armád do právě zvolené země.
    ... Na místo odebrané karty hráč, který je na řadě, lízne z balíčku novou.“"""
    state = _draft_game()
    state = do(state, 0, type="reveal_land", land="altmark")
    state = do(state, 0, type="reveal_land", land="anhalt")
    state = do(state, 0, type="take", group=5, **{"from": "face_up", "land": "anhalt"})
    assert state["lands"]["anhalt"] == {**state["lands"]["anhalt"], "owner": 0, "armies": 5}
    assert GAME.to_act(state) == [1]
    # the next player first fills the empty place
    with pytest.raises(IllegalAction):
        do(state, 1, type="take", group=5, **{"from": "face_up", "land": "altmark"})
    state = do(state, 1, type="reveal_land", land="lausitz")
    state = do(state, 1, type="take", group=5, **{"from": "face_up", "land": "altmark"})
    assert state["lands"]["altmark"]["owner"] == 1
    assert state["lands"]["altmark"]["armies"] == 5


def test_draft_refresh_only_when_same_cards_as_before() -> None:
    """„Pokud má výběr ze stejných karet z předešlého kola, může tyto dvě karty vrátit na konec
    balíčku a dvě nově líznuté položit vedle balíčku.“"""
    state = _draft_game()
    state = do(state, 0, type="reveal_land", land="altmark")
    state = do(state, 0, type="reveal_land", land="anhalt")
    with pytest.raises(IllegalAction):
        do(state, 0, type="refresh")  # nothing before the first player
    state = do(state, 0, type="take", group=3, **{"from": "deck", "land": "lausitz"})
    assert state["lands"]["lausitz"]["owner"] == 0
    # player 1 sees the same two cards: may put them under the deck
    state = do(state, 1, type="refresh")
    assert state["draft"]["face_up"] == []
    with pytest.raises(IllegalAction):
        do(state, 1, type="refresh")
    with pytest.raises(IllegalAction):  # under the deck: cannot come up again yet
        do(state, 1, type="reveal_land", land="altmark")
    state = do(state, 1, type="reveal_land", land="mark")
    state = do(state, 1, type="reveal_land", land="trier")
    state = do(state, 1, type="take", group=2, **{"from": "face_up", "land": "mark"})
    state = do(state, 2, type="reveal_land", land="passau")
    with pytest.raises(IllegalAction):  # the cards changed
        do(state, 2, type="refresh")


def test_draft_runs_to_the_end_and_places_every_group() -> None:
    """„Když jsou všechna hráčská políčka prázdná (9 políček pro 3 hráče, 8 pro 4 a 7 pro 5),
    přidělování zemí končí.“"""
    state = _draft_game(4)
    turns = 0
    while state["stage"] == "draft":
        seat = GAME.to_act(state)[0]
        if state["draft"]["face_up"] and len(state["draft"]["face_up"]) == 2:
            group = max(state["draft"]["groups"][seat])
            state = do(
                state,
                seat,
                type="take",
                group=group,
                **{"from": "deck", "by_app": True},
                seed=turns,
            )
        else:
            state = do(state, seat, type="reveal_land", by_app=True, seed=turns)
        turns += 1
    assert state["stage"] == "year_events"
    for seat in range(4):
        armies = sorted(
            (state["lands"][land]["armies"] for land in owned_lands(state, seat)), reverse=True
        )
        assert armies == [5, 4, 4, 3, 3, 2, 2, 2]
        assert army_total(state, seat) == ARMIES
    assert len(deck(state)) == 45 - 32
    assert peasant_total(state) == 20
    assert all(land in lands() for land in state["lands"])


def test_draft_player_chooses_which_group_goes_into_the_land() -> None:
    """„Potom musí umístit všechny kostičky z jedné skupiny armád do právě zvolené země. Jednou
    umístěné armády se již nesmí přesouvat do jiné, nově vybrané země.“ - any group left on the
    board, chosen by the player; a group placed is gone from the board."""
    state = _draft_game()
    state = do(state, 0, type="reveal_land", land="altmark")
    state = do(state, 0, type="reveal_land", land="anhalt")
    offered = {
        (choice.action.get("land"), choice.action.get("group"))
        for choice in GAME.choices(state, 0)
        if choice.action.get("from") == "face_up"
    }
    assert offered == {(land, size) for land in ("altmark", "anhalt") for size in (5, 4, 3, 2)}
    state = do(state, 0, type="take", group=2, **{"from": "face_up", "land": "anhalt"})
    assert state["lands"]["anhalt"]["armies"] == 2
    assert sorted(state["draft"]["groups"][0], reverse=True) == [5, 4, 4, 3, 3, 2, 2, 2]
    assert state["supply"][0] == ARMIES - 2  # the first fill all came out


@pytest.mark.parametrize("group", [None, 6, 1, "5", 5.0, True, [5]])
def test_draft_refuses_a_group_that_is_not_on_the_board(group) -> None:
    """„...všechny kostičky z jedné skupiny armád“: only a group still on the board."""
    state = _draft_game()
    state = do(state, 0, type="reveal_land", land="altmark")
    state = do(state, 0, type="reveal_land", land="anhalt")
    before = copy.deepcopy(state)
    action = {"from": "face_up", "land": "anhalt"}
    if group is not None:
        action["group"] = group
    with pytest.raises(IllegalAction):
        do(state, 0, type="take", **action)
    assert state == before


def test_draft_last_group_of_a_size_is_no_longer_offered() -> None:
    """„Když jsou všechna hráčská políčka prázdná ... přidělování zemí končí.“ - a size whose
    groups are all placed cannot be chosen again."""
    state = _draft_game()
    state = do(state, 0, type="reveal_land", land="altmark")
    state = do(state, 0, type="reveal_land", land="anhalt")
    state = do(state, 0, type="take", group=5, **{"from": "face_up", "land": "anhalt"})
    state = do(state, 1, type="reveal_land", land="lausitz")
    state = do(state, 1, type="take", group=4, **{"from": "face_up", "land": "lausitz"})
    state = do(state, 2, type="reveal_land", land="mark")
    state = do(state, 2, type="take", group=2, **{"from": "face_up", "land": "mark"})
    state = do(state, 0, type="reveal_land", land="trier")
    with pytest.raises(IllegalAction):
        do(state, 0, type="take", group=5, **{"from": "face_up", "land": "trier"})
    groups = {
        c.action.get("group") for c in GAME.choices(state, 0) if c.action.get("from") == "face_up"
    }
    assert groups == {4, 3, 2}


def test_a_player_has_61_armies_besides_the_grain_marker() -> None:
    """„62x kostičky označující armády pro každého hráče“ and „Každý hráč položí jednu
    kostičku jako žeton na počítadlo obilí na plánu“: 61 cubes are armies."""
    state = GAME.setup(NAMES[:3])
    assert ARMIES == 61
    assert [army_total(state, seat) for seat in range(3)] == [61, 61, 61]
    assert state["supply"] == [61 - 7] * 3
