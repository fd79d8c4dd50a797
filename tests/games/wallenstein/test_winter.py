"""Winter: grain loss, hunger revolts, scoring, the end of the game."""

from __future__ import annotations

import copy

import pytest

from games.base import IllegalAction
from games.wallenstein import GAME, scoring, winter
from games.wallenstein.board import owned_lands
from games.wallenstein.data import ARMIES_PER_PLAYER as ARMIES
from games.wallenstein.data import hunger_revolts

from .helpers import army_total, do, drop, in_season, peasant_total

A, B, C = 0, 1, 2


def _winter(grain: list[int], order: list[int] | None = None, year: int = 1, prepare=None):
    """Autumn just ended (year cards 15, 2, 4, 10; 10 is the last: -2 grain)."""
    state = in_season(order=order or [A, B, C])
    state["season"] = "autumn"
    state["year"] = year
    state["events"]["used"] = [15, 2, 4]
    state["grain"] = list(grain)
    if prepare:
        prepare(state)
    winter.start_winter(state)
    return state


def test_grain_loss_from_the_last_event_card() -> None:
    """„Číslo na poslední kartě událostí určuje množství obilí, které bude ztraceno. Každý hráč
    odečte daný počet bodů na počítadle obilí.“ (card 10: -2 grain)"""
    state = _winter([20, 12, 1])
    assert state["winter"]["loss"] == 2
    assert state["grain"] == [18, 10, 0]


@pytest.mark.parametrize(
    ("shortage", "lands", "extra"),
    [
        (0, 0, 0),
        (1, 1, 1),
        (2, 1, 2),
        (3, 2, 2),
        (4, 2, 2),
        (5, 2, 3),
        (6, 2, 3),
        (7, 3, 3),
        (9, 3, 3),
    ],
)
def test_revolt_table(shortage: int, lands: int, extra: int) -> None:
    """„Levý sloupec ukazuje množství obilí, které se hráči nedostává ... Střední sloupec ... počet
    zemí, ve kterých revolty vypukly ... Pravý sloupec určuje, kolik armád sedláků je přidáno.“"""
    assert hunger_revolts(shortage) == (lands, extra)
    state = _winter([9 + 2 - shortage, 11, 11])  # A owns 9 lands; 2 are lost to the winter card
    queue = state["winter"]["queue"]
    if lands:
        assert queue == [{"seat": A, "draws": lands, "extra": extra, "drawn": []}]
        assert state["stage"] == "hunger_draw"
    else:
        assert queue == [] and state["winters"]


def test_rulebook_revolt_example() -> None:
    """„Josef má o 2 body obilí méně než zemí. Hráč po jeho levici náhodně vybere jednu kartu
    z jeho karet zemí (zahrnuty jsou i prázdné karty). V této vybrané zemi je jeden žeton
    revolty. Vypukne revolta a Josef se bude bránit proti třem armádám sedláků.“"""

    def one_marker(state):
        state["lands"]["mark"]["revolt"] = 1

    state = _winter([9, 11, 11], prepare=one_marker)
    assert GAME.to_act(state) == [B]  # the player on the left draws
    with pytest.raises(IllegalAction):
        do(state, B, type="revolt_card", card="strassburg")  # not Josef's card
    state = do(state, B, type="revolt_card", card="mark")
    assert state["battle"]["throw"]["peasants"] == 3
    assert GAME.to_act(state) == [A]
    state = do(state, A, type="defend", count=5)
    state = drop(state, [4, 0, 0], peasants=3)
    assert state["lands"]["mark"]["armies"] == 1  # 4 out, 3 lost
    assert state["stage"] == "year_events"
    assert army_total(state, A) == ARMIES and peasant_total(state) == 20


def test_blank_card_means_no_revolt() -> None:
    """„(zahrnuje i prázdné karty)“: a blank card drawn spares the player."""
    state = _winter([9, 11, 11])
    state = do(state, B, type="revolt_card", card="blank")
    assert state["stage"] == "year_events"
    assert state["battle"] is None


def test_lost_hunger_revolt_devastates() -> None:
    """„Pokud je revolta sedláků úspěšná, hráč přijde o zemi.“"""
    state = _winter([9, 11, 11])
    state = do(state, B, type="revolt_card", card="mark")
    state = do(state, A, type="defend", count=0)
    state = drop(state, [0, 0, 0], peasants=2)
    assert state["lands"]["mark"]["owner"] is None
    assert state["winters"][0][A]["lands"] == 8


def test_revolts_follow_the_autumn_order() -> None:
    """„Pořadí revolt odpovídá pořadí hráčů kola, které bylo určeno během podzimní fáze.“"""
    state = _winter([0, 0, 11], order=[C, B, A])
    assert [item["seat"] for item in state["winter"]["queue"]] == [B, A]
    assert GAME.to_act(state) == [C]  # left of B


def test_winter_scoring_lands_buildings_and_majorities() -> None:
    """„Za každou zemi a budovu, kterou hráč vlastní, získá jeden vítězný bod. ... Za většinu
    paláců v regionu získá 3 VB, za kostely 2 VB a za obchody 1 VB. Při shodě jsou body uděleny
    každému z hráčů, ale o jeden bod méně (2 VB za paláce, 1 za kostely, 0 za obchody).“
    Example: „Josef a Monika mají stejný počet paláců v regionu Grandenburg. Oba dostanou 2 body.
    Kdyby měl Josef víc paláců, mohl by dostat body 3.“"""

    def build(state):
        state["lands"]["osnabrueck"]["palace"] = True  # A, Brandenburg
        state["lands"]["mittelmark"]["palace"] = True  # B, Brandenburg: tie
        state["lands"]["mittelmark"]["trade"] = True  # B alone: 1
        state["lands"]["lueneburg"]["trade"] = True  # C: tie with B... 1 each -> 0
        state["lands"]["mark"]["church"] = True  # A alone in Kurpfalz: 2

    state = _winter([11, 11, 11], prepare=build)
    first = state["winters"][0]
    assert first[A] == {"lands": 9, "buildings": 2, "palace": 2, "church": 2, "trade": 0}
    assert first[B] == {"lands": 9, "buildings": 2, "palace": 2, "church": 0, "trade": 0}
    assert first[C] == {"lands": 9, "buildings": 1, "palace": 0, "church": 0, "trade": 0}
    scores = GAME.scores(state)
    assert scores[A]["total"] == 15
    assert scores[A]["breakdown"]["Winter 1: palace majority points"] == 2

    def josef_more(state):
        build(state)
        state["lands"]["oberoesterreich"]["palace"] = True  # Österreich, not Brandenburg
        state["lands"]["vorpommern"].update({"owner": A, "palace": True})

    more = _winter([12, 11, 11], prepare=josef_more)
    assert more["winters"][0][A]["palace"] == 3 + 3  # Brandenburg 2:1 and Österreich


def test_markers_removed_after_winter() -> None:
    """„Všechny žetony revolty jsou na konci zimního období z hrací desky odstraněny!“"""

    def markers(state):
        state["lands"]["mark"]["revolt"] = 2
        state["lands"]["strassburg"]["revolt"] = 1

    state = _winter([11, 11, 11], prepare=markers)
    assert all(info["revolt"] == 0 for info in state["lands"].values())
    assert state["year"] == 2 and state["grain"] == [0, 0, 0]


def test_game_ends_after_second_winter_with_tie_breaks() -> None:
    """„Hra končí po skončení druhé zimy. Vítězem se stane hráč s největším počtem bodů za oba roky.
    V případě shody zvítězí hráč s větším počtem paláců, případně kostelů, nakonec obchodů. Pokud
    je výsledek stále nerozhodný, podělí se tito hráči o vítězství.“"""

    def setup_tie(state):
        # all three own 9 lands; A and B one trading house each, both in Kurpfalz: tied
        # majority of trading houses gives 1 - 1 = 0
        state["lands"]["mark"]["trade"] = True
        state["lands"]["strassburg"]["trade"] = True
        state["winters"] = [
            [{"lands": 0, "buildings": 0, "palace": 0, "church": 0, "trade": 0}] * 3
        ]

    state = _winter([11, 11, 11], year=2, prepare=setup_tie)
    assert state["stage"] == "game_over" and GAME.to_act(state) == []
    totals = [score["total"] for score in GAME.scores(state)]
    assert totals == [10, 10, 9]  # 9 lands + 1 building; the tied trading houses give 0
    outcome = GAME.outcome(state)
    assert outcome["winners"] == [A, B] and outcome["ranking"] == [[A, B], [C]]

    def palace_breaks_tie(state):
        setup_tie(state)
        state["lands"]["mark"]["trade"] = False
        state["lands"]["mark"]["palace"] = True  # A: 1 building, 3 majority
        state["lands"]["strassburg"]["trade"] = False
        state["lands"]["strassburg"]["church"] = True  # B: 1 building, 2 majority
        state["lands"]["augsburg"]["trade"] = True  # C: 1 building, 1 majority
        state["lands"]["lausitz"]["owner"] = None  # C one land less ...
        state["lands"]["oberpfalz"].update({"owner": C, "armies": 0})
        state["lands"]["boehmen"]["trade"] = True  # C: trading houses in Bayern and Österreich

    state = _winter([11, 11, 11], year=2, prepare=palace_breaks_tie)
    totals = [score["total"] for score in GAME.scores(state)]
    assert totals == [13, 12, 13]  # A 9+1+3, B 9+1+2, C 9+2+1+1
    assert GAME.outcome(state)["ranking"] == [[A], [C], [B]]  # A: more palaces


def test_final_ranking_recount() -> None:
    """The final ranking uses the buildings on the board at the end."""
    state = in_season()
    state["winters"] = [[{"lands": 1, "buildings": 0, "palace": 0, "church": 0, "trade": 0}] * 3]
    state["lands"]["strassburg"]["church"] = True
    assert scoring.final_ranking(state) == [[B], [A, C]]


def test_winter_preview_in_view() -> None:
    """The issue: „The table view shows, at any time, what the winter would give if it came now“."""
    state = in_season()
    state["lands"]["mark"]["palace"] = True
    view = GAME.view(state, None)
    assert view["preview"][A] == {"lands": 9, "buildings": 1, "palace": 3, "church": 0, "trade": 0}
    assert view["majorities"]["Kurpfalz"]["palace"] == [3, 0, 0]


def test_draw_refuses_a_card_twice() -> None:
    state = _winter([6, 11, 11])  # shortage 5: two revolting lands
    state = do(state, B, type="revolt_card", card="blank")
    before = copy.deepcopy(state)
    state2 = do(state, B, type="revolt_card", card="mark")
    assert state2["stage"] == "defend"
    assert state == before
    assert len(owned_lands(state, A)) == 9
