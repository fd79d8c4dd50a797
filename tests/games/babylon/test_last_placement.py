"""Issue 21: the last placement of a turn may end the turn (one tap less on the phone).

"C. USKLADNĚNÍ/ODLOŽENÍ ... Pokud nepoužijete 1 nebo více sloupů, které jste v tahu získali,
můžete je uskladnit ... až 6 jednoduchých sloupů, ale žádné dvojité sloupy": with no tile
taken this turn left in hand, C has nothing to ask, so the placement can end the turn.
"""

from __future__ import annotations

import pytest

from games.babylon import GAME
from games.base import IllegalAction
from tests.games.babylon.helpers import act, give_turn, in_play

PLACE = {"type": "place_tile", "floor": 1, "supports": 4}


def test_the_placement_of_the_taken_tile_ends_the_turn() -> None:
    """The taken tile built with ``then: end``: the turn passes, C done as by "End the turn"."""
    state = give_turn(in_play(), 0, singles=9, doubles=1)
    supply = dict(state["supply"])
    after = act(state, 0, **PLACE, tile="extracted", then="end")
    assert after["current"] == 1 and after["step"] == "extract" and after["turn"] is None
    board = after["boards"][0]
    assert [t["floor"] for t in board["tiles"]] == [1]
    # 9 - 4 = 5 singles kept (at most 6), the double back to the supply.
    assert board["singles"] == 5
    assert after["supply"]["double"] == supply["double"] + 1
    # The start tile may stay in the slot ("nemusíte nutně ... uskladnit").
    assert board["stored"]["material"] == "start"


def test_the_same_as_placing_then_ending_the_turn() -> None:
    state = give_turn(in_play(), 0, singles=7)
    one = act(state, 0, **PLACE, tile="extracted", then="end")
    two = act(act(state, 0, **PLACE, tile="extracted"), 0, type="end_turn")
    for key in ("boards", "supply", "current", "step", "turn", "round"):
        assert one[key] == two[key], key


def test_an_entry_without_then_goes_on_building() -> None:
    """Entries logged before ``then`` existed replay as they were: the turn stays open."""
    state = give_turn(in_play(), 0, singles=4)
    for after in (
        act(state, 0, **PLACE, tile="extracted"),
        act(state, 0, **PLACE, tile="extracted", then="build"),
    ):
        assert after["current"] == 0 and after["step"] == "build"


def test_the_turn_cannot_end_with_the_taken_tile_in_hand() -> None:
    """Placing the stored tile while the taken one is still in hand leaves C to do: the
    taken tile is stored (into the slot just freed) or discarded with the placement."""
    state = give_turn(in_play(), 0, singles=4)
    with pytest.raises(IllegalAction) as refused:
        act(state, 0, **PLACE, tile="stored", then="end")
    assert "tile you took" in str(refused.value.message["text"])
    with pytest.raises(IllegalAction):
        act(state, 0, **PLACE, tile="extracted", then="store")
    with pytest.raises(IllegalAction):
        act(state, 0, **PLACE, tile="extracted", then="later")
    taken = state["turn"]["tile"]
    stored = act(state, 0, **PLACE, tile="stored", then="store")
    assert stored["current"] == 1 and stored["boards"][0]["stored"] == taken
    assert [t["material"] for t in stored["boards"][0]["tiles"]] == ["start"]
    discarded = act(state, 0, **PLACE, tile="stored", then="discard")
    assert discarded["current"] == 1 and discarded["boards"][0]["stored"] is None
    assert discarded["discarded"] == state["discarded"] + 1


def test_the_phone_ends_the_turn_with_the_placement_by_default() -> None:
    """Each placement asks "Then" with only the ways the turn can go on, ending it chosen."""
    state = give_turn(in_play(), 0, singles=8)
    forms = {
        c.action["tile"]: {f.key: f for f in c.fields}
        for c in GAME.choices(state, 0)
        if c.action["type"] == "place_tile"
    }
    then = forms["extracted"]["then"]
    assert then.default == "end" and [value for value, _ in then.choices] == ["end", "build"]
    then = forms["stored"]["then"]
    assert then.default == "store"
    assert [value for value, _ in then.choices] == ["store", "discard", "build"]
    # Once the taken tile is built, the stored one ends the turn as well.
    built = act(state, 0, **PLACE, tile="extracted", then="build")
    stored = [c for c in GAME.choices(built, 0) if c.action["type"] == "place_tile"]
    assert stored
    for choice in stored:
        then = {f.key: f for f in choice.fields}["then"]
        assert then.default == "end" and [value for value, _ in then.choices] == ["end", "build"]


def test_the_log_line_says_the_turn_ended() -> None:
    line = GAME.describe({**PLACE, "tile": "extracted", "then": "end", "seat": 0})
    assert line["text"].endswith("and ends the turn.")
    line = GAME.describe({**PLACE, "tile": "stored", "then": "discard", "seat": 0})
    assert "discards the tile just taken and ends the turn" in line["text"]
    line = GAME.describe({**PLACE, "tile": "extracted", "seat": 0})
    assert "ends the turn" not in line["text"]
