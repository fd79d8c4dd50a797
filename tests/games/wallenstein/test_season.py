"""The year, the seasons, the order of actions and the ten actions."""

from __future__ import annotations

import copy

import pytest

from games.base import IllegalAction
from games.i18n import render_english
from games.wallenstein import GAME
from games.wallenstein.data import ARMIES_PER_PLAYER as ARMIES

from .helpers import (
    army_total,
    at_the_hidden_cards,
    clear_land,
    do,
    enter_events,
    in_season,
    new_game,
)

A, B, C = 0, 1, 2


def test_start_of_year_events_and_grain_reset() -> None:
    """„Na začátku každého roku jeden z hráčů vytáhne náhodně 4 karty událostí“ and
    „Všem hráčům je vynulováno počítadlo obilí na hracím plánu.“"""
    state = new_game()
    state["grain"] = [4, 5, 6]
    state = enter_events(state, [1, 2, 3, 4])
    assert state["events"]["year"] == [1, 2, 3, 4]
    with pytest.raises(IllegalAction):
        enter_events(new_game(), [1, 1, 2, 3])
    with pytest.raises(IllegalAction):
        enter_events(new_game(), [1, 2, 3, 26])
    drawn = do(new_game(), 1, type="events", by_app=True, seed=3)
    assert len(set(drawn["events"]["year"])) == 4


def test_five_open_action_cards_then_turn_order_then_event() -> None:
    """„Prvních 5 se potom položí lícem nahoru ... 5 zbylých karet lícem dolů“; then the
    generals give the order; „Jedna ze čtyř karet událostí ... je náhodně vybrána“."""
    state = enter_events(new_game(), [15, 2, 4, 10])
    assert state["stage"] == "action_card"
    state = do(state, 0, type="action_card", by_app=True, seed=5)
    assert len(state["season_state"]["actions"]) == 5
    assert state["stage"] == "turn_order"
    with pytest.raises(IllegalAction):
        do(state, 0, type="turn_order", pos_1=0, pos_2=0, pos_3=1)
    state = do(state, 0, type="turn_order", pos_1=2, pos_2=0, pos_3=1)
    with pytest.raises(IllegalAction):
        do(state, 0, type="current_event", event=1)  # not one of this year's cards
    state = do(state, 0, type="current_event", event=4)
    assert state["events"]["current"] == 4
    assert GAME.to_act(state) == [2]


def test_hidden_cards_turned_up_one_by_one() -> None:
    """„Když všichni hráči dokončí odkryté akce, ... následující zakryté karty akcí se odkryjí“
    (the issue: „the next one revealed as each is done“)."""
    state = at_the_hidden_cards()
    with pytest.raises(IllegalAction):
        do(state, 0, type="action_card", card="palace")
    state = do(state, 0, type="action_card", card="recruit5")
    assert state["stage"] == "act"


def test_seasons_follow_and_generals_order_is_used() -> None:
    """„Akce se provádějí postupně v pořadí podle karet akcí na desce. Aktuální akci provedou
    všichni hráči v určeném pořadí.“"""
    state = in_season(order=[C, A, B])
    assert GAME.to_act(state) == [C]
    state = do(state, C, type="play", land="blank")
    assert GAME.to_act(state) == [A]
    with pytest.raises(IllegalAction):
        do(state, B, type="play", land="blank")


def test_blank_cards_and_empty_spaces() -> None:
    """„Pokud je to možné, karty zemí (nebo prázdné) musí hráči umístit na všechna pole akcí.
    Nemá-li některý hráč dost karet (ani prázdných), nechá zvolená pole akcí nezakrytá.“"""
    state = in_season()
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction):  # 9 lands + 5 blanks: every space is covered
        do(state, A, type="play", land="none")
    assert state == before
    # a player with only 3 lands may leave 2 spaces empty
    for land in state["season_state"]["cards"][A][3:]:
        state = clear_land(state, land, None)
    state = do(state, A, type="play", land="none")
    assert state["season_state"]["empties"][A] == 1


def test_each_land_card_once_per_season() -> None:
    """Each planned card lies on one action space only."""
    state = in_season(cards=["taxes", "grain"])
    land = state["season_state"]["cards"][A][0]
    state = do(state, A, type="play", land=land)
    state = do(state, B, type="play", land="blank")
    state = do(state, C, type="play", land="blank")
    with pytest.raises(IllegalAction):
        do(state, A, type="play", land=land)


@pytest.mark.parametrize(("card", "cost"), [("palace", 3), ("church", 2), ("trade", 1)])
def test_buildings_cost(card: str, cost: int) -> None:
    """„K postavení paláce, kostela nebo obchodu si vezme hráč příslušný žeton a zaplatí jeho cenu
    (počet zlatých) bance.“"""
    state = in_season(cards=[card])
    state = do(state, A, type="play", land="mark")
    assert state["lands"]["mark"][card] is True
    assert state["gold"][A] == 18 - cost


def test_one_building_of_a_type_and_one_per_city() -> None:
    """„Země může mít jen jednu budovu od každého typu. V každém městě pak může být postavena
    pouze jedna budova.“ Gft. Mark has one city: a second building is cancelled."""
    state = in_season(cards=["palace"])
    state["lands"]["mark"]["church"] = True
    state = do(state, A, type="play", land="mark")
    assert state["lands"]["mark"]["palace"] is False
    assert state["gold"][A] == 18
    assert "cancelled" in state["notes"][-1]["text"]
    state2 = in_season(cards=["church"])
    state2["lands"]["osnabrueck"]["church"] = True  # three cities, but a church already
    state2 = do(state2, A, type="play", land="osnabrueck")
    assert state2["gold"][A] == 18


def test_not_enough_gold_cancels() -> None:
    """„Pokud z nějakého důvodu (např. nedostatek zlata nebo armád) nemůže akci dokončit, je akce
    ihned zrušena (jako kdyby hráč zahrál prázdnou kartu).“"""
    state = in_season(cards=["palace"])
    state["gold"][A] = 2
    state = do(state, A, type="play", land="mark")
    assert state["lands"]["mark"]["palace"] is False and state["gold"][A] == 2
    assert GAME.to_act(state) == [B]


def test_taxes_and_grain_add_a_marker() -> None:
    """„a) Hráč obdrží z banky zlato nebo posune značku na počítadle obilí. ... c) Hráč přidá
    žeton revolty do této země.“ Gft. Mark: 4 gold, 5 grain."""
    state = in_season(cards=["taxes", "grain"])
    state = do(state, A, type="play", land="mark")
    assert state["gold"][A] == 22 and state["lands"]["mark"]["revolt"] == 1
    state = do(state, B, type="play", land="blank")
    state = do(state, C, type="play", land="blank")
    state = do(state, A, type="play", land="osnabrueck")
    assert state["grain"][A] == 4 and state["lands"]["osnabrueck"]["revolt"] == 1


@pytest.mark.parametrize(("card", "cost", "armies"), [("recruit5", 3, 5), ("recruit3", 2, 3)])
def test_recruits(card: str, cost: int, armies: int) -> None:
    """„Po zaplacení množství zlata uvedeného na kartě akce umístí hráč do své země 1, 3 nebo 5
    armád. ... Pokud hráč nemá dostatečný počet armád nebo zlato pro dokončení akce, je akce
    zrušena.“"""
    state = in_season(cards=[card])
    state = do(state, A, type="play", land="vogtland")
    assert state["lands"]["vogtland"]["armies"] == 2 + armies
    assert state["gold"][A] == 18 - cost
    short = in_season(cards=[card])
    short["supply"][A] = armies - 1
    short["gold"][A] += armies - 1  # keep the bookkeeping of the test honest
    short = do(short, A, type="play", land="vogtland")
    assert short["lands"]["vogtland"]["armies"] == 2


def test_reinforce_army_and_move() -> None:
    """„Karta akce s posílením umožňuje hráči po zaplacení jednoho zlata umístit do země jednu
    armádu a současně mu nabízí volbu: pokud chce, může přemístit armády z této země do sousední
    vlastní země (bitva tedy není dovolena). Hráč může provést jen první akci, nebo obě.“"""
    state = in_season(cards=["reinforce"])
    # Passau (3) borders Oberösterreich (4), both A's
    after = do(state, A, type="play", land="passau", count=3, to="oberoesterreich")
    assert after["lands"]["passau"]["armies"] == 1
    assert after["lands"]["oberoesterreich"]["armies"] == 7
    assert after["gold"][A] == 17
    with pytest.raises(IllegalAction):  # no battle with reinforce
        do(state, A, type="play", land="passau", count=1, to="boehmen")
    with pytest.raises(IllegalAction):  # one army stays
        do(state, A, type="play", land="passau", count=4, to="oberoesterreich")
    only = do(state, A, type="play", land="passau")
    assert only["lands"]["passau"]["armies"] == 4


def test_reinforce_either_part_option() -> None:
    """Option: the move without the army (the data README's reading)."""
    state = in_season(cards=["reinforce"], reinforce="either")
    state["gold"][A] = 0
    after = do(state, A, type="play", land="passau", add=False, count=2, to="oberoesterreich")
    assert after["lands"]["passau"]["armies"] == 1 and after["gold"][A] == 0
    strict = in_season(cards=["reinforce"])
    strict["gold"][A] = 0
    cancelled = do(strict, A, type="play", land="passau", count=2, to="oberoesterreich")
    assert cancelled["lands"]["passau"]["armies"] == 3


def test_move_rules() -> None:
    """„Při každém přesunu musí v původní zemi zůstat alespoň jedna armáda.“ and
    „Pokud je akce naplánována, musí být přesunuta alespoň jedna armáda, je-li to možné.“"""
    state = in_season(cards=["move_a"])
    with pytest.raises(IllegalAction):
        do(state, A, type="play", land="passau", count=3, to="oberoesterreich")
    with pytest.raises(IllegalAction):
        do(state, A, type="play", land="passau", count=0, to="oberoesterreich")
    with pytest.raises(IllegalAction):  # not adjacent
        do(state, A, type="play", land="passau", count=1, to="mark")
    moved = do(state, A, type="play", land="passau", count=2, to="oberoesterreich")
    assert moved["lands"]["oberoesterreich"]["armies"] == 6
    # one army only: cancelled, whatever is asked
    lone = clear_land(state, "passau", A, 1)
    lone = do(lone, A, type="play", land="passau")
    assert lone["lands"]["passau"]["armies"] == 1 and GAME.to_act(lone) == [B]
    assert army_total(lone, A) == ARMIES


def test_a_move_button_says_source_destination_and_armies() -> None:
    """Issue 13: "the button saying 'Attack Bremen from Osnabrück with 6'". The count is
    the field's default, all but one, the most the rules allow: „Při každém přesunu musí v
    původní zemi zůstat alespoň jedna armáda.“ The page keeps it in step with the field."""
    state = in_season(cards=["move_a"])
    buttons = [
        choice
        for choice in GAME.choices(state, A)
        if choice.action.get("land") == "passau" and "to" in choice.action
    ]
    assert buttons
    for choice in buttons:
        (field,) = choice.fields
        assert choice.echo == field.key == "count"
        assert choice.label["args"]["count"] == field.default == field.high == 2
        assert choice.label["text"].endswith("with %(count)s")
    into = next(c for c in buttons if c.action["to"] == "oberoesterreich")
    assert render_english(into.label) == "Move from Passau into Oberösterreich with 2"
