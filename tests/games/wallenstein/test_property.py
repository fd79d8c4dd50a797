"""Random legal play: cubes are conserved and the final score equals a recount."""

from __future__ import annotations

import copy
import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.base import IllegalAction
from games.wallenstein import GAME
from games.wallenstein.data import ARMIES_PER_PLAYER as ARMIES
from games.wallenstein.data import BUILDINGS, MAJORITY_POINTS, REGIONS, lands
from games.wallenstein.dealer import DRAWN_STAGES

from .helpers import NAMES, army_total, peasant_total

MAX_STEPS = 2500


def _recount(state) -> list[int]:
    """Score both winters again from what was recorded, independently of the engine."""
    return [
        sum(sum(winter[seat].values()) for winter in state["winters"])
        for seat in range(len(state["players"]))
    ]


def _independent_winter(state) -> list[int]:
    """A winter scored from the board alone, written without the engine's helpers."""
    count = len(state["players"])
    points = [0] * count
    for seat in range(count):
        for info in state["lands"].values():
            if info["owner"] == seat:
                points[seat] += 1 + sum(1 for kind in BUILDINGS if info[kind])
    for region in REGIONS:
        for kind in BUILDINGS:
            have = [0] * count
            for land, info in state["lands"].items():
                if lands()[land].region == region and info[kind] and info["owner"] is not None:
                    have[info["owner"]] += 1
            best = max(have)
            if best:
                winners = [seat for seat in range(count) if have[seat] == best]
                for seat in winners:
                    points[seat] += MAJORITY_POINTS[kind] - (len(winners) > 1)
    return points


def _check_invariants(state) -> None:
    for seat in range(len(state["players"])):
        assert army_total(state, seat) == ARMIES
        assert state["gold"][seat] >= 0 and state["supply"][seat] >= 0
    assert peasant_total(state) == 20
    assert min(state["tower"]["armies"] + [state["tower"]["peasants"]]) >= 0
    for land, info in state["lands"].items():
        assert info["armies"] >= 0
        assert sum(info[kind] for kind in BUILDINGS) <= lands()[land].building_sites
        if info["owner"] is None:
            assert info["armies"] == 0 and not any(info[kind] for kind in BUILDINGS)
    assert json.loads(json.dumps(state)) == state


def _random_action(rng: random.Random, state):
    seat = rng.choice(GAME.to_act(state))
    enabled = [choice for choice in GAME.choices(state, seat) if choice.disabled is None]
    assert enabled, "a seat that must act has something to do"
    choice = rng.choice(enabled)
    action = copy.deepcopy(choice.action)
    for field in choice.fields:
        if field.kind == "int":
            action[field.key] = rng.randint(
                field.low or 0, field.high if field.high is not None else 3
            )
        elif field.kind == "multi":
            values = [value for value, _label in field.choices]
            action[field.key] = rng.sample(values, rng.randint(0, len(values)))
        else:
            action[field.key] = rng.choice(field.choices)[0]
    action["seat"] = seat
    action["seed"] = rng.randrange(1 << 30)
    return action


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 1 << 30),
    players=st.sampled_from([3, 4, 5]),
    allocation=st.sampled_from(["draft", "fixed"]),
    reinforce=st.sampled_from(["army_first", "either"]),
    mode=st.sampled_from(["full", "full", "full", "scoring"]),
    draws=st.sampled_from(["table", "app"]),
)
def test_random_games_keep_every_cube_and_score_exactly(
    seed: int, players: int, allocation: str, reinforce: str, mode: str, draws: str
) -> None:
    rng = random.Random(seed)
    options = {"allocation": allocation, "reinforce": reinforce, "mode": mode, "draws": draws}
    state = GAME.setup(NAMES[:players], options)
    applied = []
    for _step in range(MAX_STEPS):
        if GAME.outcome(state) is not None:
            break
        action = _random_action(rng, state)
        before = copy.deepcopy(state)
        try:
            after = GAME.apply(state, action)
        except IllegalAction:
            assert state == before  # a refused entry changes nothing
            continue
        if len(after["winters"]) > len(state["winters"]):
            # the winter just scored matches an independent recount of the board before
            # the revolt markers were removed (markers do not score)
            assert [sum(points.values()) for points in after["winters"][-1]] == _independent_winter(
                after
            )
        state = after
        applied.append(action)
        _check_invariants(state)
        if draws == "app":  # the app never waits for a tap on a draw of chance
            assert state["stage"] not in DRAWN_STAGES
    # a replay of the log (the platform's undo and corrections) ends in the same state,
    # the draws the engine chained included
    replayed = GAME.setup(NAMES[:players], options)
    for action in applied:
        replayed = GAME.apply(replayed, action)
    assert replayed == state
    outcome = GAME.outcome(state)
    assert outcome is not None, "the game ends within the step bound"
    totals = [score["total"] for score in GAME.scores(state)]
    assert totals == _recount(state)
    best = max(totals)
    assert set(outcome["winners"]) <= {seat for seat in range(players) if totals[seat] == best}
    assert sorted(seat for group in outcome["ranking"] for seat in group) == list(range(players))


# Values no field of any entry can take.
NEVER_VALID = ([], {}, 1.5, "zzz", None)
BAD_SEEDS = ([1], "1", True, 1.5, None)
# Keys an entry may leave out: the reinforce move is optional, "add" has a default; an app's
# draw of the hidden action cards without "rest" is an older log's, which turned up one.
OPTIONAL = {"play": {"to", "count", "add"}, "action_card": {"rest"}}


def _malformed(rng: random.Random, state, action: dict) -> dict | None:
    """A broken copy of a legal-looking entry: a wrong type, a missing key, a value out of
    range, an unknown key or a bad seed for an app draw."""
    broken = copy.deepcopy(action)
    own = [key for key in action if key not in ("type", "seat", "seed")]
    kinds = ["unknown", "type"]
    if own:
        kinds += ["wrong", "missing"]
    ints = [key for key in own if type(action[key]) is int and not isinstance(action[key], bool)]
    if ints:
        kinds.append("range")
    if action.get("by_app") is True:
        kinds.append("seed")
    kind = rng.choice(kinds)
    if kind == "unknown":
        broken["bogus"] = 1
    elif kind == "type":
        broken["type"] = rng.choice(["zzz", 3, None, ["play"]])
    elif kind == "wrong":
        broken[rng.choice(own)] = rng.choice(NEVER_VALID)
    elif kind == "missing":
        required = [key for key in own if key not in OPTIONAL.get(action["type"], ())]
        if not required:
            return None
        del broken[rng.choice(required)]
    elif kind == "range":
        broken[rng.choice(ints)] = rng.choice([-1, 100_000])
    else:
        broken["seed"] = rng.choice(BAD_SEEDS)
    return broken


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 1 << 30),
    players=st.sampled_from([3, 4, 5]),
    allocation=st.sampled_from(["draft", "fixed"]),
    reinforce=st.sampled_from(["army_first", "either"]),
)
def test_malformed_entries_at_every_stage_are_refused_and_change_nothing(
    seed: int, players: int, allocation: str, reinforce: str
) -> None:
    """Every stage of random games: a broken entry is an IllegalAction, never a crash, and
    the state stays as it was."""
    rng = random.Random(seed)
    state = GAME.setup(NAMES[:players], {"allocation": allocation, "reinforce": reinforce})
    stages_tried: set[str] = set()
    for _step in range(MAX_STEPS):
        if GAME.outcome(state) is not None:
            break
        action = _random_action(rng, state)
        broken = _malformed(rng, state, action)
        if broken is not None:
            before = copy.deepcopy(state)
            try:
                GAME.apply(state, broken)
            except IllegalAction:
                stages_tried.add(state["stage"])
            else:
                raise AssertionError(f"accepted a malformed entry: {broken}")
            assert state == before
        try:
            state = GAME.apply(state, action)
        except IllegalAction:
            continue
    assert GAME.outcome(state) is not None
    assert {"drop", "year_events", "action_card", "turn_order", "current_event", "act"} <= (
        stages_tried
    )
