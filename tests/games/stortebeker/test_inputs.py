"""Malformed and illegal entries are refused without changing anything; state is JSON."""

from __future__ import annotations

import copy
import json

import pytest

from games.base import IllegalAction
from games.stortebeker import GAME

from .helpers import act, lay_from_deck, past_first_round, refused, set_hand, ship, started

BAD_ACTIONS = [
    {},
    {"type": 3},
    {"type": "teleport"},
    {"type": "lay"},
    {"type": "lay", "ship": "0", "card": "rum"},
    {"type": "lay", "ship": 9, "card": "rum"},
    {"type": "lay", "ship": -1, "card": "rum"},
    {"type": "lay", "ship": True, "card": "rum"},
    {"type": "lay", "ship": 0, "card": "gold"},
    {"type": "lay", "ship": 0, "card": ["rum"]},
    {"type": "lay", "ship": 0, "card": "meat"},
    {"type": "exchange"},
    {"type": "exchange", "discard": "rum,rum"},
    {"type": "exchange", "discard": [1, 2]},
    {"type": "exchange", "discard": ["rum", "rum"], "take": "x"},
    {"type": "exchange", "discard": ["pirate4", "pirate4"]},
    {"type": "fire", "ship": 0, "card": "rum", "colours": ["red"]},
    {"type": "fire", "ship": 0, "card": "rum", "colours": ["red", "pink"]},
    {"type": "fire", "ship": 0, "card": "rum", "by_app": "yes"},
    {"type": "board", "ship": 0, "dice": [3, 4]},
    {"type": "steal", "victim": 1, "card": "rum"},
    {"type": "draw", "cards": ["rum"]},
    {"type": "hand", "by_app": True},
    {"type": "ship", "colour": "red", "points": 3, "defence": 3, "needs": {"rum": 1}},
    {"type": "counter", "dice": [6, 6]},
    {"type": "penalty", "colours": ["red", "red"]},
]


@pytest.fixture
def playing() -> dict:
    state = started(2, sea=[ship("black", 5, 8, rum=2)])
    return set_hand(state, 0, ["rum", "rum", "water", "water", "beans", "beans"])


@pytest.mark.parametrize("action", BAD_ACTIONS)
def test_bad_actions_refused_and_state_unchanged(playing: dict, action: dict) -> None:
    """Every illegal or malformed entry raises IllegalAction and changes nothing."""
    refused(playing, 0, action)


@pytest.mark.parametrize("seat", [1, 2, -1, "0", None, True])
def test_wrong_or_malformed_seat(playing: dict, seat: object) -> None:
    """Only the seat to act may enter ("Hráč na řadě provede postupně všechny fáze")."""
    before = copy.deepcopy(playing)
    with pytest.raises(IllegalAction):
        GAME.apply(playing, {"type": "lay", "ship": 0, "card": "rum", "seat": seat, "seed": 1})
    assert playing == before


def test_not_a_dict() -> None:
    """Entries are dicts."""
    with pytest.raises(IllegalAction):
        GAME.apply(started(2), ["lay"])  # type: ignore[arg-type]


def test_bad_dice_refused() -> None:
    """Number dice show 1-6."""
    state = started(2, sea=[ship("black", 5, 8, rum=1)])
    state = past_first_round(state)
    state = lay_from_deck(state, 0, 0, ["rum"])
    state = set_hand(state, 0, ["beans"] * 6)
    state = act(state, 0, {"type": "exchange", "discard": ["beans"] * 3})
    for dice in ([0, 3], [7, 1], [3], ["3", 4], [3.0, 4], None):
        refused(state, 0, {"type": "board", "ship": 0, "dice": dice})
    refused(state, 0, {"type": "board", "ship": 0, "die_1": 3})
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction):
        GAME.apply(state, {"type": "board", "ship": 0, "by_app": True, "seed": None, "seat": 0})
    assert state == before
    state = act(state, 0, {"type": "board", "ship": 0, "die_1": 1, "die_2": 1})
    assert state["last_roll"]["dice"] == [1, 1]


def test_after_the_end_nothing_is_accepted() -> None:
    """The game is over: no more entries."""
    state = started(2)
    state["step"] = "over"
    refused(state, 0, {"type": "lay", "ship": 0, "card": "rum"})


def test_state_survives_json_round_trip(playing: dict) -> None:
    """State is plain JSON data."""
    state = act(playing, 0, {"type": "lay", "ship": 0, "card": "rum"})
    assert json.loads(json.dumps(state)) == state
    assert json.loads(json.dumps(GAME.view(state, 1))) == GAME.view(state, 1)


def test_describe_and_facts() -> None:
    """Log lines and the fields a correction may change (the physical results)."""
    from games.i18n import render_english

    seen = {"1": {"colour": "black", "points": 5}}
    board = GAME.describe({"type": "board", "ship": 1, "seen": seen})
    assert render_english(board) == "Boarded the black ship (5 points)."
    assert render_english(GAME.describe({"type": "board", "ship": 1})) == "Boarded a ship."
    assert GAME.describe({"type": "nonsense"})["args"]["type"] == "nonsense"
    assert [f.key for f in GAME.facts({"type": "board"})] == ["die_1", "die_2"]
    assert [f.key for f in GAME.facts({"type": "fire"})] == ["colour_1", "colour_2"]
    assert GAME.facts({"type": "lay"}) == ()
    assert GAME.facts({"type": "draw"})


def test_app_rolls_replay() -> None:
    """ "by_app": the engine rolls with the entry's seed, so the same seed gives the same roll."""
    state = started(2, sea=[ship("black", 5, 30, rum=1)])
    state = past_first_round(state)
    state = lay_from_deck(state, 0, 0, ["rum"])
    state = set_hand(state, 0, ["beans"] * 6)
    state = act(state, 0, {"type": "exchange", "discard": ["beans"] * 3})
    one = act(state, 0, {"type": "board", "ship": 0, "by_app": True}, seed=5)
    two = act(state, 0, {"type": "board", "ship": 0, "by_app": True}, seed=5)
    assert one == two
    assert all(1 <= die <= 6 for die in one["last_roll"]["dice"])


def test_steal_victim_must_be_a_seat_number() -> None:
    """The attacker names the victim by seat ("musí se hráč rozhodnout, od koho"): a float or a
    bool is malformed and refused like any bad entry."""
    state = started(3, sea=[ship("black", 5, 8, meat=2)])
    state = lay_from_deck(state, 0, 0, ["meat"])
    state = lay_from_deck(state, 0, 1, ["meat"])
    state = lay_from_deck(state, 0, 2, ["meat"])
    state = set_hand(state, 0, ["water"] * 6)
    state = act(state, 0, {"type": "exchange", "discard": ["water", "water"]})
    state = act(state, 0, {"type": "fire", "ship": 0, "card": "water", "colours": ["red", "blue"]})
    assert state["step"] == "steal"
    for victim in (1.0, True, "1", None, [1]):
        refused(state, 0, {"type": "steal", "victim": victim, "card": "meat"})
    state = act(state, 0, {"type": "steal", "victim": 1, "card": "meat"})
    assert state["sea"][0]["laid"][0] == ["meat", "meat"]


def test_describe_never_raises_and_keeps_pirates_hidden() -> None:
    """Log lines for odd data, and a laid pirate is "lícem dolů" in the log too."""
    from games.i18n import render_english

    seen = {"0": {"colour": "red", "points": 3}}
    lay = GAME.describe({"type": "lay", "ship": 0, "card": "pirate4", "seen": seen})
    assert render_english(lay) == "Laid a face-down pirate at the red ship (3 points)."
    odd = (
        {"type": "lay", "card": ["x"]},
        {"type": "ship", "colour": []},
        {"type": {}},
        {"type": "board", "ship": 0, "seen": {"0": {"colour": "mauve", "points": 1}}},
        {"type": "fire", "ship": True, "seen": []},
        {"type": "draw", "cards": "x"},
    )
    for action in odd:
        GAME.describe(action)


def test_draw_facts_match_the_cards_drawn() -> None:
    """A correction of a draw offers as many card fields as cards were drawn; numbered fields
    win over a list, so correcting a scripted entry works."""
    assert [f.key for f in GAME.facts({"type": "draw", "card_1": "rum", "card_2": "rum"})] == [
        "card_1",
        "card_2",
    ]
    assert len(GAME.facts({"type": "draw", "by_app": True})) == 6
    from games.stortebeker.inputs import number_dice

    assert number_dice({"dice": [1, 1], "die_1": 5, "die_2": 6}) == [5, 6]


def test_ship_correction_fields_win_over_needs() -> None:
    """A correction replaces the phone's ``need_<kind>`` fields; they count even when a script
    entered the ship with a ``needs`` map."""
    from games.stortebeker.ships import ship_from_entry

    entry = {"colour": "red", "points": 3, "defence": 5, "needs": {"rum": 1}}
    assert ship_from_entry(entry, 1)["needs"] == {"rum": 1}
    assert ship_from_entry({**entry, "need_meat": 2}, 1)["needs"] == {"meat": 2}
