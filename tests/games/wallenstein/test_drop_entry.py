"""Issue 21: the tower drop's entry and its correction.

"Bojující armády a všechny armády umístěné v nádobě jsou vhozeny současně do věže." What
comes out is counted per colour: at most what the tower held plus what was thrown in. A
drop where nothing at all came out is possible, but it settles a battle as a tie: "Dojde-li
k nerozhodnému výsledku, je země totálně zničena." So the counts must be entered, never sent
as all zeros in one tap, and the correction has the same limits as the entry.
"""

from __future__ import annotations

from games.wallenstein import GAME
from games.wallenstein.tower import capacity

from .helpers import do
from .test_tower import BLUE, RED, _battle_table


def _at_the_drop() -> dict:
    state = _battle_table()
    state = do(state, BLUE, type="play", land="altmark", to="anhalt", count=4)
    return do(state, RED, type="defend", count=3)


def _drop_choice(state: dict):
    return next(c for c in GAME.choices(state, BLUE) if c.action == {"type": "drop"})


def test_the_counts_that_can_be_non_zero_start_empty() -> None:
    state = _at_the_drop()
    most = capacity(state)
    fields = {field.key: field for field in _drop_choice(state).fields}
    assert most["armies"] == [4, 4, 0]
    # Blue and red cubes went in: their counts must be entered (an empty, required box).
    assert fields["out_0"].default is None and fields["out_1"].default is None
    assert fields["out_peasants"].default is None
    # No yellow cube can come out: 0 is the only answer, set already.
    assert (fields["out_2"].default, fields["out_2"].high) == (0, 0)


def test_the_correction_has_the_limits_of_the_entry() -> None:
    state = _at_the_drop()
    entered = {f.key: (f.low, f.high) for f in _drop_choice(state).fields}
    action = {"type": "drop", "seat": BLUE, "out_0": 3, "out_1": 4, "out_2": 0, "out_peasants": 1}
    corrected = {f.key: (f.low, f.high) for f in GAME.facts(action, state)}
    assert corrected == entered
    assert corrected["out_0"] == (0, 4)
    # Each box of the correction still names its seat (Field.seat): name and colour.
    seats = {f.key: f.seat for f in GAME.facts(action, state)}
    assert seats == {"out_0": 0, "out_1": 1, "out_2": 2, "out_peasants": None}


def test_a_hidden_ledger_tells_no_limit_in_either() -> None:
    state = _battle_table()
    state["options"]["ledger"] = "hidden"
    state = do(state, BLUE, type="play", land="altmark", to="anhalt", count=4)
    state = do(state, RED, type="defend", count=3)
    entered = {f.key: f.high for f in _drop_choice(state).fields}
    action = {"type": "drop", "seat": BLUE, "out_0": 3, "out_1": 4, "out_2": 0, "out_peasants": 1}
    corrected = {f.key: f.high for f in GAME.facts(action, state)}
    assert set(entered.values()) == set(corrected.values()) == {None}
