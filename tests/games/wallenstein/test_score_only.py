"""Score-only mode: the board entered at each winter, scored as the rules score it."""

from __future__ import annotations

import copy

import pytest

from games.base import IllegalAction
from games.wallenstein import GAME

from .helpers import NAMES, do

A, B, C = 0, 1, 2


def _table():
    return GAME.setup(NAMES[:3], {"mode": "scoring"})


def _land(state, land: str, owner: int, *buildings: str):
    return do(state, A, type="land", land=land, owner=owner, buildings=list(buildings))


def test_two_winters_scored_from_the_board_entered() -> None:
    """„Za každou zemi a budovu, kterou hráč vlastní, získá jeden vítězný bod. ... Za většinu
    paláců v regionu získá 3 VB, za kostely 2 VB a za obchody 1 VB. Při shodě jsou body
    uděleny každému z hráčů, ale o jeden bod méně“"""
    state = _table()
    assert state["stage"] == "board" and GAME.to_act(state) == [A, B, C]
    state = _land(state, "osnabrueck", A, "palace")  # Brandenburg
    state = _land(state, "mittelmark", B, "palace", "church")  # Brandenburg
    state = _land(state, "mark", C)
    state = do(state, B, type="score_winter")
    first = state["winters"][0]
    assert first[A] == {"lands": 1, "buildings": 1, "palace": 2, "church": 0, "trade": 0}
    assert first[B] == {"lands": 1, "buildings": 2, "palace": 2, "church": 2, "trade": 0}
    assert first[C] == {"lands": 1, "buildings": 0, "palace": 0, "church": 0, "trade": 0}
    event = GAME.view(state, None)["last_event"]
    assert event["kind"] == "winter" and event["total"] == [4, 7, 1]
    assert state["stage"] == "board" and state["year"] == 2
    # the second winter: only the changes are entered
    state = _land(state, "mittelmark", UNOWNED_SEAT)
    state = do(state, C, type="score_winter")
    assert state["stage"] == "game_over"
    totals = [score["total"] for score in GAME.scores(state)]
    assert totals == [4 + 5, 7 + 0, 1 + 1]  # A alone has the palace now: 3
    assert GAME.outcome(state)["winners"] == [A]


UNOWNED_SEAT = -1


@pytest.mark.parametrize(
    "action",
    [
        {"land": "bremen", "owner": 0},  # out of play with three players
        {"land": "mark", "owner": 3},
        {"land": "mark", "owner": "0"},
        {"land": "mark", "owner": -1, "buildings": ["palace"]},
        {"land": "mark", "owner": 0, "buildings": ["castle"]},
        {"land": "mark", "owner": 0, "buildings": "palace"},
        {"land": "mark", "owner": 0, "extra": 1},
    ],
)
def test_a_land_entry_is_checked(action) -> None:
    """„Pokud hrají jen tři hráči, následujících osm zemí nebudou do hry zahrnuto“; buildings
    only in an owned land, one per city."""
    state = _table()
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction):
        do(state, A, type="land", **action)
    assert state == before


def test_no_more_buildings_than_cities() -> None:
    """„Země může mít jen jednu budovu od každého typu. V každém městě pak může být postavena
    pouze jedna budova.“"""
    from games.wallenstein.data import lands

    state = _table()
    one_city = next(land for land in state["lands"] if lands()[land].building_sites == 1)
    with pytest.raises(IllegalAction) as refused:
        _land(state, one_city, A, "palace", "church")
    # issue 23: "1 city", never "1 cities"
    assert refused.value.reason == f"{lands()[one_city].name} has only 1 city for buildings."
