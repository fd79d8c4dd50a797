"""What the phones offer: the legal entries enabled, the expected blocked ones with a reason."""

from __future__ import annotations

from games.i18n import render_english
from games.stortebeker import GAME

from .helpers import act, lay_from_deck, new_game, past_first_round, set_hand, ship, started


def by_type(choices: list) -> dict[str, list]:
    found: dict[str, list] = {}
    for choice in choices:
        found.setdefault(choice.action["type"], []).append(choice)
    return found


def test_setup_offers_ship_entry_and_hands() -> None:
    """At set-up every phone can enter the ships coming into view and its own hand."""
    state = new_game(2)
    offered = by_type(GAME.choices(state, 1))
    assert set(offered) == {"ship", "hand"}
    assert {f.key for f in offered["ship"][0].fields} >= {"colour", "points", "defence", "need_rum"}
    assert any(c.action.get("by_app") for c in offered["hand"])


def test_play_offers_only_fitting_cards_and_explains_the_rest() -> None:
    """ "K lodi se smí položit pouze ten druh proviantu ... kolik je na kartě lodi vyobrazeno.\""""
    state = started(2, sea=[ship("black", 5, 8, rum=1), ship("red", 3, 5, meat=1)])
    state = set_hand(state, 0, ["rum", "water", "water", "beans", "beans", "pirate2"])
    lays = by_type(GAME.choices(state, 0))["lay"]
    assert lays[0].disabled is None
    assert [value for value, _label in lays[0].fields[0].choices] == ["rum"]
    assert render_english(lays[1].disabled) == "None of your cards fits this ship."
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
