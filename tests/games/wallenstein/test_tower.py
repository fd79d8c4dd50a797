"""Battles, revolts and the ledger of the cube tower."""

from __future__ import annotations

import copy

import pytest

from games.base import IllegalAction
from games.wallenstein import GAME
from games.wallenstein.data import ARMIES_PER_PLAYER as ARMIES

from .helpers import (
    NAMES,
    army_total,
    clear_land,
    do,
    drop,
    enter_events,
    in_season,
    peasant_total,
    start_season,
)

BLUE, RED, YELLOW = 0, 1, 2


def _battle_table(tower_red: int = 1, tower_green: int = 1, card: str = "move_a", event: int = 15):
    """Spring, the first card ``card``; blue in Altmark (5), red in Anhalt (3)."""
    state = GAME.setup(NAMES[:3], {"allocation": "fixed"})
    state = drop(state, [7, 7 - tower_red, 7], peasants=10 - tower_green)
    state = enter_events(state, [event, 2, 4, 10] if event != 2 else [2, 15, 4, 10])
    state = start_season(state, [card], [BLUE, RED, YELLOW], event)
    state = clear_land(state, "altmark", BLUE, 5)
    state = clear_land(state, "anhalt", RED, 3)
    return state


def test_rulebook_battle_example() -> None:
    """„Do věže jsou vhozeny čtyři modré a tři červené armády. Tři modré a čtyři červené armády
    (jedna již byla ve věži) a jedna zelená (také z věže) vypadnou do nádoby. Pokud sedláci
    podporovali v obraně červeného, má celkem 5 armád oproti 3 armádám modrého. Červený vrátí
    2 své armády do země, zbylé jsou vráceny všem hráčům do zásoby (červená, zelená, modrá).“"""
    state = _battle_table()
    supply = list(state["supply"])
    peasants = state["peasant_supply"]
    state = do(state, BLUE, type="play", land="altmark", to="anhalt", count=4)
    assert state["stage"] == "defend" and GAME.to_act(state) == [RED]
    state = do(state, RED, type="defend", count=3)
    assert GAME.view(state, None)["going_in"] == {"armies": [4, 3, 0], "peasants": 0}
    state = drop(state, [3, 4, 0], peasants=1)
    anhalt = state["lands"]["anhalt"]
    assert anhalt["owner"] == RED and anhalt["armies"] == 2
    assert state["lands"]["altmark"]["armies"] == 1
    assert state["supply"][BLUE] == supply[BLUE] + 3
    assert state["supply"][RED] == supply[RED] + 2
    assert state["peasant_supply"] == peasants + 1
    assert state["tower"] == {"armies": [1, 0, 0], "peasants": 0}
    assert state["last_battle"]["totals"] == {"attacker": 3, "defender": 5}
    assert all(army_total(state, seat) == ARMIES for seat in range(3))
    assert peasant_total(state) == 20


def test_ledger_refuses_more_cubes_than_can_be_in_the_tower() -> None:
    """The issue: „an impossible entry (more cubes of a colour than could be in the tower) is
    refused“ - here 4 blue went in, 4 red (3 + 1 inside), 1 green and no yellow."""
    state = _battle_table()
    state = do(state, BLUE, type="play", land="altmark", to="anhalt", count=4)
    state = do(state, RED, type="defend", count=3)
    before = copy.deepcopy(state)
    for armies, peasants in (([5, 0, 0], 0), ([0, 5, 0], 0), ([0, 0, 1], 0), ([0, 0, 0], 2)):
        with pytest.raises(IllegalAction):
            drop(state, armies, peasants)
    assert state == before
    drop(state, [4, 4, 0], 1)  # the most that can come out is accepted


def test_cubes_of_others_stay_in_the_tray_and_are_thrown_next_time() -> None:
    """„Pokud během bitvy z věže vypadnou armády náležející ostatním hráčům, kteří nejsou zataženi
    do konfliktu, zůstanou v nádobě až do další bitvy, kdy budou znovu vhozeny do věže.“"""
    state = GAME.setup(NAMES[:3], {"allocation": "fixed"})
    state = drop(state, [7, 7, 5], peasants=10)  # 2 yellow stay in the tower
    state = enter_events(state, [15, 2, 4, 10])
    state = start_season(state, ["move_a", "move_b"], [BLUE, RED, YELLOW], 15)
    state = clear_land(state, "altmark", BLUE, 5)
    state = clear_land(state, "anhalt", RED, 3)
    state = do(state, BLUE, type="play", land="altmark", to="anhalt", count=4)
    state = do(state, RED, type="defend", count=0)
    state = drop(state, [2, 0, 2])
    assert state["tray"]["armies"] == [0, 0, 2]
    assert state["lands"]["anhalt"]["owner"] == BLUE  # 2 against 0: conquered
    assert state["lands"]["anhalt"]["armies"] == 2
    assert (
        state["supply"][RED]
        + sum(i["armies"] for i in state["lands"].values() if i["owner"] == RED)
        == ARMIES
    )  # the 3 red left at home went back to the supply
    assert army_total(state, YELLOW) == ARMIES
    # the next battle throws the tray too
    state = do(state, RED, type="play", land="blank")
    state = do(state, YELLOW, type="play", land="blank")
    state = do(state, BLUE, type="play", land="blank")  # move_b is next: blue attacks again
    state = clear_land(state, "mittelmark", RED, 2)
    state = do(state, RED, type="play", land="mittelmark", to="altmark", count=1)
    state = do(state, BLUE, type="defend", count=1)
    assert GAME.view(state, None)["going_in"] == {"armies": [1, 1, 2], "peasants": 0}


def test_peasants_are_neutral_when_more_than_one_marker() -> None:
    """„Pokud napadená země nemá více než jeden žeton revolty, připojí se armáda sedláků v bitvě
    na stranu obránce. Jinak budou sedláci neutrální, nebudou ve výsledku započítány k žádné
    straně a zůstanou v nádobě.“"""
    state = _battle_table()
    state["lands"]["anhalt"]["revolt"] = 2
    state = do(state, BLUE, type="play", land="altmark", to="anhalt", count=4)
    state = do(state, RED, type="defend", count=3)
    state = drop(state, [3, 2, 0], peasants=1)
    assert state["lands"]["anhalt"]["owner"] == BLUE
    assert state["lands"]["anhalt"]["armies"] == 1
    assert state["lands"]["anhalt"]["revolt"] == 2  # markers stay with a conquered land
    assert state["tray"]["peasants"] == 1


def test_draw_devastates_the_land() -> None:
    """„Dojde-li k nerozhodnému výsledku, je země totálně zničena: žetony budov i revolty jsou
    odstraněny a karta země je vrácena zpět do balíčku nepřidělených zemí.“"""
    state = _battle_table()
    state["lands"]["anhalt"].update({"palace": True, "revolt": 1})
    state = do(state, BLUE, type="play", land="altmark", to="anhalt", count=4)
    state = do(state, RED, type="defend", count=2)
    state = drop(state, [2, 1, 0], peasants=1)
    assert state["lands"]["anhalt"] == {
        "owner": None,
        "armies": 0,
        "palace": False,
        "church": False,
        "trade": False,
        "revolt": 0,
    }
    assert all(army_total(state, seat) == ARMIES for seat in range(3))


def test_conquest_takes_the_card_and_cancels_its_planned_action() -> None:
    """„Když útočník zvítězil, dobyl zemi, získá hned od obránce kartu země, dokonce i když leží
    na plánované a ještě neprovedená akci (akce pro tuto zemi tím bude pro tohoto hráče zrušena).“"""
    state = _battle_table()
    state["season_state"]["cards"][RED].append("anhalt")
    state = do(state, BLUE, type="play", land="altmark", to="anhalt", count=4)
    state = do(state, RED, type="defend", count=3)
    state = drop(state, [4, 1, 0], peasants=1)
    assert state["lands"]["anhalt"]["owner"] == BLUE
    assert state["lands"]["anhalt"]["armies"] == 2  # 4 out, 2 lost to red + green
    with pytest.raises(IllegalAction):
        do(state, RED, type="play", land="anhalt")
    # the space is now empty: "no card" is allowed for it
    state = do(state, RED, type="play", land="none")
    assert GAME.to_act(state) == [YELLOW]


def test_attack_on_unoccupied_land() -> None:
    """„Neobsazená země je bráněna jednou armádou sedláků. ... Pokud útočník dobude zemi, obdrží
    její kartu z balíčku a na plán je do této země přidán žeton revolty.“"""
    state = _battle_table(tower_red=0, tower_green=0)
    state = clear_land(state, "anhalt", None)
    peasants = state["peasant_supply"]
    state = do(state, BLUE, type="play", land="altmark", to="anhalt", count=3)
    assert state["stage"] == "drop"  # nobody chooses defenders
    assert state["battle"]["throw"] == {"armies": [3, 0, 0], "peasants": 1}
    assert state["peasant_supply"] == peasants - 1
    state = drop(state, [2, 0, 0], peasants=1)
    anhalt = state["lands"]["anhalt"]
    assert (anhalt["owner"], anhalt["armies"], anhalt["revolt"]) == (BLUE, 1, 1)
    assert state["peasant_supply"] == peasants


def test_unoccupied_land_holds() -> None:
    """„Strana, která má méně jednotek v nádobě, prohrála a přemístí své armády zpět do zásoby.“"""
    state = _battle_table(tower_red=0, tower_green=0)
    state = clear_land(state, "anhalt", None)
    state = do(state, BLUE, type="play", land="altmark", to="anhalt", count=3)
    state = drop(state, [0, 0, 0], peasants=1)
    assert state["lands"]["anhalt"]["owner"] is None
    assert state["tower"]["armies"][BLUE] == 3
    assert peasant_total(state) == 20


def test_tax_revolt_and_new_marker() -> None:
    """„b) Pokud je v zemi alespoň jeden žeton revolty, potom revolta vypukne. V následující bitvě
    může hráč použít tolik armád, kolik chce; počet armád sedláků odpovídá počtu žetonů revolty.
    c) Hráč přidá žeton revolty do této země.“"""
    state = _battle_table(card="taxes", tower_red=0, tower_green=0)
    state["lands"]["altmark"]["revolt"] = 2
    gold = state["gold"][BLUE]
    state = do(state, BLUE, type="play", land="altmark")
    assert state["gold"][BLUE] == gold + 6
    assert state["stage"] == "defend" and state["battle"]["throw"]["peasants"] == 2
    state = do(state, BLUE, type="defend", count=4)
    state = drop(state, [3, 0, 0], peasants=2)
    assert state["lands"]["altmark"]["armies"] == 1 + 1
    assert state["lands"]["altmark"]["revolt"] == 3
    assert GAME.to_act(state) == [RED]


def test_lost_revolt_devastates_and_adds_no_marker() -> None:
    """„Pokud je revolta sedláků úspěšná, hráč přijde o zemi. Země je celkově zpustošena (žetony
    budov a revolt jsou odstraněny) a karta země je vrácena zpět do balíčku.“"""
    state = _battle_table(card="grain", tower_red=0, tower_green=0)
    state["lands"]["altmark"].update({"revolt": 1, "church": True})
    state = do(state, BLUE, type="play", land="altmark")
    state = do(state, BLUE, type="defend", count=2)
    state = drop(state, [0, 0, 0], peasants=1)
    assert state["lands"]["altmark"]["owner"] is None
    assert state["lands"]["altmark"]["revolt"] == 0
    assert state["lands"]["altmark"]["church"] is False
    assert army_total(state, BLUE) == ARMIES and peasant_total(state) == 20


def test_simulated_tower_is_reproducible_and_possible() -> None:
    """„by_app“: the app draws with the entry's seed from what it knows is in the tower."""
    state = _battle_table()
    state = do(state, BLUE, type="play", land="altmark", to="anhalt", count=4)
    state = do(state, RED, type="defend", count=3)
    first = do(state, 0, type="drop", by_app=True, seed=7)
    assert first == do(state, 1, type="drop", by_app=True, seed=7)
    assert all(army_total(first, seat) == ARMIES for seat in range(3))
    assert peasant_total(first) == 20


def test_in_season_helper_defaults() -> None:
    state = in_season()
    assert state["stage"] == "act"
