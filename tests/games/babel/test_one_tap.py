"""Physical entries one tap per card: nation cards drawn and temple cards turned up."""

from __future__ import annotations

import json
import random
from typing import Any

from games.babel import GAME
from games.babel.constants import STAGE_ACTIONS, STAGE_DEAL, STAGE_DRAW, STAGE_TEMPLE
from games.babel.draws import next_temple_levels
from games.i18n import render_english
from tests.games.babel.helpers import act, arrange, check_invariants, new_game, refused


def by_label(state: dict[str, Any], seat: int) -> dict[str, Any]:
    return {render_english(c.label): c for c in GAME.choices(state, seat)}


def temple_turn(**layout: Any) -> dict[str, Any]:
    return arrange(new_game(), stage=STAGE_TEMPLE, start_card=[False, True], **layout)


# -- temple cards ----------------------------------------------------------------------


def test_two_taps_lay_the_higher_temple_card_first() -> None:
    """ "Po ukončení všech svých akcí si hráč vytáhne dvě chrámové karty z balíčku ...
    Nejdříve obě karty odkryje, pak položí tu s vyšší hodnotou a na ni tu s nižší
    hodnotou." -- the first tap waits, the second lays both."""
    state = temple_turn()
    state = act(state, 0, "temple_card", level=2)
    assert state["temple_pending"] == {"seat": 0, "levels": [2]}
    assert state["temple_rows"] == [[], []]
    assert state["stage"] == STAGE_TEMPLE and GAME.to_act(state) == [0]
    assert state["temple_deck"]["size"] == 44  # counted in the deck until both are laid
    check_invariants(state)
    state = act(state, 0, "temple_card", level=5)
    assert state["temple_rows"] == [[5, 2], []]
    assert state["temple_pending"] is None
    assert state["last_temple_draw"] == {"seat": 0, "levels": [5, 2]}
    assert state["temple_deck"]["size"] == 42
    assert state["stage"] == STAGE_DRAW and state["active"] == 1
    check_invariants(state)


def test_the_phone_offers_six_levels_with_the_pending_card_in_the_note() -> None:
    """ "10× první patro, 9× druhé, 8× třetí, 7× čtvrté, 6× páté a 5× šesté" -- with
    four 6s in sight the deck holds one: the first tap may take it, the second may not."""
    state = temple_turn(temple_rows=[[6, 6], [6, 6]])
    choices = by_label(state, 0)
    levels = [f"Level {level}" for level in range(1, 7)]
    assert all(choices[label].disabled is None for label in levels)
    assert choices["Level 1"].note["text"] == "The deck can still hold: %(levels)s."
    assert choices["Let the app draw 2 temple cards"].action == {
        "type": "draw_temples",
        "by_app": True,
    }
    state = act(state, 0, "temple_card", level=6)
    choices = by_label(state, 0)
    assert (
        choices["Level 6"].disabled["text"] == "The temple deck holds no card of level %(level)s."
    )
    assert choices["Level 1"].note["args"] == {"level": 6}
    assert "Let the app draw the second temple card" in choices
    assert refused(state, 0, "temple_card", level=6) == "The temple deck holds no card of level 6."
    assert GAME.view(state, None)["temple_pending"] == {"seat": 0, "levels": [6]}
    state = act(state, 0, "temple_card", level=1)
    assert state["temple_rows"][0][-2:] == [6, 1]


def test_all_cards_of_a_level_in_sight_disable_its_button() -> None:
    state = temple_turn(temple_rows=[[6, 6, 6], [6, 6]])
    choices = by_label(state, 0)
    assert choices["Level 6"].disabled is not None
    assert refused(state, 0, "temple_card", level=6) == "The temple deck holds no card of level 6."
    assert "from 1 to 6" in refused(state, 0, "temple_card", level=7)
    assert "from 1 to 6" in refused(state, 0, "temple_card", level="3")
    assert "from 1 to 6" in refused(state, 0, "temple_card")


def test_known_first_card_then_a_tap_for_the_second() -> None:
    """ "Chrámové karty se odloží lícem dolů na dobírací balíček" -- a destroyed level 3
    lies on top: only that level can be the first card."""
    state = temple_turn(temples={"medes": [[], [3]]})
    state["cities"]["medes"]["temples"][1] = []
    state["temple_deck"]["top"] = [3]
    state["temple_deck"]["size"] += 1
    check_invariants(state)
    choices = by_label(state, 0)
    assert choices["Level 3"].disabled is None
    assert choices["Level 3"].note["args"]["known"] == 3
    assert choices["Level 4"].disabled["args"] == {"level": 3}
    assert refused(state, 0, "temple_card", level=4) == (
        "The next temple card is known to be level 3."
    )
    state = act(state, 0, "temple_card", level=3)
    assert next_temple_levels(state, [3]) == [1, 2, 3, 4, 5, 6]
    state = act(state, 0, "temple_card", level=4)
    assert state["temple_rows"][0] == [4, 3]
    assert state["temple_deck"]["top"] == []
    check_invariants(state)


def test_the_app_draws_the_second_card_after_a_tapped_first() -> None:
    state = act(temple_turn(), 0, "temple_card", level=4)
    one = act(state, 0, "draw_temples", by_app=True, seed=9)
    two = act(state, 0, "draw_temples", by_app=True, seed=9)
    assert one == two
    assert 4 in one["temple_rows"][0] and len(one["temple_rows"][0]) == 2
    assert one["temple_rows"][0] == sorted(one["temple_rows"][0], reverse=True)
    assert one["temple_pending"] is None and one["active"] == 1
    check_invariants(one)
    assert "already entered" in refused(state, 0, "draw_temples", first=1, second=2)


def test_app_draw_without_a_pending_card_draws_as_before() -> None:
    """Old logs replay to the same cards: the app draw took known cards, then the seed."""
    state = temple_turn()
    after = act(state, 0, "draw_temples", by_app=True, seed=42)
    rng = random.Random(42)
    unknown = GAME.view(state, None)["temple_deck_levels"]["shuffled"]
    pool = [int(level) for level, count in unknown.items() for _ in range(count)]
    first = rng.choice(pool)
    pool.remove(first)
    second = rng.choice(pool)
    assert after["temple_rows"][0] == sorted([first, second], reverse=True)


def test_the_last_temple_card_is_one_tap_and_ends_the_game() -> None:
    """ "Hra končí ... jakmile je položena poslední chrámová karta" -- one card left:
    the first tap lays it."""
    state = temple_turn()
    unknown = GAME.view(state, None)["temple_deck_levels"]["shuffled"]
    rest = [int(level) for level, count in unknown.items() for _ in range(count)]
    rest.remove(6)
    state = temple_turn(temple_rows=[rest, []])
    assert state["temple_deck"]["size"] == 1
    choices = by_label(state, 0)
    assert [label for label, c in choices.items() if c.disabled is None] == [
        "Level 6",
        "Let the app draw 1 temple card",
    ]
    after = act(state, 0, "temple_card", level=6)
    assert after["temple_deck"]["size"] == 0
    assert GAME.outcome(after) is not None


def test_facts_let_a_correction_change_each_tapped_level() -> None:
    (field,) = GAME.facts({"type": "temple_card", "level": 2})
    assert field.key == "level" and [value for value, _ in field.choices] == [1, 2, 3, 4, 5, 6]
    (field,) = GAME.facts({"type": "draw_card", "nation": "medes"})
    assert field.key == "nation"
    (field,) = GAME.facts({"type": "deal_card", "nation": "medes"})
    assert field.key == "nation"
    # A corrected first card replays to the corrected row.
    state = temple_turn()
    log = [{"level": 2}, {"level": 5}]
    log[0]["level"] = 3
    for entry in log:
        state = act(state, 0, "temple_card", **entry)
    assert state["temple_rows"][0] == [5, 3]


def test_describe_names_the_tapped_level() -> None:
    line = GAME.describe({"type": "temple_card", "level": 4})
    assert line == {"text": "Draws a temple card of level %(level)s", "args": {"level": 4}}
    assert "medes" not in json.dumps(GAME.describe({"type": "draw_card", "nation": "medes"}))
    assert "medes" not in json.dumps(GAME.describe({"type": "deal_card", "nation": "medes"}))


# -- nation cards (hand tracking) ------------------------------------------------------------


def test_starting_hand_one_tap_per_card() -> None:
    """ "Игрокам раздается в руки по 5 карт." -- five taps, the progress in the note."""
    state = new_game(hand_tracking="on")
    choices = by_label(state, 1)
    assert [label for label in choices][:5] == [
        "Medes",
        "Sumerians",
        "Hittites",
        "Persians",
        "Assyrians",
    ]
    assert choices["Medes"].note["args"] == {"number": 1, "count": 5}
    assert "Let the app draw 5 nation cards" in choices
    for index, nation in enumerate(["medes", "medes", "hittites", "persians"]):
        state = act(state, 1, "deal_card", nation=nation)
        assert state["hand_sizes"][1] == index + 1
        check_invariants(state)
    assert state["stage"] == STAGE_DEAL and GAME.to_act(state) == [0, 1]
    choices = by_label(state, 1)
    assert choices["Medes"].note["args"] == {
        "number": 5,
        "count": 5,
        "card1": "Medes",
        "card2": "Medes",
        "card3": "Hittites",
        "card4": "Persians",
    }
    assert [card["nation"] for card in GAME.view(state, 1)["drawing"]] == [
        "medes",
        "medes",
        "hittites",
        "persians",
    ]
    assert GAME.view(state, 0)["drawing"] == [] and GAME.view(state, None)["drawing"] == []
    assert "hittites" not in json.dumps(GAME.view(state, 0)["drawing"])
    state = act(state, 1, "deal_card", nation="assyrians")
    assert state["dealt"] == [False, True] and state["_drawing"][1] == []
    assert state["_hands"][1] == {
        "medes": 2,
        "sumerians": 0,
        "hittites": 1,
        "persians": 1,
        "assyrians": 1,
    }
    assert refused(state, 1, "deal_card", nation="medes") == "It is not your turn."
    state = act(state, 0, "deal", by_app=True, seed=4)
    assert state["stage"] == STAGE_DRAW
    check_invariants(state)


def test_turn_draw_one_tap_per_card_then_actions() -> None:
    """ "Na začátku tahu si hráč vytáhne 3 karty národů z balíčku a přidá je ke kartám,
    které má v ruce." -- three taps; the third opens the actions."""
    state = arrange(new_game(hand_tracking="on"), hands=[{"medes": 5}, {}], stage=STAGE_DRAW)
    state = act(state, 0, "draw_card", nation="persians")
    state = act(state, 0, "draw_card", nation="persians")
    assert state["stage"] == STAGE_DRAW
    assert by_label(state, 0)["Medes"].note["args"]["number"] == 3
    assert "Let the app draw 1 nation card" in by_label(state, 0)
    state = act(state, 0, "draw_card", nation="hittites")
    assert state["stage"] == STAGE_ACTIONS
    assert state["_hands"][0] == {
        "medes": 5,
        "sumerians": 0,
        "hittites": 1,
        "persians": 2,
        "assyrians": 0,
    }
    assert refused(state, 0, "draw_card", nation="medes") == (
        "This entry is not possible at this point of the turn."
    )
    check_invariants(state)


def test_the_app_draws_the_rest_after_tapped_cards() -> None:
    state = arrange(new_game(hand_tracking="on"), hands=[{}, {}], stage=STAGE_DRAW)
    state = act(state, 0, "draw_card", nation="medes")
    after = act(state, 0, "draw", by_app=True, seed=5)
    assert after["hand_sizes"][0] == 3 and after["_hands"][0]["medes"] >= 1
    assert after["stage"] == STAGE_ACTIONS
    check_invariants(after)
    assert act(state, 0, "draw", card1="sumerians", card2="sumerians")["hand_sizes"][0] == 3
    assert "left to draw: 2" in refused(
        state, 0, "draw", card1="medes", card2="medes", card3="medes"
    )


def test_a_nation_with_all_twelve_cards_in_sight_is_greyed() -> None:
    """ "60 karet národů, po 12 kartách\""""
    state = arrange(
        new_game(hand_tracking="on"),
        rows={"medes": [["medes"] * 6, ["medes"] * 6]},
        hands=[{}, {}],
        stage=STAGE_DRAW,
    )
    choices = by_label(state, 0)
    assert choices["Medes"].disabled["args"] == {"nation": "Medes"}
    assert choices["Medes"].note is None and choices["Sumerians"].note is not None
    assert refused(state, 0, "draw_card", nation="medes") == (
        "The nation deck holds no more cards of the Medes."
    )


def test_a_draw_near_the_deck_end_asks_only_for_the_cards_left() -> None:
    """ "Když se balíček spotřebuje, zamíchá se odkládací balíček" -- with one card in
    the deck and none discarded, one tap ends the draw."""
    state = arrange(new_game(hand_tracking="on"), hands=[{"medes": 5}, {}], stage=STAGE_DRAW)
    state = arrange(
        state,
        hands=[{"medes": 5}, {"medes": 7, "sumerians": 12, "hittites": 12, "persians": 12}],
        stage=STAGE_DRAW,
    )
    state["_hands"][1]["assyrians"] = 11
    state["hand_sizes"][1] += 11
    state["nation_deck"]["size"] = 1
    check_invariants(state)
    assert by_label(state, 0)["Assyrians"].note["args"] == {"number": 1, "count": 1}
    state = act(state, 0, "draw_card", nation="assyrians")
    assert state["stage"] == STAGE_ACTIONS


def test_cards_one_by_one_need_hand_tracking() -> None:
    state = new_game()
    assert "hands on the phones" in refused(state, 0, "draw_card", nation="medes")
    # Without tracking the draw only counts cards: the phone offers the actions at once
    # (tests/games/babel/test_implied.py); the whole-draw entry stays accepted.
    assert {"type": "draw"} not in [c.action for c in GAME.choices(state, 0)]
    assert act(state, 0, "draw")["hand_sizes"][0] == 8
    assert "nation" in refused(
        arrange(new_game(hand_tracking="on"), hands=[{}, {}], stage=STAGE_DRAW),
        0,
        "draw_card",
        nation="elves",
    )
