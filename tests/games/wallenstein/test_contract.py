"""The engine contract: refused entries change nothing, state is JSON, phones get choices."""

from __future__ import annotations

import copy
import json

import pytest

import games
from games.base import IllegalAction
from games.wallenstein import GAME

from .helpers import clear_land, do, in_season, new_game

MALFORMED = [
    {},
    {"type": "play"},
    {"type": "play", "land": 5},
    {"type": "play", "land": "atlantis"},
    {"type": "play", "land": ["mark"]},
    {"type": "play", "land": "passau", "count": "two", "to": "oberoesterreich"},
    {"type": "play", "land": "passau", "count": 1, "to": None},
    {"type": "play", "land": "passau", "count": True, "to": "oberoesterreich"},
    {"type": "drop", "out_0": 1},
    {"type": "defend", "count": -1},
    {"type": "nonsense"},
    {"type": "action_card", "card": "palace"},
]


@pytest.mark.parametrize("action", MALFORMED)
def test_malformed_actions_are_refused_without_change(action: dict) -> None:
    state = in_season(cards=["move_a"])
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction):
        GAME.apply(state, {"seat": 0, "seed": 1, **action})
    assert state == before


@pytest.mark.parametrize("seat", [None, -1, 3, "0", 1.0, True])
def test_bad_or_wrong_seat(seat) -> None:
    state = in_season()
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction):
        GAME.apply(state, {"seat": seat, "type": "play", "land": "blank"})
    with pytest.raises(IllegalAction):
        GAME.apply(state, {"seat": 1, "type": "play", "land": "blank"})  # A's turn
    assert state == before


def test_bad_drop_entries() -> None:
    state = GAME.setup(["A", "B", "C"])
    for bad in ({"out_0": "7"}, {"out_0": -1}, {"out_0": 1.5}, {"out_peasants": None}):
        action = {"type": "drop", "out_0": 0, "out_1": 0, "out_2": 0, "out_peasants": 0, **bad}
        with pytest.raises(IllegalAction):
            GAME.apply(state, {"seat": 0, **action})


def test_action_not_a_dict() -> None:
    with pytest.raises(IllegalAction):
        GAME.apply(in_season(), ["play"])  # type: ignore[arg-type]


def test_registered_and_options() -> None:
    assert games.get("wallenstein") is GAME
    assert GAME.player_counts == (3, 4, 5)
    with pytest.raises(IllegalAction):
        GAME.setup(["A", "B", "C"], {"allocation": "auction"})
    with pytest.raises(IllegalAction):
        GAME.setup(["A", "B", "C"], {"speed": "fast"})


def test_json_round_trip_and_views() -> None:
    state = in_season(cards=["move_a"])
    state = clear_land(state, "oberpfalz", None)
    state = do(state, 0, type="play", land="passau", count=2, to="oberpfalz")
    assert json.loads(json.dumps(state)) == state
    for seat in (None, 0, 1):
        view = GAME.view(state, seat)
        assert json.loads(json.dumps(view)) == view
    assert "tower" in GAME.view(state, None)
    hidden = in_season(ledger="hidden")
    assert "tower" not in GAME.view(hidden, None)


def test_choices_offer_the_current_lands_and_blocked_entries() -> None:
    """The phone of the player on turn shows the current action and their lands and the blank."""
    state = in_season(cards=["move_a"])
    mine = GAME.choices(state, 0)
    lands = {choice.action.get("land") for choice in mine}
    assert {"mark", "passau", "blank", "none"} <= lands
    empty = next(choice for choice in mine if choice.action.get("land") == "none")
    assert empty.disabled is not None
    from_passau = [choice for choice in mine if choice.action.get("land") == "passau"]
    # one button per destination; only the number of armies is filled in
    assert len(from_passau) >= 2
    assert all(choice.action.get("to") for choice in from_passau)
    assert all({field.key for field in choice.fields} == {"count"} for choice in from_passau)
    assert GAME.choices(state, 1) == []


def test_every_stage_offers_an_enabled_choice_to_who_acts() -> None:
    state = GAME.setup(["A", "B", "C"], {"allocation": "draft"})
    seen = set()
    for step in range(400):
        if GAME.outcome(state) is not None:
            break
        seat = GAME.to_act(state)[0]
        seen.add(state["stage"])
        enabled = [c for c in GAME.choices(state, seat) if c.disabled is None]
        assert enabled, state["stage"]
        app = [c for c in enabled if c.action.get("by_app")]
        choice = app[0] if app else enabled[0]
        action = {**choice.action, "seat": seat, "seed": step}
        for field in choice.fields:
            action[field.key] = field.default if field.default is not None else field.choices[0][0]
        state = GAME.apply(state, action)
        GAME.phase(state)
    assert {
        "drop",
        "draft",
        "year_events",
        "action_card",
        "turn_order",
        "current_event",
        "act",
    } <= seen


def test_describe_and_facts() -> None:
    assert GAME.describe({"type": "play", "land": "mark"})["args"] == {"land": "Gft. Mark"}
    assert GAME.describe({"type": "whatever"})["text"]
    keys = {
        field.key
        for field in GAME.facts({"type": "drop", "out_0": 1, "out_1": 2, "out_peasants": 0})
    }
    assert keys == {"out_0", "out_1", "out_peasants"}
    assert GAME.facts({"type": "play", "land": "mark"}) == ()
    assert GAME.facts({"type": "drop", "by_app": True}) == ()


def test_new_game_phase_labels() -> None:
    assert GAME.phase(new_game())["key"] == "year_events"
    assert GAME.phase(GAME.setup(["A", "B", "C"]))["key"] == "drop"
