"""``games.base.fresh``: the copy every ``apply`` starts from (games/README.md: "apply never
changes its input")."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import games
from games.base import fresh

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4)
    ),
    max_leaves=30,
)


def _shares_nothing(one: Any, other: Any) -> bool:
    """No list or dict of ``one`` is an object of ``other``."""
    if isinstance(one, dict):
        return one is not other and all(_shares_nothing(one[key], other[key]) for key in one)
    if isinstance(one, list):
        return one is not other and all(map(_shares_nothing, one, other))
    return True


@settings(deadline=None)  # a busy CI machine is no failure
@given(JSON)
def test_a_copy_is_equal_and_shares_no_container(state: Any) -> None:
    copied = fresh({"state": state})
    assert copied == {"state": state} == copy.deepcopy({"state": state})
    assert _shares_nothing(copied, {"state": state})


def test_changing_the_copy_leaves_a_real_game_state_as_it_was() -> None:
    state = games.get("wallenstein").setup(["Anna", "Boris", "Cyril"], seed=1)
    before = copy.deepcopy(state)
    copied = fresh(state)
    for land in copied["lands"].values():
        land["armies"] = 99
    copied["players"].append("Dana")
    assert state == before


def test_what_is_not_json_is_still_copied_deeply() -> None:
    """A tuple or a set breaks the contract, but a copy must never share it."""
    inner = [1, 2]
    state = {"pair": (inner, 3), "set": {1, 2}}
    copied = fresh(state)
    assert copied == state
    assert copied["pair"][0] is not inner
    assert copied["set"] is not state["set"]
