"""The turn order's form as the phone offers it: each general once.

"Karty s generály ... druhý je postupně náhodně vytáhne a otevřeně položí na místo na pravém
kraji hrací desky (Spieler 1–5). Tím se určí pořadí hráčů v daném kole". The table enters the
order it drew in one box per place. Every box used to offer the first seat: the form as
offered was an order the engine could only refuse ("Every general must appear once"), and a
table changed all five boxes. A game played from the phones found it
(tests/browser/playthrough.py). Now the places start with each seat once, in seat order.
"""

from __future__ import annotations

import pytest

from games.wallenstein import GAME
from tests.games.wallenstein.helpers import do, enter_events, new_game


def at_the_turn_order(players: int) -> dict:
    state = enter_events(new_game(players), [15, 2, 4, 10])
    state = do(state, 0, type="action_card", by_app=True, seed=5)
    assert state["stage"] == "turn_order"
    return state


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_places_start_with_each_general_once(players: int) -> None:
    state = at_the_turn_order(players)
    (entered,) = [
        choice
        for choice in GAME.choices(state, 0)
        if choice.action["type"] == "turn_order" and not choice.action.get("by_app")
    ]
    assert [field.key for field in entered.fields] == [f"pos_{n}" for n in range(1, players + 1)]
    assert [field.default for field in entered.fields] == list(range(players))
    # Sent as offered, the engine takes it: the order of the seats.
    values = {field.key: field.default for field in entered.fields}
    after = do(state, 0, **entered.action, **values)
    assert after["stage"] != "turn_order"
    assert after["season_state"]["order"] == list(range(players))
