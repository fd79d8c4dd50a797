"""What the phones offer: the legal entries enabled, the expected blocked ones with a reason."""

from __future__ import annotations

import copy

from games.i18n import render_english
from games.stortebeker import GAME
from games.stortebeker.cards import take_cards

from .helpers import act, lay_from_deck, new_game, past_first_round, set_hand, ship, started


def by_type(choices: list) -> dict[str, list]:
    found: dict[str, list] = {}
    for choice in choices:
        found.setdefault(choice.action["type"], []).append(choice)
    return found


def test_setup_offers_ship_entry_and_hands() -> None:
    """At set-up every phone can enter the ships coming into view, its own hand and who starts."""
    state = new_game(2)
    offered = by_type(GAME.choices(state, 1))
    assert set(offered) == {"ship", "hand", "start"}
    assert {f.key for f in offered["ship"][0].fields} >= {"colour", "points", "defence", "need_rum"}
    assert any(c.action.get("by_app") for c in offered["hand"])


def test_play_offers_only_fitting_cards_and_explains_the_rest() -> None:
    """ "K lodi se smí položit pouze ten druh proviantu ... kolik je na kartě lodi vyobrazeno.\""""
    state = started(2, sea=[ship("black", 5, 8, rum=1), ship("red", 3, 5, meat=1)])
    state = set_hand(state, 0, ["rum", "water", "water", "beans", "beans", "pirate2"])
    lays = by_type(GAME.choices(state, 0))["lay"]
    # one tap per card that fits: only the rum fits (the red ship needs meat)
    offered = [(c.action["ship"], c.action["card"], c.fields) for c in lays]
    assert [item for item in offered if item[0] in (0, 1)] == [(0, "rum", ())]
    assert render_english(lays[0].label) == "Lay rum at the black ship (5 points, defence 8)"
    fire = by_type(GAME.choices(state, 0))["fire"][0]
    assert render_english(fire.disabled) == "The cannons take the last of your three cards."
    assert GAME.choices(state, 1) == []


def test_board_choices_list_completed_ships() -> None:
    """ "V této fázi může hráč zaútočit na všechny lodě, pro které už vyložil potřebné
    proviantní karty.\""""
    state = started(2, sea=[ship("black", 5, 8, rum=1), ship("red", 3, 5, meat=1)])
    state = past_first_round(state)
    state = lay_from_deck(state, 1, 0, ["meat"])
    state = set_hand(state, 0, ["beans"] * 6)
    state = act(state, 0, {"type": "exchange", "discard": ["beans"] * 3})
    offered = GAME.choices(state, 0)
    boards = [c for c in offered if c.action["type"] == "board"]
    assert {c.action["ship"] for c in boards} == {1}
    assert any(c.action.get("by_app") for c in boards)
    assert any(c.action["type"] == "stop" for c in offered)


def test_phase_labels() -> None:
    """The status line names the seat and the step."""
    state = started(2)
    assert render_english(GAME.phase(state)["label"]) == "Yellow: play three cards"
    assert GAME.phase(new_game(2))["key"] == "setup"


def test_exchange_offers_only_the_slots_this_turn_can_use() -> None:
    """ "Výměna: Zahodí 2 nebo 3 karty na odkládací balík a vybere si z něj nejvýše 2 jiné
    karty" — with exactly 3 cards a turn, 2 after one laid card, 3 when the cannons cannot
    take the last card (no provision at any ship); no picks from an empty pile."""
    state = started(2, sea=[ship("black", 5, 8, rum=1)])
    state = set_hand(state, 0, ["rum", "water", "water", "beans", "beans", "pirate2"])
    exchange = by_type(GAME.choices(state, 0))["exchange"][0]
    assert [f.key for f in exchange.fields] == ["discard_1", "discard_2", "discard_3"]
    assert ("", "(none)") not in exchange.fields[2].choices  # 3 are needed: no provision yet
    assert "Discard 3 cards" in render_english(exchange.note)
    state = act(state, 0, {"type": "lay", "ship": 0, "card": "rum"})
    exchange = by_type(GAME.choices(state, 0))["exchange"][0]
    assert [f.key for f in exchange.fields] == ["discard_1", "discard_2"]
    state = act(state, 0, {"type": "exchange", "discard": ["water", "water"]})
    state = act(state, 0, {"type": "draw", "by_app": True})
    state = lay_from_deck(state, 0, 1, ["rum"])
    exchange = by_type(GAME.choices(state, 1))["exchange"][0]
    keys = [f.key for f in exchange.fields]
    assert keys == ["discard_1", "discard_2", "discard_3", "take_1", "take_2"]
    assert exchange.fields[2].choices[0] == ("", "(none)")


def test_every_enabled_choice_is_accepted_with_its_first_values() -> None:
    """What the phone offers, the engine accepts: the buttons of a typical opening turn."""
    state = started(2, sea=[ship("black", 5, 8, rum=1, meat=1)])
    state = set_hand(state, 0, ["rum", "meat", "pirate4", "water", "water", "beans"])
    for card in ("rum", "pirate4", "meat"):
        lay = next(c for c in GAME.choices(state, 0) if c.action.get("card") == card)
        assert lay.fields == ()  # one tap
        state = act(state, 0, lay.action)
    draw = GAME.choices(state, 0)
    assert render_english(draw[1].label) == "Let the app draw 3 cards"
    state = act(state, 0, draw[1].action)
    assert state["turn"]["seat"] == 1


def test_draw_label_for_a_single_card() -> None:
    """ "Pokud před sebe hráč ve fázi 1 otevřeně vyložil karty k výměně, vezme si je nyní do
    ruky. Poté doplní svou ruku opět na 6 karet." — 3 left + 2 picked: one card to draw."""
    state = started(2, sea=[ship("black", 5, 8, rum=1)])
    state = set_hand(state, 0, ["water", "water", "beans", "beans", "pirate2", "pirate3"])
    state = copy.deepcopy(state)
    state["deck"] = take_cards(state["deck"], ["meat", "rum"])
    state["discard"] = ["meat", "rum"]
    state = act(
        state,
        0,
        {"type": "exchange", "discard": ["water", "water", "beans"], "take": ["meat", "rum"]},
    )
    labels = [render_english(c.label) for c in GAME.choices(state, 0)]
    assert labels == ["Enter the 1 card you drew", "Let the app draw 1 card"]


def test_a_shot_with_one_possible_ship_and_card_asks_for_neither() -> None:
    """ "Vybere si ... loď, u které má sám vyložen alespoň jednu proviantní kartu": with one
    such ship and one kind of card in hand, neither box has a second answer (issue 21)."""
    state = started(2, sea=[ship("black", 5, 8, rum=1), ship("red", 3, 5, meat=1)])
    state = lay_from_deck(state, 0, 0, ["rum"])
    state = set_hand(state, 0, ["beans"] * 6)
    state = act(state, 0, {"type": "exchange", "discard": ["beans", "beans"]})
    fire, by_app = by_type(GAME.choices(state, 0))["fire"]
    assert render_english(fire.label) == "Fire the cannons at the black ship (5 points, defence 8)"
    assert fire.action["ship"] == 0 and fire.action["card"] == "beans"
    assert "ship" not in [f.key for f in fire.fields] and "card" not in [f.key for f in fire.fields]
    assert by_app.fields == ()  # one tap
    after = act(state, 0, by_app.action)
    assert after["turn"]["fired"] is True
    # Two ships with provisions: the ship is asked, the card still not.
    state = lay_from_deck(state, 1, 0, ["meat"])
    fire = by_type(GAME.choices(state, 0))["fire"][0]
    assert [f.key for f in fire.fields][:1] == ["ship"] and fire.action["card"] == "beans"


def test_a_discard_box_with_one_kind_of_card_is_filled() -> None:
    """All six cards alike: each box to discard has one answer, filled in already."""
    state = started(2, sea=[ship("black", 5, 8, rum=1)])
    state = set_hand(state, 0, ["beans"] * 6)
    exchange = by_type(GAME.choices(state, 0))["exchange"][0]
    assert [f.default for f in exchange.fields] == ["beans", "beans", "beans"]
    assert all(f.choices == (("beans", "beans"),) for f in exchange.fields)


def test_optional_boxes_are_marked_and_the_others_required() -> None:
    """ "Odhodí 2 nebo 3 karty ... a může si vzít až 2 karty z odkládacího balíčku": with a
    provision at a ship the third discard and both picks may stay empty ("(none)", marked
    optional, so the page does not require them), the first two discards must be chosen."""
    state = started(2, sea=[ship("black", 5, 8, rum=1), ship("red", 3, 5, meat=1)])
    state = lay_from_deck(state, 0, 0, ["rum"])
    state = set_hand(state, 0, ["water", "beans", "meat", "biscuits", "water", "bananas"])
    state["discard"] = ["meat", "rum"]
    exchange = by_type(GAME.choices(state, 0))["exchange"][0]
    boxes = {f.key: (f.optional, render_english(f.choices[0][1])) for f in exchange.fields}
    assert boxes == {
        "discard_1": (False, "(choose)"),
        "discard_2": (False, "(choose)"),
        "discard_3": (True, "(none)"),
        "take_1": (True, "(none)"),
        "take_2": (True, "(none)"),
    }


def test_a_box_names_a_card_as_the_cards_lying_out_do() -> None:
    """A box of the hand, the exchange or the draw is a third of the phone wide: a provision
    with a pirate symbol shows there as "biscuits ☠", as the cards lying out show it, and a
    colour die as its colour (the help says which provision it hits); the log still names a
    card in full ("Took biscuits with a pirate symbol with the cannons.")."""
    hand = next(c for c in GAME.choices(new_game(2), 0) if c.action["type"] == "hand" and c.fields)
    boxes = {value: render_english(label) for value, label in hand.fields[0].choices}
    assert boxes["biscuits_p"] == "biscuits ☠"
    assert boxes["biscuits"] == "biscuits"
    assert boxes["pirate4"] == "pirate 4"
    assert boxes[""] == "(choose)"
    colours = {
        value: render_english(label) for value, label in GAME.facts({"type": "fire"})[0].choices
    }
    assert colours["white"] == "white" and colours["yellow"] == "yellow"
    steal = GAME.describe({"type": "steal", "victim": 1, "card": "biscuits_p"})
    assert render_english(steal) == "Took biscuits with a pirate symbol with the cannons."
