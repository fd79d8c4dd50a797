"""Phases 3-5: boarding, the penalty, counter-attacks, taking the ship."""

from __future__ import annotations

import copy

import pytest

from games.base import IllegalAction
from games.stortebeker import GAME, battle

from .helpers import (
    act,
    assert_conserved,
    lay_from_deck,
    past_first_round,
    refused,
    set_hand,
    ship,
    started,
)

BLACK_SHIP = ship("black", 5, 8, rum=1, beans=1, meat=1)


def worked_example_start() -> dict:
    """Yellow (seat 0), Red (seat 1) and Blue (seat 2) at the black ship of the example."""
    state = started(3, sea=[BLACK_SHIP], harbour=[ship("green", 2, 6, water=1)])
    state = past_first_round(state)
    state = set_hand(state, 0, ["rum", "beans", "water", "water", "water", "water"])
    state = set_hand(
        state, 1, ["beans", "biscuits", "biscuits", "biscuits", "biscuits", "biscuits"]
    )
    state = lay_from_deck(state, 0, 1, ["rum", "meat", "pirate4"])
    return lay_from_deck(state, 0, 2, ["meat_p"])


def test_worked_example() -> None:
    """ "Žlutý položil na svou stranu lodi ... černé karty s rumem a jednu zelenou s fazolemi.
    Další akční kartu položil na odkládací balík, aby mohl odpálit děla … žlutý hodí červenou a
    modrou. Modrá propadne, protože žádná karta s vodou u [této?] lodi neleží. Protože oba
    protivníci vyložili kartu s masem, rozhodne se pro tu z nich, která má symbol piráta … žlutý
    hodí oběma číselnými kostkami a padne mu 7 bodů. K tomu přičte svého piráta na kartě s masem
    a dostane 8 bodů, což je akorát dost pro obsazení černé lodi … červený zvolá „Protiútok“ a
    přiloží k lodi chybějící kartu s fazolemi. Na kostkách hodí 6 a odkryje svého čtyřkového
    piráta, čímž se dostane na 10 bodů. Tím přetrumfne žlutého a může si černou loď vzít pro
    sebe, protože žádný jiný hráč nemůže protiútok vyvolat … červený se posune na bodovací
    tabulce o 5 polí za obsazení černé lodi.\""""
    state = worked_example_start()
    state = act(state, 0, {"type": "lay", "ship": 0, "card": "rum"})
    state = act(state, 0, {"type": "lay", "ship": 0, "card": "beans"})
    state = act(state, 0, {"type": "fire", "ship": 0, "card": "water", "colours": ["red", "blue"]})
    # both opponents laid meat: Yellow chooses
    assert state["step"] == "steal"
    offered = [c.action for c in GAME.choices(state, 0)]
    assert {"type": "steal", "victim": 1, "card": "meat"} in offered
    assert {"type": "steal", "victim": 2, "card": "meat_p"} in offered
    state = act(state, 0, {"type": "steal", "victim": 2, "card": "meat_p"})
    assert state["sea"][0]["laid"][0] == ["beans", "meat_p", "rum"]
    assert state["step"] == "board"
    state = act(state, 0, {"type": "board", "ship": 0, "dice": [3, 4]})
    assert state["last_roll"]["total"] == 8
    # Red counter-attacks; Blue lost its only provision and is not asked
    assert state["step"] == "counter"
    assert GAME.to_act(state) == [1]
    state = act(state, 1, {"type": "counter", "dice": [2, 4]})
    assert state["last_roll"]["total"] == 10
    assert [s["colour"] for s in state["taken"][1]] == ["black"]
    assert GAME.scores(state)[1]["total"] == 5
    assert GAME.scores(state)[0]["total"] == 0
    assert "beans" not in state["hands"][1]  # the beans went to the ship
    assert_conserved(state)


def test_board_at_least_the_defence_takes_the_ship() -> None:
    """ "b) Hodnota je stejná nebo vyšší: Loď byla dobyta" — 8 against defence 8 takes it."""
    state = worked_example_start()
    state = lay_from_deck(state, 0, 0, ["rum", "beans", "meat_p"])
    state = set_hand(state, 0, ["water"] * 6)
    state = act(state, 0, {"type": "exchange", "discard": ["water"] * 3})
    state = act(state, 0, {"type": "board", "ship": 0, "dice": [3, 4]})
    assert state["last_roll"]["success"]
    state = act(state, 1, {"type": "decline"})
    state = act(state, 2, {"type": "decline"})
    assert [s["colour"] for s in state["taken"][0]] == ["black"]


def test_board_below_the_defence_fails_and_costs_provisions() -> None:
    """ "a) Hodnota je nižší než obranyschopnost lodi: ... hodí oběma barevnými kostkami. Za
    každou hozenou barvu musí odevzdat jednu odpovídající proviantní kartu do odkládacího
    balíku. Tato ztráta ho může připravit i o piráty ... Pokud hodil pouze barvy, které u lodi
    neleží, měl štěstí a o žádné karty nepřijde.\""""
    state = worked_example_start()
    state = lay_from_deck(state, 0, 0, ["rum", "beans", "meat", "pirate2"])
    state = set_hand(state, 0, ["water"] * 6)
    state = act(state, 0, {"type": "exchange", "discard": ["water"] * 3})
    state = act(state, 0, {"type": "board", "ship": 0, "dice": [2, 3]})  # 5 + 2 = 7 < 8
    assert not state["last_roll"]["success"]
    assert state["step"] == "penalty"
    assert GAME.to_act(state) == [0]
    lucky = act(state, 0, {"type": "penalty", "colours": ["blue", "yellow"]})
    assert lucky["sea"][0]["laid"][0] == ["beans", "meat", "pirate2", "rum"]
    state = act(state, 0, {"type": "penalty", "colours": ["black", "red"]})
    assert state["sea"][0]["laid"][0] == ["beans", "pirate2"]
    # basic rules: another attempt is allowed, but the provisions are no longer complete
    assert state["step"] == "draw"
    assert_conserved(state)


def test_penalty_costs_the_pirates_beyond_the_provisions() -> None:
    """ "Tato ztráta ho může připravit i o piráty (připomeňme: hráč nesmí mít u jedné lodi více
    pirátů než proviantu).\""""
    state = started(2, sea=[ship("red", 3, 12, rum=2)])
    state = past_first_round(state)
    state = lay_from_deck(state, 0, 0, ["rum", "rum", "pirate2", "pirate3"])
    state = set_hand(state, 0, ["water"] * 6)
    state = act(state, 0, {"type": "exchange", "discard": ["water"] * 3})
    state = act(state, 0, {"type": "board", "ship": 0, "dice": [1, 1]})  # 2 + 5 = 7 < 12
    state = act(state, 0, {"type": "penalty", "colours": ["black", "blue"]})
    assert state["sea"][0]["laid"][0] == ["pirate3", "rum"]
    assert "pirate2" in state["discard"]


def test_no_boarding_in_the_first_round() -> None:
    """ "V prvním kole hry nemůže žádný hráč zaútočit na žádnou loď!\""""
    state = started(2, sea=[ship("red", 3, 2, rum=1)])
    state = lay_from_deck(state, 0, 0, ["rum"])
    state = set_hand(state, 0, ["water"] * 6)
    state = act(state, 0, {"type": "exchange", "discard": ["water"] * 3})
    assert state["step"] == "draw"  # boarding skipped
    state = act(state, 0, {"type": "draw", "by_app": True})
    # seat 1 is still in the first round; seat 0's next turn is not
    assert state["turn"]["number"] == 1
    state = act(state, 1, {"type": "exchange", "discard": state["hands"][1][:3]})
    state = act(state, 1, {"type": "draw", "by_app": True})
    state = act(state, 0, {"type": "exchange", "discard": state["hands"][0][:3]})
    assert state["step"] == "board"
    assert GAME.choices(state, 0)[0].action == {
        "type": "board",
        "ship": 0,
        "seen": {"0": {"colour": "red", "points": 3}},
    }


def test_boarding_is_optional_and_several_ships_may_be_boarded() -> None:
    """ "V této fázi může hráč zaútočit na všechny lodě, pro které už vyložil potřebné
    proviantní karty.\""""
    state = started(2, sea=[ship("red", 3, 2, rum=1), ship("blue", 4, 2, water=1)])
    state = past_first_round(state)
    state = lay_from_deck(state, 0, 0, ["rum"])
    state = lay_from_deck(state, 1, 0, ["water"])
    state = set_hand(state, 0, ["beans"] * 6)
    state = act(state, 0, {"type": "exchange", "discard": ["beans"] * 3})
    stopped = act(state, 0, {"type": "stop"})
    assert stopped["step"] == "draw"
    assert stopped["sea"][0]["laid"][0] == ["rum"]
    state = act(state, 0, {"type": "board", "ship": 1, "dice": [1, 1]})
    assert state["step"] == "board"
    state = act(state, 0, {"type": "board", "ship": 0, "dice": [1, 1]})
    assert sorted(s["points"] for s in state["taken"][0]) == [3, 4]
    assert GAME.scores(state)[0]["total"] == 7
    assert_conserved(state)


def test_counter_attacks_start_with_the_left_neighbour() -> None:
    """ "Každý hráč, který má u obsazené lodi vyložený nějaký proviant, se může nyní pokusit na
    tuto loď také dostat. Začíná soused po levici.\""""
    state = started(4, sea=[ship("red", 3, 2, rum=1, meat=1)])
    state = past_first_round(state)
    state["turn"]["seat"] = 2
    state = set_hand(state, 2, ["beans"] * 6)
    for seat in range(4):
        state = lay_from_deck(state, 0, seat, ["rum"])
    state = lay_from_deck(state, 0, 2, ["meat"])
    state = act(state, 2, {"type": "exchange", "discard": ["beans"] * 3})
    state = act(state, 2, {"type": "board", "ship": 0, "dice": [1, 1]})
    assert state["attack"]["queue"] == [3, 0, 1]
    assert GAME.to_act(state) == [3]
    refused(state, 0, {"type": "decline"})


def test_counter_needs_a_higher_total_and_the_first_best_keeps_it() -> None:
    """ "porovná svůj výsledek s dosavadním vítězem bitvy. Pokud je jeho hodnota vyšší, dostane
    se loď pod jeho kontrolu. Pokud protiútok provedlo více hráčů, vyhraje ten, jenž jako první
    dosáhl nejlepší hodnoty.\""""
    state = started(3, sea=[ship("red", 3, 2, rum=1)])
    state = past_first_round(state)
    state = set_hand(state, 0, ["beans"] * 6)
    for seat in range(3):
        state = lay_from_deck(state, 0, seat, ["rum"])
    state = act(state, 0, {"type": "exchange", "discard": ["beans"] * 3})
    state = act(state, 0, {"type": "board", "ship": 0, "dice": [3, 3]})  # 6
    tie = act(state, 1, {"type": "counter", "dice": [3, 3]})  # 6: not higher
    assert tie["attack"]["leader"] == 0
    state = act(state, 1, {"type": "counter", "dice": [3, 4]})  # 7: Red leads
    assert state["attack"]["leader"] == 1
    state = act(state, 2, {"type": "counter", "dice": [4, 3]})  # 7 again: Red reached it first
    assert [s["colour"] for s in state["taken"][1]] == ["red"]
    assert state["taken"][2] == []


def test_counter_completes_at_most_three_cards_and_no_pirates() -> None:
    """ "Pokud jeho proviant ještě není úplný, musí doplnit chybějící karty. Přitom také nesmí
    vyložit více než 3 karty. Nesmí přikládat nové karty pirátů.\""""
    state = started(3, sea=[ship("red", 3, 2, rum=1, water=4)])
    state = past_first_round(state)
    state = set_hand(state, 0, ["beans"] * 6)
    state = set_hand(state, 1, ["water"] * 4 + ["pirate4", "beans"])
    state = set_hand(state, 2, ["water", "water", "pirate4", "biscuits", "biscuits", "biscuits"])
    state = lay_from_deck(state, 0, 0, ["rum", "water", "water", "water", "water"])
    state = lay_from_deck(state, 0, 1, ["rum"])  # needs 4 water: too many
    state = lay_from_deck(state, 0, 2, ["rum", "water"])  # needs 3 water, has 2
    state = act(state, 0, {"type": "exchange", "discard": ["beans"] * 3})
    # Neither seat can counter-attack: each is checked as it would be asked.
    probe = copy.deepcopy(state)
    probe["step"] = "counter"
    probe["attack"] = {"ship": 0, "attacker": 0, "leader": 0, "best": 2, "queue": [1, 2]}
    with pytest.raises(IllegalAction, match="more than 3 cards"):
        battle.check_counter(probe, 1)
    with pytest.raises(IllegalAction, match="lack"):
        battle.check_counter(probe, 2)
    with pytest.raises(IllegalAction):
        battle.counter_cards(probe, 2, {"cards": ["water", "water", "pirate4"]})
    # Issue 21: so nobody is asked (the only answer was "let it pass"); the ship is taken.
    state = act(state, 0, {"type": "board", "ship": 0, "dice": [1, 1]})
    assert [s["colour"] for s in state["taken"][0]] == ["red"]
    assert state["last_event"]["passed_over"] == [1, 2]
    assert state["attack"] is None and state["step"] != "counter"


def test_counter_cards_are_refilled_at_the_own_next_turn() -> None:
    """ "Proviantní karty vyložené při protiútoku si může hráč doplnit až když bude příště on
    sám na řadě.\""""
    state = started(2, sea=[ship("red", 3, 2, rum=1, meat=2)])
    state = past_first_round(state)
    state = set_hand(state, 0, ["beans"] * 6)
    state = set_hand(state, 1, ["meat", "meat", "water", "water", "water", "water"])
    state = lay_from_deck(state, 0, 0, ["rum", "meat", "meat"])
    state = lay_from_deck(state, 0, 1, ["rum"])
    state = act(state, 0, {"type": "exchange", "discard": ["beans"] * 3})
    state = act(state, 0, {"type": "board", "ship": 0, "dice": [1, 1]})
    state = act(state, 1, {"type": "counter", "dice": [6, 6]})
    assert len(state["hands"][1]) == 4
    # Seat 0 draws (a new ship came into view first), seat 1 keeps 4 cards until its own draw
    state = act(state, 0, ship("green", 1, 3, water=1))
    state = act(state, 0, {"type": "draw", "by_app": True})
    assert state["turn"]["seat"] == 1
    assert state["turn"]["to_play"] == 3
    assert len(state["hands"][1]) == 4


def test_extended_failed_boarding_ends_the_attacks() -> None:
    """ "3. Neúspěšným pokusem o obsazení lodi hráč ztrácí možnost pokoušet se v tomto tahu o
    dobytí jiných lodí.\""""
    for rules, expected in (("extended", "draw"), ("basic", "board")):
        state = started(3, rules, sea=[ship("red", 3, 20, rum=1), ship("blue", 3, 2, water=1)])
        state = past_first_round(state)
        state = set_hand(state, 0, ["beans"] * 6)
        state = lay_from_deck(state, 0, 0, ["rum"])
        state = lay_from_deck(state, 1, 0, ["water"])
        state = act(state, 0, {"type": "exchange", "discard": ["beans"] * 3})
        state = act(state, 0, {"type": "board", "ship": 0, "dice": [1, 1]})
        state = act(state, 0, {"type": "penalty", "colours": ["white", "white"]})
        assert state["step"] == expected, rules


def test_extended_lost_counter_attack_ends_the_attacks() -> None:
    """ "4. Právě tak končí možnost útočit na jiné lodě, pokud po úspěšném útoku následoval
    úspěšný protiútok některého soupeře.\""""
    for rules, expected in (("extended", "reveal"), ("basic", "board")):
        state = started(3, rules, sea=[ship("red", 3, 2, rum=1), ship("blue", 3, 2, water=1)])
        state = past_first_round(state)
        state = set_hand(state, 0, ["beans"] * 6)
        state = lay_from_deck(state, 0, 0, ["rum"])
        state = lay_from_deck(state, 0, 1, ["rum"])
        state = lay_from_deck(state, 1, 0, ["water"])
        state = act(state, 0, {"type": "exchange", "discard": ["beans"] * 3})
        state = act(state, 0, {"type": "board", "ship": 0, "dice": [1, 1]})
        state = act(state, 1, {"type": "counter", "dice": [6, 6]})
        assert state["step"] == expected, rules


def test_taken_ship_clears_its_cards_and_a_new_ship_sails_out() -> None:
    """ "Všechny akční karty, nahromaděné kolem lodi, se dají do odkládacího balíku ... Po
    uzavření všech pokusů o obsazení lodí se na uvolněné místo položí nová loď z přístavu.
    Jestliže byla v jednom tahu obsazena více než 1 loď, vypluje odpovídající počet nových lodí.\""""
    state = started(
        2,
        sea=[ship("red", 3, 2, rum=1), ship("blue", 4, 2, water=1)],
        harbour=[ship("yellow", 9, 9, meat=3)],
    )
    state = past_first_round(state)
    state = set_hand(state, 0, ["beans"] * 6)
    state = lay_from_deck(state, 0, 0, ["rum", "pirate2"])
    state = lay_from_deck(state, 0, 1, ["meat"])
    state = lay_from_deck(state, 1, 0, ["water"])
    state = act(state, 0, {"type": "exchange", "discard": ["beans"] * 3})
    state = act(state, 0, {"type": "board", "ship": 0, "dice": [1, 1]})
    state = act(state, 1, {"type": "decline"})
    assert state["sea"][0] is None
    assert {"rum", "pirate2", "meat"} <= set(state["discard"])
    state = act(state, 0, {"type": "board", "ship": 1, "dice": [1, 1]})
    # the yellow ship sails at once; the next one must be turned up and entered, then sails too
    assert state["step"] == "reveal"
    assert state["sea"][0]["colour"] == "yellow"
    assert state["sea"][1] is None
    state = act(state, 0, ship("green", 2, 5, beans=1))
    assert state["sea"][1]["colour"] == "green"
    assert state["step"] == "reveal"  # the new harbour top
    state = act(state, 0, ship("black", 6, 10, rum=2))
    assert state["harbour"]["visible"][0]["colour"] == "black"
    assert state["step"] == "draw"
    assert_conserved(state)


def test_each_ship_is_boarded_at_most_once_a_turn() -> None:
    """ "V této fázi může hráč zaútočit na všechny lodě, pro které už vyložil potřebné
    proviantní karty." — each of them once; after a failure "Piráty, kteří u lodi zbyli, může
    hráč až do příštího pokusu o obsazení opět skrýt": the next attempt is in a later turn.
    A penalty that hits nothing leaves the provisions complete, yet the same ship is not boarded
    again this turn (basic rules: other ships still may be)."""
    state = started(2, sea=[ship("red", 3, 12, rum=1), ship("blue", 4, 2, water=1)])
    state = past_first_round(state)
    state = lay_from_deck(state, 0, 0, ["rum"])
    state = lay_from_deck(state, 1, 0, ["water"])
    state = set_hand(state, 0, ["beans"] * 6)
    state = act(state, 0, {"type": "exchange", "discard": ["beans"] * 3})
    state = act(state, 0, {"type": "board", "ship": 0, "dice": [1, 1]})
    state = act(state, 0, {"type": "penalty", "colours": ["yellow", "yellow"]})
    assert state["sea"][0]["laid"][0] == ["rum"]  # nothing lost: still complete
    assert state["step"] == "board"
    error = refused(state, 0, {"type": "board", "ship": 0, "dice": [6, 6]})
    assert "already" in error.reason
    assert {c.action.get("ship") for c in GAME.choices(state, 0)} == {1, None}
    state = act(state, 0, {"type": "board", "ship": 1, "dice": [1, 1]})
    assert state["step"] == "reveal"  # no ship left to try: the boarding phase ends
    state = act(state, 0, ship("green", 2, 6, water=1))
    # the next own turn, the red ship may be boarded again
    state = act(state, 0, {"type": "draw", "by_app": True})
    state = set_hand(state, 1, ["biscuits"] * 6)
    state = act(state, 1, {"type": "exchange", "discard": ["biscuits"] * 3})
    state = act(state, 1, {"type": "draw", "by_app": True})
    state = set_hand(state, 0, ["water"] * 6)
    state = act(state, 0, {"type": "exchange", "discard": ["water"] * 3})
    assert state["step"] == "board"
    assert {c.action.get("ship") for c in GAME.choices(state, 0)} >= {0}


def test_board_and_counter_notes_give_the_roll_needed() -> None:
    """ "hodí oběma číselnými kostkami a přičte hozenou hodnotu k hodnotě vyložených pirátů ...
    Hodnota je stejná nebo vyšší: Loď byla dobyta" and for the counter-attack "Pokud je jeho
    hodnota vyšší" — the phone says what the dice must show."""
    from games.i18n import render_english

    state = worked_example_start()
    state = act(state, 0, {"type": "lay", "ship": 0, "card": "rum"})
    state = act(state, 0, {"type": "lay", "ship": 0, "card": "beans"})
    state = act(state, 0, {"type": "fire", "ship": 0, "card": "water", "colours": ["red", "blue"]})
    state = act(state, 0, {"type": "steal", "victim": 2, "card": "meat_p"})
    board = next(
        c
        for c in GAME.choices(state, 0)
        if c.action["type"] == "board" and not c.action.get("by_app")
    )
    assert render_english(board.note) == (
        "Your pirates here add 1: you need 7 or more on the two number dice."
    )
    state = act(state, 0, {"type": "board", "ship": 0, "dice": [3, 4]})
    counter = GAME.choices(state, 1)[0]
    assert render_english(counter.note) == (
        "The best total so far is 8. You add from your hand: beans. "
        "Your pirates here add 4: you need 5 or more on the two number dice."
    )


def test_an_old_logs_let_it_pass_of_a_seat_passed_over_still_replays() -> None:
    """Issue 21: logs written while the app still asked a seat that could not counter-attack
    hold its "let it pass" right after the boarding. It is accepted and changes nothing;
    anywhere else a "let it pass" with no question asked is refused."""
    state = started(3, sea=[ship("red", 3, 2, rum=1, water=4)])
    state = past_first_round(state)
    state = set_hand(state, 0, ["beans"] * 6)
    state = set_hand(state, 1, ["water"] * 4 + ["pirate4", "beans"])
    state = set_hand(state, 2, ["water", "water", "pirate4", "biscuits", "biscuits", "biscuits"])
    state = lay_from_deck(state, 0, 0, ["rum", "water", "water", "water", "water"])
    state = lay_from_deck(state, 0, 1, ["rum"])
    state = lay_from_deck(state, 0, 2, ["rum", "water"])
    state = act(state, 0, {"type": "exchange", "discard": ["beans"] * 3})
    boarded = act(state, 0, {"type": "board", "ship": 0, "dice": [1, 1]})
    old_log = act(act(boarded, 1, {"type": "decline"}), 2, {"type": "decline"})
    assert old_log["taken"] == boarded["taken"] and old_log["hands"] == boarded["hands"]
    assert old_log["step"] == boarded["step"] != "counter"
    refused(old_log, 1, {"type": "decline"})  # answered already: no question left
