"""The last action of a turn may end it (issue 21: a closing entry folded into the last action).

"Po ukončení všech svých akcí si hráč vytáhne dvě chrámové karty": once nothing else is
possible, what is left of the turn is the temple draw. A seat that let the app draw its temple
cards last time is offered its last action with the end of the turn in it: one tap, the app
drawing the two cards, seeded by the entry so that a replay draws the same.
"""

from __future__ import annotations

from games.babel import GAME
from games.babel.constants import STAGE_DRAW
from games.i18n import render_english
from tests.games.babel.helpers import act, arrange, check_invariants, new_game, refused

M, S = "medes", "sumerians"
CLOSED = "Settle a card of the Medes in Media and end the turn"


def last_card(app_temples: bool, **layout: object) -> dict:
    """Anna in Media with one card left, nothing to build or migrate after it."""
    state = arrange(
        new_game(),
        **{
            "rows": {M: [[S], []]},
            "figures": [M, "quarry"],
            "start_card": [False, False],
            "hand_sizes": [1, 5],
            **layout,
        },
    )
    state["app_temples"] = [app_temples, False]
    state["acted"] = True
    return state


def offered(state: dict, seat: int = 0) -> dict:
    return {render_english(c.label): c for c in GAME.choices(state, seat)}


def test_the_last_card_ends_the_turn_for_a_seat_that_lets_the_app_draw() -> None:
    state = last_card(True)
    choices = offered(state)
    closing = choices[CLOSED]
    assert closing.action == {"type": "settle", "nation": M, "app_temples": True}
    assert closing.style == "primary" and closing.disabled is None
    # The same action without the end of the turn stays, for cards turned up by hand.
    plain = choices["Settle a card of the Medes in Media"]
    assert plain.style == "secondary" and "app_temples" not in plain.action
    after = act(state, 0, "settle", nation=M, app_temples=True)
    assert after["cities"][M]["rows"][0] == [S, M]
    assert len(after["temple_rows"][0]) == 2 and after["last_temple_draw"]["seat"] == 0
    assert after["active"] == 1 and after["stage"] == STAGE_DRAW and after["turn"] == 2
    assert after["app_temples"] == [True, False]
    check_invariants(after)
    # The same entry replays to the same cards.
    assert act(state, 0, "settle", nation=M, app_temples=True) == after
    line = render_english(GAME.describe({"type": "settle", "nation": M, "app_temples": True}))
    assert line == (
        "Settles a card of the Medes and ends the turn (the app draws the temple cards)"
    )


def test_no_fold_for_a_table_that_turns_up_its_own_cards() -> None:
    choices = offered(last_card(False))
    assert CLOSED not in choices and "Settle a card of the Medes in Media" in choices


def test_no_fold_while_something_else_stays_possible() -> None:
    # Two cards in hand: another action follows the settling.
    assert CLOSED not in offered(last_card(True, hand_sizes=[2, 5]))
    # A level 1 could be built in Media after this card: "Stavba chrámu" is still possible.
    assert CLOSED not in offered(last_card(True, temple_rows=[[1], []]))


def test_only_true_ends_the_turn() -> None:
    state = last_card(True)
    assert "app_temples" in refused(state, 0, "settle", nation=M, app_temples=False)
    assert "field" in refused(state, 0, "end_actions", app_temples=True)
