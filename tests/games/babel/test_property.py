"""Random legal play never breaks an invariant and ends with a correct outcome."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games.babel import GAME
from games.babel.constants import (
    FINAL_RUSSIAN,
    NATIONS,
    STAGE_DEAL,
    STAGE_DRAW,
    STAGE_OVER,
    STAGE_TEMPLE,
)
from games.babel.state import State, nation_cards_in_sight, temple_deck_unknown, temple_total
from games.base import Choice, IllegalAction
from tests.games.babel.helpers import PLAYERS, arrange, check_invariants

MAX_STEPS = 1500
# A builder's taste, so that random games also reach 15, the final phase and 20.
WEIGHTS = {"build": 40, "settle": 6, "ability": 10, "travel": 2, "end_actions": 3}


def fill(choice: Choice, rng: random.Random) -> dict[str, Any]:
    """The choice's action with random values for its fields."""
    action = dict(choice.action)
    for field in choice.fields:
        if field.kind == "choice":
            action[field.key] = rng.choice(field.choices)[0]
        elif field.kind == "int":
            action[field.key] = rng.randint(field.low or 0, field.high or 0)
    return action


def check_end_conditions(state: State) -> None:
    """An independent recount of "Konec hry" against the engine's verdict."""
    totals = [temple_total(state, seat) for seat in (0, 1)]
    outcome = GAME.outcome(state)
    russian = state["options"]["final_push"] == FINAL_RUSSIAN
    if outcome is None:
        for seat in (0, 1):
            mine, theirs = totals[seat], totals[1 - seat]
            assert not (mine >= 15 and theirs < 10)
            if state["final_phase"]:
                assert mine < 20
                assert not (theirs < 10 and (not russian or mine >= 15))
        if not state["final_phase"]:
            assert max(totals) < 15
        assert state["temple_deck"]["size"] > 0
        return
    assert state["stage"] == STAGE_OVER and GAME.to_act(state) == []
    winners = outcome["winners"]
    assert sorted(seat for group in outcome["ranking"] for seat in group) == [0, 1]
    if len(winners) == 2:
        assert totals[0] == totals[1] and state["hand_sizes"][0] == state["hand_sizes"][1]
        assert state["temple_deck"]["size"] == 0
        return
    (winner,) = winners
    mine, theirs = totals[winner], totals[1 - winner]
    reasons = [
        mine >= 15 and theirs < 10,
        state["final_phase"] and mine >= 20,
        state["final_phase"] and theirs < 10 and (not russian or mine >= 15),
        state["temple_deck"]["size"] == 0
        and (mine, state["hand_sizes"][winner]) > (theirs, state["hand_sizes"][1 - winner]),
    ]
    assert any(reasons), (totals, state["final_phase"], outcome)


def advanced_start(rng: random.Random, options: dict[str, str]) -> State:
    """A position in mid-game: temples of height up to 5 and settlements everywhere.

    Random play from the first turn rarely reaches 15, so half of the games
    start here to reach the final phase and its end conditions as well.
    """
    while True:
        temples = {
            city: [list(range(1, rng.randint(0, 5) + 1)) for _seat in (0, 1)] for city in NATIONS
        }
        rows = {
            city: [rng.choices(NATIONS, k=rng.randint(1, 6)) for _seat in (0, 1)]
            for city in NATIONS
        }
        base = GAME.setup(PLAYERS, options)
        state = {**base, "cities": {c: {"rows": rows[c], "temples": temples[c]} for c in NATIONS}}
        state["start_card"] = [False, False]
        if any(count < 0 for count in temple_deck_unknown(state).values()):
            continue
        if any(count > 12 for count in nation_cards_in_sight(state).values()):
            continue
        totals = [temple_total(state, seat) for seat in (0, 1)]
        if max(totals) >= 15 or min(totals) < 6:
            continue
        if options["hand_tracking"] == "on":
            seen = nation_cards_in_sight(state)
            pool = [n for n in NATIONS for _ in range(12 - seen[n])]
            rng.shuffle(pool)
            hands = [Counter(pool[:5]), Counter(pool[5:10])]
            return arrange(state, hands=[dict(h) for h in hands], stage=STAGE_DRAW, active=0)
        return arrange(state, hand_sizes=[5, 5], stage=STAGE_DRAW, active=0)


def check_one_tap_draws(state: State) -> None:
    """A tapped first temple card waits only in its player's temple phase; cards entered one
    by one belong to the draw under way (the starting hand or the turn's three)."""
    pending = state["temple_pending"]
    if pending is not None:
        assert state["stage"] == STAGE_TEMPLE and pending["seat"] == state["active"]
        assert len(pending["levels"]) == 1 and state["temple_deck"]["size"] >= 2
    if state["_drawing"] is not None:
        for seat, cards in enumerate(state["_drawing"]):
            if state["stage"] == STAGE_DEAL:
                assert len(cards) < 5 and (not cards or not state["dealt"][seat])
            elif state["stage"] == STAGE_DRAW and seat == state["active"]:
                assert len(cards) < 3
            else:
                assert cards == []


Probe = Callable[[State, int, list[Choice], random.Random], None]


def play(
    seed: int,
    options: dict[str, str],
    advanced: bool = False,
    kinds: Counter | None = None,
    probe: Probe | None = None,
) -> State:
    rng = random.Random(seed)
    state = advanced_start(rng, options) if advanced else GAME.setup(PLAYERS, options)
    for step in range(MAX_STEPS):
        if GAME.outcome(state) is not None:
            break
        seats = GAME.to_act(state)
        assert seats
        seat = rng.choice(seats)
        offered = [c for c in GAME.choices(state, seat) if c.disabled is None]
        assert offered, (GAME.phase(state), state)
        if probe is not None:
            probe(state, seat, offered, rng)
        weights = [WEIGHTS.get(str(c.action.get("type")), 1) for c in offered]
        pick = rng.choices(offered, weights)[0]
        action = {**fill(pick, rng), "seat": seat, "seed": step}
        try:
            state = GAME.apply(state, action)
        except IllegalAction:
            continue  # random field values may be refused; the state is unchanged
        check_invariants(state)
        check_one_tap_draws(state)
        check_end_conditions(state)
        if kinds is not None:
            kinds[action["type"] + (" by app" if action.get("by_app") else "")] += 1
    return state


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 10**9),
    hands=st.sampled_from(["off", "on"]),
    sumerians=st.sampled_from(["run", "nation"]),
    final=st.sampled_from(["under10", "under10_keep15"]),
    advanced=st.booleans(),
)
def test_random_legal_play_keeps_every_card_and_ends_correctly(
    seed: int, hands: str, sumerians: str, final: str, advanced: bool
) -> None:
    options = {"hand_tracking": hands, "sumerians": sumerians, "final_push": final}
    state = play(seed, options, advanced)
    check_end_conditions(state)
    assert GAME.outcome(state) is not None, "a random game did not end within the step bound"


def test_random_play_uses_the_one_tap_entries() -> None:
    """The phone's buttons: a tap per nation card and per temple card, or the app draw."""
    kinds: Counter = Counter()
    for seed in range(3):
        options = {"hand_tracking": "on", "sumerians": "run", "final_push": "under10"}
        state = play(seed, options, kinds=kinds)
        assert GAME.outcome(state) is not None
    for kind in ("deal_card", "draw_card", "temple_card", "draw by app", "draw_temples by app"):
        assert kinds[kind] > 0, kinds


# -- malformed entries at every stage -------------------------------------------------

# Keys an entry cannot do without (the others are optional or depend on the position).
REQUIRED = {
    "deal_card": ("nation",),
    "draw_card": ("nation",),
    "travel": ("nation",),
    "settle": ("nation",),
    "build": ("source",),
    "migrate": ("origin", "target"),
    "ability": ("nation", "power"),
    "give_up": ("nation",),
    "temple_card": ("level",),
}
# Values no field of any entry accepts, whatever its type.
WRONG_TYPES: tuple[Any, ...] = (2.5, {"x": 1}, [None], "", -1, 10**9)
BAD_SEEDS: tuple[Any, ...] = (None, "7", 1.5, True, [3])


def malformed(action: dict[str, Any], rng: random.Random) -> tuple[str, dict[str, Any]]:
    """One way to spoil a legal entry, and the spoilt entry."""
    ways = ["unknown key", "bad seat"]
    fields = [key for key in action if key not in ("type", "seat", "seed", "by_app")]
    if fields:
        ways += ["wrong type", "out of range"]
    if any(key in action for key in REQUIRED.get(action["type"], ())):
        ways.append("missing key")
    if action.get("by_app"):
        ways.append("bad seed")
    way = rng.choice(ways)
    spoilt = dict(action)
    if way == "unknown key":
        spoilt[rng.choice(["colour", "cards", "Nation", "level2"])] = rng.choice([1, "medes"])
    elif way == "bad seat":
        spoilt["seat"] = rng.choice([2, -1, "0", None, 0.0])
    elif way == "wrong type":
        spoilt[rng.choice(fields)] = rng.choice(WRONG_TYPES)
    elif way == "out of range":
        key = rng.choice(fields)
        spoilt[key] = "romans" if isinstance(action[key], str) else rng.choice([-1, 99])
    elif way == "missing key":
        del spoilt[rng.choice([k for k in REQUIRED[action["type"]] if k in action])]
    else:
        spoilt["seed"] = rng.choice(BAD_SEEDS)
    return way, spoilt


def refuse_malformed(state: State, seat: int, offered: list[Choice], rng: random.Random) -> None:
    """Every spoilt version of an offered entry is refused and leaves the state alone."""
    before = json.dumps(state, sort_keys=True)
    for choice in rng.sample(offered, min(3, len(offered))):
        action = {**fill(choice, rng), "seat": seat, "seed": 11}
        way, spoilt = malformed(action, rng)
        try:
            GAME.apply(state, spoilt)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"{way}: {spoilt} was accepted")
        GAME.describe(spoilt)  # the log line of a malformed entry must not crash either
    assert json.dumps(state, sort_keys=True) == before


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 10**9),
    hands=st.sampled_from(["off", "on"]),
    advanced=st.booleans(),
)
def test_malformed_entries_are_refused_at_every_stage(
    seed: int, hands: str, advanced: bool
) -> None:
    """Wrong types, missing keys, values out of range, unknown keys and bad seeds, tried on
    the entries offered at every step of a random game: IllegalAction, state unchanged."""
    options = {"hand_tracking": hands, "sumerians": "run", "final_push": "under10"}
    state = play(seed, options, advanced, probe=refuse_malformed)
    assert GAME.outcome(state) is not None
