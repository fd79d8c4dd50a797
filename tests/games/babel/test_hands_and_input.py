"""Hand tracking, private views, malformed entries and the phone's choices."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from games.babel import GAME
from games.babel.constants import STAGE_ACTIONS, STAGE_DRAW
from games.base import IllegalAction
from games.i18n import render_english
from tests.games.babel.helpers import act, arrange, check_invariants, new_game, refused


def dealt_game() -> dict[str, Any]:
    state = new_game(hand_tracking="on")
    assert GAME.to_act(state) == [0, 1]
    state = act(
        state,
        1,
        "deal",
        card1="medes",
        card2="medes",
        card3="hittites",
        card4="persians",
        card5="assyrians",
    )
    state = act(state, 0, "deal", by_app=True, seed=11)
    assert state["stage"] == STAGE_DRAW
    return state


def test_tracked_hands_are_dealt_then_drawn() -> None:
    """ "Karty národů se zamíchají. Игрокам раздается в руки по 5 карт.\""""
    state = dealt_game()
    assert state["hand_sizes"] == [5, 5]
    assert state["_hands"][1] == {
        "medes": 2,
        "sumerians": 0,
        "hittites": 1,
        "persians": 1,
        "assyrians": 1,
    }
    assert state["nation_deck"]["size"] == 50
    state = act(state, 0, "draw", card1="sumerians", card2="sumerians", card3="sumerians")
    assert state["hand_sizes"][0] == 8
    check_invariants(state)


def test_app_deal_is_reproducible() -> None:
    one = act(new_game(hand_tracking="on"), 0, "deal", by_app=True, seed=5)
    two = act(new_game(hand_tracking="on"), 0, "deal", by_app=True, seed=5)
    assert one == two


def test_the_other_phone_never_sees_a_tracked_hand() -> None:
    state = dealt_game()
    assert GAME.view(state, 1)["hand"] == state["_hands"][1]
    for seat in (0, None):
        text = json.dumps(GAME.view(state, seat))
        assert "_hands" not in text
        assert GAME.view(state, seat)["hand"] != state["_hands"][1] or seat == 1
    assert GAME.view(state, None)["hand"] is None
    assert GAME.view(state, 0)["hand_sizes"] == [5, 5]


def test_tracked_hand_refuses_a_card_it_does_not_hold() -> None:
    state = arrange(new_game(hand_tracking="on"), hands=[{"medes": 2}, {"persians": 3}])
    assert refused(state, 0, "travel", nation="persians") == (
        "You have no card of the Persians in your hand."
    )


def test_entered_draw_cannot_exceed_the_twelve_cards_of_a_nation() -> None:
    """ "60 karet národů, po 12 kartách\""""
    state = arrange(
        new_game(hand_tracking="on"),
        rows={"medes": [["medes"] * 6, ["medes"] * 6]},
        hands=[{}, {}],
        stage=STAGE_DRAW,
    )
    assert refused(state, 0, "draw", card1="medes", card2="persians", card3="persians") == (
        "The nation deck holds no more cards of the Medes."
    )


def test_untracked_play_trusts_the_nation_but_counts() -> None:
    state = arrange(
        new_game(),
        rows={"medes": [["medes"] * 12, []]},
        figures=["persians", "quarry"],
        hand_sizes=[3, 5],
        start_card=[False, False],
    )
    assert "no card of the Medes" in refused(state, 0, "settle", nation="medes")
    state = act(state, 0, "settle", nation="hittites")
    state = arrange(state, hand_sizes=[0, 5])
    assert "no card of the Hittites" in refused(state, 0, "settle", nation="hittites")


MALFORMED: list[dict[str, Any]] = [
    {},
    {"type": "fly"},
    {"type": 3},
    {"type": "draw"},
    {"type": "draw", "seat": "0"},
    {"type": "draw", "seat": True},
    {"type": "draw", "seat": 5},
    {"type": "draw", "seat": 1},
    {"type": "travel", "seat": 0},
    {"type": "travel", "seat": 0, "nation": None},
    {"type": "build", "seat": 0, "source": "row7"},
    {"type": "migrate", "seat": 0, "origin": "medes"},
    {"type": "ability", "seat": 0, "nation": "medes"},
    {"type": "ability", "seat": 0, "nation": "medes", "power": "own", "run": "x"},
    {"type": "give_up", "seat": 1, "nation": "medes"},
    {"type": "draw_temples", "seat": 0, "first": [1]},
    {"type": "end_actions", "seat": 0},
]


@pytest.mark.parametrize("action", MALFORMED)
@pytest.mark.parametrize("stage", ["draw", "actions", "temple"])
def test_malformed_entries_are_refused_without_change(action: dict[str, Any], stage: str) -> None:
    state = arrange(
        new_game(),
        rows={"medes": [["medes"] * 3, []]},
        figures=["medes", "quarry"],
        start_card=[False, False],
        stage=stage,
    )
    before = copy.deepcopy(state)
    if stage == "actions" and action.get("type") == "end_actions":
        return  # a legal entry here
    with pytest.raises(IllegalAction):
        GAME.apply(state, {**action, "seed": 1})
    assert state == before


def test_tracked_draw_with_missing_or_wrong_cards_is_refused() -> None:
    state = dealt_game()
    assert "Enter the nation of card 3" in refused(state, 0, "draw", card1="medes", card2="medes")
    assert refused(state, 0, "draw", by_app="yes")
    assert refused(state, 0, "draw", by_app=True, seed="x")


def test_non_dict_action_is_refused() -> None:
    with pytest.raises(IllegalAction):
        GAME.apply(new_game(), ["draw"])  # type: ignore[arg-type]


def test_options_are_checked() -> None:
    with pytest.raises(IllegalAction):
        GAME.setup(["a", "b"], {"sumerians": "all"})
    with pytest.raises(IllegalAction):
        GAME.setup(["a", "b", "c"])


def enabled(state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    return [c.action for c in GAME.choices(state, seat) if c.disabled is None and not c.fields]


def test_choices_offer_what_the_rules_allow_with_reasons() -> None:
    state = arrange(
        new_game(),
        rows={"medes": [["assyrians"] * 3, []]},
        temples={"medes": [[], [1, 2]]},
        figures=["medes", "quarry"],
        temple_rows=[[3], [1]],
        hand_sizes=[2, 4],
        start_card=[True, False],
    )
    choices = GAME.choices(state, 0)
    by_action = {json.dumps(c.action, sort_keys=True): c for c in choices}
    start = by_action[json.dumps({"type": "build", "source": "start", "level": 1}, sort_keys=True)]
    assert start.disabled is None
    blocked = by_action[json.dumps({"type": "build", "source": "row0", "level": 3}, sort_keys=True)]
    assert blocked.disabled is not None
    assert {"type": "ability", "nation": "assyrians", "power": "own"} in enabled(state, 0)
    assert {"type": "ability", "nation": "assyrians", "power": "halve"} in enabled(state, 0)
    assert GAME.choices(state, 1) == []
    # Every enabled choice without fields is accepted by apply.
    for action in enabled(state, 0):
        GAME.apply(state, {**action, "seat": 0, "seed": 1})
    end = by_action[json.dumps({"type": "end_actions"}, sort_keys=True)]
    assert end.disabled is not None  # the starting card can still be built


def test_choices_in_the_temple_phase_list_only_possible_levels() -> None:
    state = arrange(
        new_game(), stage="temple", temple_rows=[[6] * 5, []], start_card=[False, False]
    )
    levels = {
        c.action["level"]: c.disabled
        for c in GAME.choices(state, 0)
        if c.action["type"] == "temple_card"
    }
    assert [level for level, why in levels.items() if why is None] == [1, 2, 3, 4, 5]
    assert levels[6] is not None and levels[6]["args"] == {"level": 6}
    assert GAME.facts({"type": "draw_temples", "first": 1, "second": 2})[0].key == "first"
    assert GAME.facts({"type": "draw_temples", "by_app": True}) == ()
    assert GAME.facts({"type": "temple_card", "level": 3})[0].key == "level"
    assert GAME.facts({"type": "travel", "nation": "medes"}) == ()


def test_phase_and_describe_are_messages() -> None:
    state = new_game()
    assert GAME.phase(state)["key"] == STAGE_DRAW
    assert GAME.phase(act(state, 0, "draw"))["key"] == STAGE_ACTIONS
    for kind in (
        "draw",
        "travel",
        "settle",
        "build",
        "migrate",
        "ability",
        "give_up",
        "end_actions",
        "draw_temples",
        "temple_card",
        "deal",
        "deal_card",
        "draw_card",
        "nonsense",
    ):
        line = GAME.describe(
            {
                "type": kind,
                "nation": "medes",
                "origin": "medes",
                "target": "hittites",
                "source": "row0",
                "first": 1,
                "second": 2,
                "level": 3,
            }
        )
        assert isinstance(line["text"], str) and line["text"]


def test_with_two_runs_of_a_nation_the_phone_asks_which_one_pays() -> None:
    """ "Tato trojice nemusí ležet na konci vyložené řady karet." and "musí vyjmout
    jednu z dotyčných tří karet" -- with two runs of three the card leaves the run the
    player names, so the phone offers both."""
    A, P = "assyrians", "persians"
    state = arrange(
        new_game(),
        rows={"medes": [[A, A, A, P, A, A, A], []]},
        temples={"medes": [[], [1, 2]]},
        figures=["medes", "quarry"],
        hand_sizes=[2, 4],
        start_card=[False, False],
    )
    destroy = next(
        c
        for c in GAME.choices(state, 0)
        if c.action == {"type": "ability", "nation": A, "power": "own"}
    )
    assert destroy.disabled is None
    (field,) = destroy.fields
    assert field.key == "run" and [value for value, _label in field.choices] == [0, 4]
    assert destroy.note is not None and destroy.note["args"]["height"] == 2
    after = act(state, 0, "ability", nation=A, power="own", run=4)
    assert after["cities"]["medes"]["rows"][0] == [A, A, A, P, A, A]
    after = act(state, 0, "ability", nation=A, power="own", run=0)
    assert after["cities"]["medes"]["rows"][0] == [A, A, P, A, A, A]


def test_notes_tell_what_an_entry_will_do() -> None:
    """ "Všechny karty z konce protivníkovy řady, které mají stejnou barvu, přeběhnou"
    and "vezme tři naposledy vyložené karty národů": the phone names the cards."""
    S, M, H = "sumerians", "medes", "hittites"
    state = arrange(
        new_game(),
        rows={"hittites": [[S, S, S, M, H], [H, M, M]]},
        figures=["hittites", "quarry"],
        hand_sizes=[2, 5],
        start_card=[False, False],
    )
    choices = GAME.choices(state, 0)
    take = next(c for c in choices if c.action.get("nation") == S and c.action["power"] == "own")
    assert take.note is not None and take.note["args"]["count"] == 2
    assert take.note["args"]["nation"] == "Medes"
    halve = next(c for c in choices if c.action.get("power") == "halve")
    assert halve.note is not None and halve.note["args"] == {"player": "Ben", "hand": 5, "kept": 3}
    move = next(c for c in choices if c.action.get("type") == "migrate")
    assert move.note is not None
    assert [move.note["args"][key] for key in ("first", "second", "third")] == [
        "Sumerians",
        "Medes",
        "Hittites",
    ]


def test_temple_entry_with_a_known_first_card_and_one_card_left() -> None:
    """ "Chrámové karty se odloží lícem dolů na dobírací balíček" -- the destroyed
    temple's card is known; the phone enables only its level and says so."""
    state = arrange(
        new_game(), stage="temple", temples={"medes": [[], [3]]}, start_card=[False, False]
    )
    state["cities"]["medes"]["temples"][1] = []
    state["temple_deck"]["top"] = [3]
    state["temple_deck"]["size"] += 1
    check_invariants(state)
    enabled_levels = [
        c for c in GAME.choices(state, 0) if c.action["type"] == "temple_card" and not c.disabled
    ]
    assert [c.action["level"] for c in enabled_levels] == [3]
    entry = enabled_levels[0]
    assert entry.note is not None and entry.note["args"]["known"] == 3
    state = arrange(new_game(), stage="temple", start_card=[False, False])
    unknown = GAME.view(state, None)["temple_deck_levels"]["shuffled"]
    rest = [int(level) for level, count in unknown.items() for _ in range(count)]
    rest.remove(6)
    state = arrange(state, stage="temple", temple_rows=[rest, []])
    labels = [render_english(c.label) for c in GAME.choices(state, 0) if not c.disabled]
    assert labels == ["Level 6", "Let the app draw 1 temple card"]
