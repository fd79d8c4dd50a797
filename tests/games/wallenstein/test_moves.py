"""Issue 21: each entry declared once; its correction asks what the entry asked, with the
entry's limits (the cards that could have come up then, the seats of the table)."""

from __future__ import annotations

import pytest

from games.base import IllegalAction
from games.i18n import render_english
from games.wallenstein import GAME, winter

from .helpers import do, in_season, new_game

A, B, C = 0, 1, 2


def _entry(state: dict, seat: int, kind: str):
    return next(c for c in GAME.choices(state, seat) if c.action == {"type": kind})


def test_a_revolt_card_correction_offers_the_cards_that_could_be_drawn() -> None:
    """„Hráč po jeho levici náhodně vybere jednu kartu z jeho karet zemí (zahrnuty jsou i
    prázdné karty).“ The entry and its correction offer the revolting player's land cards
    and the blank, nothing else."""
    state = in_season(order=[A, B, C])
    state["season"] = "autumn"
    state["events"]["used"] = [15, 2, 4]
    state["grain"] = [9, 11, 11]
    winter.start_winter(state)
    offered = {value for value, _label in _entry(state, B, "revolt_card").fields[0].choices}
    assert offered == set(winter.drawable_cards(state)) and "blank" in offered
    assert "strassburg" not in offered  # not Anna's card
    action = {"type": "revolt_card", "card": "mark", "seat": B}
    (card,) = GAME.facts(action, state)
    assert {value for value, _label in card.choices} == offered
    assert render_english(GAME.describe(action)) == "Revolting land drawn: Gft. Mark"


def test_the_generals_correction_offers_the_seats_of_the_table() -> None:
    """„Tím se určí pořadí hráčů v daném kole: hráč představující generála nahoře
    (Startspieler) bude hrát první a další pod ním následují.“ One general per player, each
    a seat of the table; the correction asks the same (it asked for numbers from 0)."""
    state = new_game(players=4)
    state = do(state, A, type="events", card_1=15, card_2=2, card_3=4, card_4=10)
    for card in ("palace", "church", "trade", "grain", "taxes"):
        state = do(state, A, type="action_card", card=card)
    entry = _entry(state, A, "turn_order")
    action = {"type": "turn_order", "pos_1": 2, "pos_2": 0, "pos_3": 3, "pos_4": 1, "seat": A}
    corrected = GAME.facts(action, state)
    assert (
        [f.key for f in corrected]
        == [f.key for f in entry.fields]
        == [
            "pos_1",
            "pos_2",
            "pos_3",
            "pos_4",
        ]
    )
    assert all(f.seats and [v for v, _l in f.choices] == [0, 1, 2, 3] for f in corrected)
    assert [f.choices for f in corrected] == [f.choices for f in entry.fields]


def test_an_entry_with_a_key_for_a_seat_not_at_the_table_is_refused() -> None:
    """Three players throw three colours: a fourth player's count is no field of the drop."""
    state = GAME.setup(["Anna", "Boris", "Cyril"], {"allocation": "fixed"})
    drop = {"type": "drop", "out_0": 7, "out_1": 7, "out_2": 7, "out_peasants": 10}
    with pytest.raises(IllegalAction) as refused:
        do(state, A, **drop, out_3=0)
    assert refused.value.message["args"] == {"field": "out_3"}
    assert do(state, A, **drop)["stage"] == "year_events"


def test_an_app_draw_has_nothing_to_correct() -> None:
    """The app's draw was seen by no one: its correction asks nothing, its line says so."""
    state = new_game()
    action = {"type": "events", "by_app": True, "seat": A}
    assert GAME.facts(action, state) == ()
    assert render_english(GAME.describe(action)) == "The year's event cards are drawn"
