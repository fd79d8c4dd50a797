"""Random legal play never breaks an invariant, and games end with a correct outcome."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.base import IllegalAction
from games.stortebeker import GAME
from games.stortebeker.cards import is_pirate, kind_of

from .helpers import NAMES, assert_conserved

MAX_STEPS = 2500


def fill(choice, rng: random.Random) -> dict:  # noqa: ANN001 - a Choice
    """The choice's action with random values in its fields (easy ships to keep games short)."""
    action = dict(choice.action)
    for field in choice.fields:
        if field.kind == "int":
            low, high = field.low or 0, field.high if field.high is not None else 6
            if field.key == "defence":
                high = 9
            if field.key.startswith("need_"):
                high = 1
            action[field.key] = rng.randint(low, high)
        elif field.kind == "choice" and field.choices:
            action[field.key] = rng.choice(field.choices)[0]
    if action["type"] == "ship" and not any(action.get(f"need_{k}") for k in ("rum", "water")):
        action["need_water"] = 1
    return action


def recount(state: dict) -> list[int]:
    """Each seat's score counted again from the ships it took."""
    totals = []
    for ships in state["taken"]:
        total = sum(ship["points"] for ship in ships)
        if state["options"]["rules"] == "extended":
            for colour in {ship["colour"] for ship in ships}:
                same = [ship["points"] for ship in ships if ship["colour"] == colour]
                if len(same) >= 3:
                    total += max(same)
        totals.append(total)
    return totals


def check_invariants(state: dict) -> None:
    assert_conserved(state)
    assert [score["total"] for score in GAME.scores(state)] == recount(state)
    for seat, hand in enumerate(state["hands"]):
        assert len(hand) <= 6
        other = GAME.view(state, (seat + 1) % len(state["players"]))
        for place in other["sea"]:
            if place:
                assert not any(is_pirate(code) for code in place["laid"][seat])
    for place in state["sea"]:
        if not place:
            continue
        for laid in place["laid"]:
            pirates = sum(1 for code in laid if is_pirate(code))
            provisions = [kind_of(code) for code in laid if kind_of(code)]
            assert pirates <= len(provisions)
            for kind in set(provisions):
                assert provisions.count(kind) <= place["needs"].get(kind, 0)


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.sampled_from([2, 3, 4]),
    rules=st.sampled_from(["basic", "extended"]),
    reshuffle=st.sampled_from(["when_needed", "at_once"]),
)
def test_random_legal_play(seed: int, players: int, rules: str, reshuffle: str) -> None:
    rng = random.Random(seed)
    state = GAME.setup(NAMES[:players], {"rules": rules, "reshuffle": reshuffle})
    for _step in range(MAX_STEPS):
        if GAME.outcome(state) is not None:
            break
        seat = rng.choice(GAME.to_act(state))
        enabled = [choice for choice in GAME.choices(state, seat) if choice.disabled is None]
        assert enabled, (state["step"], seat)
        action = fill(rng.choice(enabled), rng)
        action["seat"], action["seed"] = seat, rng.randrange(2**31)
        if action["type"] in ("hand", "draw") and rng.random() < 0.8:
            action["by_app"] = True
        try:
            state = GAME.apply(state, action)
        except IllegalAction:
            continue
        check_invariants(state)
    outcome = GAME.outcome(state)
    if outcome is None:
        return  # a long game: the invariants held all along
    assert GAME.to_act(state) == []
    keys = {seat: (recount(state)[seat], len(state["taken"][seat])) for seat in range(players)}
    best = max(keys.values())
    assert outcome["winners"] == [seat for seat in range(players) if keys[seat] == best]
    assert sorted(seat for group in outcome["ranking"] for seat in group) == list(range(players))
    assert state["harbour"]["hidden"] == 0 and not state["harbour"]["visible"]


def test_random_games_do_end() -> None:
    """Some random games run to their end (so the end condition is reached, not just bounded)."""
    finished = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = GAME.setup(NAMES[:2], {"rules": "extended"})
        for _step in range(MAX_STEPS * 2):
            if GAME.outcome(state) is not None:
                finished += 1
                break
            seat = rng.choice(GAME.to_act(state))
            enabled = [c for c in GAME.choices(state, seat) if c.disabled is None]
            action = fill(rng.choice(enabled), rng)
            action["seat"], action["seed"] = seat, rng.randrange(2**31)
            if action["type"] in ("hand", "draw"):
                action["by_app"] = True
            try:
                state = GAME.apply(state, action)
            except IllegalAction:
                continue
    assert finished >= 3
