"""The hidden action cards turned up together, and the app's draws made without a tap
(option ``draws``, issue 21)."""

from __future__ import annotations

import copy
import random

import pytest

from games.base import IllegalAction, chained_seed
from games.i18n import render_english
from games.wallenstein import GAME, season
from games.wallenstein.data import ACTION_KEYS

from .helpers import NAMES, OPEN, at_the_hidden_cards, do, drop_all_out, new_game

A, B, C = 0, 1, 2


def app_button(state: dict) -> dict:
    return next(c.action for c in GAME.choices(state, A) if c.action.get("by_app"))


def test_the_apps_draw_turns_up_the_hidden_cards_together() -> None:
    """„Když všichni hráči dokončí odkryté akce, otočí se karty akcí lícem dolů a následující
    zakryté karty akcí se odkryjí a postupně provedou.“"""
    state = at_the_hidden_cards()
    button = app_button(state)
    assert button == {"type": "action_card", "by_app": True, "rest": True}
    after = do(state, A, **button, seed=11)
    actions = after["season_state"]["actions"]
    assert actions[:5] == OPEN
    assert sorted(actions[5:]) == sorted(set(ACTION_KEYS) - set(OPEN))
    assert after["stage"] == "act"
    note = render_english(after["notes"][-1])
    assert note.startswith("The app turns up 5 action cards: ")
    assert GAME.describe({**button, "seed": 11}) == {
        "text": "The hidden action cards are turned up",
        "args": {},
    }


def test_an_old_logs_app_draw_still_turns_up_one_card() -> None:
    """An app's draw of a log made before "rest" (the hidden cards one entry each) replays
    as it did: the one card ``Random(seed).sample(left, 1)`` gave."""
    state = at_the_hidden_cards()
    left = season.action_cards_left(state)
    after = do(state, A, type="action_card", by_app=True, seed=11)
    assert after["season_state"]["actions"] == OPEN + random.Random(11).sample(left, 1)
    assert after["notes"] == state["notes"]  # and no note it did not write then
    assert render_english(GAME.describe({"type": "action_card", "by_app": True})) == (
        "An action card is turned up"
    )


def test_the_table_still_enters_the_hidden_cards_one_by_one() -> None:
    state = at_the_hidden_cards()
    with pytest.raises(IllegalAction):
        do(state, A, type="action_card", card="palace")  # already turned up
    after = do(state, A, type="action_card", card="recruit5")
    assert after["season_state"]["actions"] == [*OPEN, "recruit5"]


def test_the_open_cards_are_not_drawn_all_ten_by_rest() -> None:
    """„Prvních 5 se potom položí lícem nahoru ... a 5 zbylých karet lícem dolů“: "rest" on
    the first draw of a season still turns up five."""
    state = new_game(events="remaining")
    state = do(state, A, type="events", card_1=15, card_2=2, card_3=4, card_4=10)
    after = do(state, A, type="action_card", by_app=True, rest=True, seed=4)
    assert len(after["season_state"]["actions"]) == 5
    assert after["stage"] == "turn_order"


def test_with_draws_app_the_year_and_its_cards_follow_the_entry_that_leads_to_them() -> None:
    """„Na začátku každého roku jeden z hráčů vytáhne náhodně 4 karty událostí“ and
    „Prvních 5 se potom položí lícem nahoru“: with ``draws=app`` the tower's first fill
    (which ends the fixed allocation) is followed by both draws, no tap between."""
    state = new_game(draws="app")
    assert len(set(state["events"]["year"])) == 4
    assert len(state["season_state"]["actions"]) == 5
    # the generals stay a tap: „Všichni hráči plánují své akce“ before „Pořadí hráčů“
    assert state["stage"] == "turn_order"
    notes = [render_english(note) for note in state["notes"]]
    assert notes[-2].startswith("The app draws the year's event cards: ")
    assert notes[-1].startswith("The app turns up 5 action cards: ")


def test_with_draws_app_the_current_event_follows_the_generals() -> None:
    """„Jedna ze čtyř karet událostí vybraných na začátku roku je náhodně vybrána“ once the
    generals are laid out."""
    state = new_game(draws="app")
    after = do(state, A, type="turn_order", pos_1=1, pos_2=0, pos_3=2, seed=8)
    assert after["events"]["current"] in state["events"]["year"]
    assert after["stage"] == "act"
    assert render_english(after["notes"][-1]).startswith("The app draws the current event: ")


def test_chained_draws_come_from_the_entrys_seed_alone() -> None:
    """A replay draws the same; another seed draws otherwise; each step of a chain has its
    own seed."""
    fill = GAME.setup(NAMES[:3], {"allocation": "fixed", "draws": "app"})
    first = drop_all_out(fill)
    assert drop_all_out(copy.deepcopy(fill)) == first
    drawn = {
        tuple(do(fill, A, type="drop", by_app=True, seed=seed)["events"]["year"])
        for seed in range(6)
    }
    assert len(drawn) > 1
    assert chained_seed({"seed": 5}, 1) != chained_seed({"seed": 5}, 2)
    with pytest.raises(IllegalAction):
        chained_seed({"seed": "5"}, 1)


def play_on(state: dict, seat: int) -> dict:
    """One entry as a phone offers it: a blank card while there is one, else the first
    entry offered, its fields at their defaults (or first options)."""
    enabled = [c for c in GAME.choices(state, seat) if c.disabled is None]
    blank = [c for c in enabled if c.action.get("land") == season.BLANK]
    choice = (blank or enabled)[0]
    action = dict(choice.action)
    for field in choice.fields:
        if field.default not in (None, ""):
            action[field.key] = field.default
        elif field.kind == "int":
            action[field.key] = field.low or 0
        else:
            action[field.key] = next(value for value, _label in field.choices if value != "")
    return do(state, seat, **action)


def test_with_draws_app_the_hidden_cards_and_the_next_season_need_no_tap() -> None:
    """„... následující zakryté karty akcí se odkryjí“ after the fifth action, and the next
    season's five cards after the last action of this one (Léto: „Jako jaro“), each drawn
    by the engine after the entry that leads to it."""
    state = new_game(draws="app")
    state = do(state, A, type="turn_order", pos_1=0, pos_2=1, pos_3=2)
    spring = state["season"]
    hidden_seen = False
    for _step in range(300):
        if state["season"] != spring or state["stage"] not in ("act", "drop", "defend"):
            break
        state = play_on(state, GAME.to_act(state)[0])
        hidden_seen |= len(state["season_state"]["actions"]) == 10
        assert state["stage"] not in ("action_card", "current_event", "year_events")
    assert state["season"] != spring
    assert hidden_seen or any(
        "Nobody has a land card left" in render_english(note) for note in state["notes"]
    )
    assert state["stage"] == "turn_order"  # the next season: five cards, then the generals
    assert len(state["season_state"]["actions"]) == 5
