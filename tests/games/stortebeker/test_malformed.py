"""Malformed entries at every stage of random games: refused, and the state unchanged.

Wrong types, missing keys, values out of range, unknown keys and bad seeds are
made from the entries a phone would send at that point, so every step of a
turn (set-up, play, cannons, boarding, penalty, counter-attack, reveal, draw)
is probed with entries that look almost right.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games.base import IllegalAction
from games.stortebeker import GAME
from games.stortebeker.engine import HANDLERS
from games.stortebeker.vocabulary import ENTRY_KEYS

from .helpers import NAMES
from .test_property import fill

#: Values no field of any entry accepts (no field takes floats, lists, dicts, 99 or -1).
GARBAGE: tuple[Any, ...] = (1.5, [], {}, "nonsense", 99, -1, [1, 2])
BAD_SEEDS: tuple[Any, ...] = (None, "7", 1.5, True, [3], {"seed": 1})
#: Fields that may be left out (optional slots, needs that count 0 when missing).
OPTIONAL = ("discard_", "take_", "need_", "seen")
MAX_STEPS = 300


def is_optional(key: str) -> bool:
    return key.startswith(OPTIONAL)


def malformed_variants(action: dict[str, Any], state: dict, rng: random.Random) -> list[dict]:
    """Broken copies of a well-formed ``action`` (which carries ``seat`` and ``seed``)."""
    players = len(state["players"])
    variants: list[dict] = []

    def variant(**changes: Any) -> dict:
        return {**action, **changes}

    without_type = dict(action)
    del without_type["type"]
    variants += [without_type, variant(type="jump"), variant(type=None), variant(type=["lay"])]
    variants += [variant(seat=value) for value in (-1, players, "0", None, True, 0.0)]
    variants.append({key: value for key, value in action.items() if key != "seat"})
    variants.append(variant(**{rng.choice(["bogus", "dice_1", "colour_3", "note"]): 1}))
    variants += [variant(seed=value) for value in BAD_SEEDS]
    if action.get("by_app"):
        variants.append({key: value for key, value in action.items() if key != "seed"})
        variants.append(variant(by_app="yes"))
        variants.append({key: value for key, value in action.items() if key != "by_app"})
    fields = [key for key in action if key not in ("type", "seat", "seed", "by_app")]
    for key in fields:
        variants.append(variant(**{key: rng.choice(GARBAGE)}))
        if not is_optional(key):
            variants.append({name: value for name, value in action.items() if name != key})
    return variants


def assert_refused(state: dict, action: Any) -> None:
    before = copy.deepcopy(state)
    try:
        GAME.apply(state, action)
    except IllegalAction:
        assert state == before
        return
    raise AssertionError(f"accepted at step {state['step']}: {action!r}")


def test_every_entry_type_has_its_keys() -> None:
    """The list of known keys covers every entry type the engine accepts."""
    assert set(ENTRY_KEYS) == set(HANDLERS)


@settings(max_examples=8, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.sampled_from([2, 3, 4]),
    rules=st.sampled_from(["basic", "extended"]),
)
def test_malformed_entries_are_refused_at_every_step(seed: int, players: int, rules: str) -> None:
    rng = random.Random(seed)
    state = GAME.setup(NAMES[:players], {"rules": rules})
    for not_a_dict in (None, [], "lay", 3):
        assert_refused(state, not_a_dict)
    steps_probed: set[str] = set()
    for _step in range(MAX_STEPS):
        if GAME.outcome(state) is not None:
            break
        seat = rng.choice(GAME.to_act(state))
        enabled = [choice for choice in GAME.choices(state, seat) if choice.disabled is None]
        action = fill(rng.choice(enabled), rng)
        action["seat"], action["seed"] = seat, rng.randrange(2**31)
        if action["type"] in ("hand", "draw") and rng.random() < 0.8:
            action = {key: value for key, value in action.items() if not key.startswith("card_")}
            action["by_app"] = True
        try:
            accepted = GAME.apply(state, action)
        except IllegalAction:
            continue
        # Only entries that were legal as sent are broken: the breakage alone is refused.
        steps_probed.add(state["step"])
        for broken in malformed_variants(action, state, rng):
            assert_refused(state, broken)
        state = accepted
    assert {"setup", "play"} <= steps_probed
