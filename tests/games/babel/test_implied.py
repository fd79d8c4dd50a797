"""Steps the rules make automatic are the app's (games.babel.implied, issue 21).

"Na začátku tahu si hráč vytáhne 3 karty národů" -- without hands on the phones that draw only
counts cards; "Po ukončení všech svých akcí si hráč vytáhne dvě chrámové karty" -- turning up
the first temple card ends the actions.
"""

from __future__ import annotations

from games.babel import GAME
from games.babel.constants import STAGE_ACTIONS, STAGE_DRAW, STAGE_TEMPLE
from games.i18n import render_english
from tests.games.babel.helpers import act, arrange, check_invariants, new_game, refused


def settled() -> dict:
    """Anna's turn begins (the draw not taken), her figure in Media with three Medes there."""
    return arrange(
        new_game(),
        rows={"medes": [["medes"] * 3, []]},
        figures=["medes", "quarry"],
        start_card=[False, False],
        hand_sizes=[2, 5],
        stage=STAGE_DRAW,
    )


def labels(state: dict, seat: int = 0) -> list[str]:
    return [render_english(choice.label) for choice in GAME.choices(state, seat)]


def test_the_first_action_of_a_turn_draws_the_three_cards_first() -> None:
    state = act(settled(), 0, "settle", nation="medes")
    assert state["stage"] == STAGE_ACTIONS
    assert state["hand_sizes"][0] == 2 + 3 - 1
    assert state["cities"]["medes"]["rows"][0] == ["medes"] * 4
    assert state["acted"] is True
    check_invariants(state)


def test_the_phone_offers_the_actions_at_once_and_says_the_app_drew() -> None:
    choices = GAME.choices(settled(), 0)
    kinds = {choice.action["type"] for choice in choices}
    assert "draw" not in kinds and "end_actions" not in kinds
    assert {"settle", "travel", "migrate", "draw_temples"} <= kinds
    noted = [choice.note for choice in choices if choice.note is not None]
    assert render_english(noted[0]) == ("Draw 3 nation cards: the app has added them to your hand.")
    # Nothing done yet: ending the turn with a temple card asks once more.
    (pair,) = [c for c in choices if render_english(c.label) == "3 + 2"]
    assert pair.confirm is not None


def test_a_temple_card_during_the_actions_ends_them() -> None:
    state = act(settled(), 0, "settle", nation="medes")
    offered = {render_english(c.label): c for c in GAME.choices(state, 0)}
    assert offered["5 + 3"].action == {"type": "draw_temples", "first": 5, "second": 3}
    assert offered["5 + 3"].confirm is None  # something was done this turn
    assert len([c for c in offered.values() if c.style == "pair"]) == 21
    assert "End actions" in offered  # the entry of its own stays
    after = act(state, 0, "draw_temples", first=3, second=5)
    assert after["temple_rows"][0] == [5, 3] and after["active"] == 1
    state = act(state, 0, "temple_card", level=3)
    assert state["stage"] == STAGE_TEMPLE and state["temple_pending"]["levels"] == [3]
    state = act(state, 0, "temple_card", level=5)
    assert state["stage"] == STAGE_DRAW and state["active"] == 1
    assert state["temple_rows"][0] == [5, 3]
    check_invariants(state)


def test_a_temple_card_is_refused_while_the_starting_card_must_be_built() -> None:
    state = arrange(settled(), start_card=[True, False], stage=STAGE_ACTIONS)
    assert "starting" in refused(state, 0, "temple_card", level=2)
    assert not [c for c in GAME.choices(state, 0) if c.action["type"] == "temple_card"]


def test_with_hands_on_the_phones_the_draw_is_entered() -> None:
    state = arrange(new_game(hand_tracking="on"), hands=[{"medes": 5}, {}], stage=STAGE_DRAW)
    assert "not possible at this point" in refused(state, 0, "travel", nation="medes")
    assert "Let the app draw 3 nation cards" in labels(state)


def test_the_separate_draw_and_end_entries_stay_accepted() -> None:
    state = act(settled(), 0, "draw")
    assert state["stage"] == STAGE_ACTIONS and state["hand_sizes"][0] == 5
    assert act(state, 0, "end_actions")["stage"] == STAGE_TEMPLE
    assert refused(settled(), 0, "end_actions")


def test_pairs_the_deck_can_no_longer_give_are_not_offered() -> None:
    """ "5× šesté": with four 6s in sight one is left, so "6 + 6" is not offered."""
    state = arrange(settled(), temple_rows=[[6, 6], [6, 6]], stage=STAGE_ACTIONS)
    offered = labels(state)
    assert "6 + 5" in offered and "6 + 6" not in offered


def test_known_top_cards_are_entered_level_by_level() -> None:
    state = arrange(settled(), stage=STAGE_ACTIONS)
    state["temple_deck"]["top"] = [2]
    offered = {render_english(c.label): c for c in GAME.choices(state, 0)}
    assert "2 + 1" not in offered
    assert offered["Level 2"].action == {"type": "temple_card", "level": 2}
