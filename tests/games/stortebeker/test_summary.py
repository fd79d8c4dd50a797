"""What the table is told after a boarding or a shot (``view()["last_event"]``), and the
entries the phone no longer lets slip through (untouched card boxes, hopeless counter-attacks)."""

from __future__ import annotations

import copy

import pytest

from games.base import IllegalAction
from games.stortebeker import GAME, battle

from .helpers import (
    act,
    lay_from_deck,
    new_game,
    past_first_round,
    refused,
    set_hand,
    ship,
    started,
)
from .test_battle import worked_example_start


def test_worked_example_summary() -> None:
    """ "žlutý hodí oběma číselnými kostkami a padne mu 7 bodů. K tomu přičte svého piráta na
    kartě s masem a dostane 8 bodů, což je akorát dost pro obsazení černé lodi … červený ...
    přiloží k lodi chybějící kartu s fazolemi. Na kostkách hodí 6 a odkryje svého čtyřkového
    piráta, čímž se dostane na 10 bodů. Tím přetrumfne žlutého a může si černou loď vzít pro
    sebe." The summary gives each side's dice, pirates and total, who took the ship and the
    cards that went to the discard pile."""
    state = worked_example_start()
    state = act(state, 0, {"type": "lay", "ship": 0, "card": "rum"})
    state = act(state, 0, {"type": "lay", "ship": 0, "card": "beans"})
    state = act(state, 0, {"type": "fire", "ship": 0, "card": "water", "colours": ["red", "blue"]})
    shot = GAME.view(state, None)["last_event"]
    assert shot["kind"] == "cannons" and shot["colours"] == ["red", "blue"] and shot["taken"] == []
    state = act(state, 0, {"type": "steal", "victim": 2, "card": "meat_p"})
    assert GAME.view(state, None)["last_event"]["taken"] == [
        {"victim": 2, "card": "meat_p", "kept": True, "pirates_lost": 0}
    ]
    state = act(state, 0, {"type": "board", "ship": 0, "dice": [3, 4]})
    event = GAME.view(state, 1)["last_event"]
    assert event["kind"] == "boarding"
    assert event["ship"] == {"colour": "black", "points": 5, "defence": 8}
    assert event["attempts"][0] == {
        "seat": 0,
        "role": "board",
        "dice": [3, 4],
        "pirates": 1,
        "cards": [],
        "total": 8,
        "success": True,
    }
    assert event["result"] == "open"
    state = act(state, 1, {"type": "counter", "dice": [2, 4]})
    event = GAME.view(state, None)["last_event"]
    assert event["attempts"][1] == {
        "seat": 1,
        "role": "counter",
        "dice": [2, 4],
        "pirates": 4,
        "cards": ["beans"],
        "total": 10,
        "success": True,
    }
    assert event["result"] == "taken" and event["taker"] == 1
    assert event["discarded"] == [
        {"seat": 0, "provisions": ["beans", "meat_p", "rum"], "pirates": 0},
        {"seat": 1, "provisions": ["beans", "meat", "rum"], "pirates": 1},
    ]


def test_failed_boarding_summary_names_what_is_lost_and_why() -> None:
    """ "Za každou hozenou barvu musí odevzdat jednu odpovídající proviantní kartu do
    odkládacího balíku. Tato ztráta ho může připravit i o piráty.\""""
    state = started(2, sea=[ship("red", 3, 12, rum=2)])
    state = past_first_round(state)
    state = set_hand(state, 0, ["beans"] * 6)
    state = lay_from_deck(state, 0, 0, ["rum", "rum", "pirate2", "pirate3"])
    state = act(state, 0, {"type": "exchange", "discard": ["beans"] * 3})
    state = act(state, 0, {"type": "board", "ship": 0, "dice": [1, 1]})  # 2 + 5 = 7 < 12
    event = GAME.view(state, None)["last_event"]
    assert event["result"] == "failed" and event["penalty"] is None
    assert event["attempts"][0]["total"] == 7 and not event["attempts"][0]["success"]
    state = act(state, 0, {"type": "penalty", "colours": ["black", "blue"]})
    penalty = GAME.view(state, None)["last_event"]["penalty"]
    assert penalty == {"colours": ["black", "blue"], "lost": ["rum"], "pirates_lost": ["pirate2"]}


def test_a_counter_attack_no_roll_can_win_is_not_asked() -> None:
    """ "Pokud je jeho hodnota vyšší, dostane se loď pod jeho kontrolu." With the best total at
    14 and no pirates, even 12 on the dice is not higher. Issue 21: the only answer left was
    "let it pass", so the seat is not asked; the table is told why it was passed over."""
    state = started(2, sea=[ship("red", 3, 2, rum=1)])
    state = past_first_round(state)
    state = set_hand(state, 0, ["beans"] * 6)
    state = lay_from_deck(state, 0, 0, ["rum", "pirate2"])
    state = lay_from_deck(state, 0, 1, ["rum"])
    state = act(state, 0, {"type": "exchange", "discard": ["beans"] * 3})
    probe = copy.deepcopy(state)
    probe["step"] = "counter"
    probe["attack"] = {"ship": 0, "attacker": 0, "leader": 0, "best": 14, "queue": [1]}
    with pytest.raises(IllegalAction, match="No roll can win") as why:
        battle.check_counter(probe, 1)
    assert why.value.message["args"] == {"most": 12, "best": 14}
    state = act(state, 0, {"type": "board", "ship": 0, "dice": [6, 6]})  # 14
    assert [s["colour"] for s in state["taken"][0]] == ["red"]
    assert state["last_event"]["passed_over"] == [1]
    assert not [c for c in GAME.choices(state, 1) if c.action["type"] in ("counter", "decline")]
    refused(state, 1, {"type": "counter", "dice": [6, 6]})


def test_untouched_card_boxes_are_not_waters() -> None:
    """ "Každý hráč obdrží 6 karet do ruky." Every box starts empty ("(choose)"), and a
    hand with a box left untouched is refused, not taken as water."""
    state = new_game(2)
    hand = next(c for c in GAME.choices(state, 0) if c.action == {"type": "hand"})
    assert all(field.choices[0][0] == "" and field.default == "" for field in hand.fields)
    cards = {f"card_{n}": "rum" for n in range(1, 6)}
    error = refused(state, 0, {"type": "hand", **cards, "card_6": ""})
    assert "every box" in error.reason


def test_a_hand_the_deck_cannot_hold_is_refused_in_terms_of_the_deck() -> None:
    """ "Piráti: 3 × hodnota 4": a fourth pirate 4 is not in the deck; the refusal says so."""
    state = new_game(2)
    error = refused(state, 0, {"type": "hand", "cards": ["pirate4"] * 4 + ["rum"] * 2})
    assert "deck" in error.reason and "pirate 4" in error.reason
    assert "to take there" not in error.reason


def test_notes_are_shown_once_per_group() -> None:
    """The note explaining a roll is shown once, not with each button: the cannons' note
    goes with the buttons of the cards to discard (the app rolling), on the first of them."""
    state = worked_example_start()
    state = act(state, 0, {"type": "lay", "ship": 0, "card": "rum"})
    state = act(state, 0, {"type": "lay", "ship": 0, "card": "beans"})
    fire = [c for c in GAME.choices(state, 0) if c.action["type"] == "fire"]
    assert [c.note is not None for c in fire][:2] == [False, True]
    assert sum(c.note is not None for c in fire) == 1


def test_scores_say_points() -> None:
    """ "Dostane tolik bodů, kolik ukazuje ..." — the breakdown says points, not "Ships 26"."""
    assert list(GAME.scores(started(2))[0]["breakdown"]) == ["Points for ships"]


def test_ship_colour_box_starts_empty() -> None:
    """ "na okrajích barva": the colour is read from the card, never assumed."""
    state = new_game(2)
    entry = next(c for c in GAME.choices(state, 0) if c.action == {"type": "ship"})
    colour = entry.fields[0]
    assert colour.key == "colour" and colour.choices[0][0] == "" and colour.default == ""
    refused(state, 0, {"type": "ship", "colour": "", "points": 3, "defence": 5, "need_rum": 1})
