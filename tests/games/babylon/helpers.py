"""Shared helpers for the Babylon engine tests."""

from __future__ import annotations

import copy
from typing import Any

from games.babylon import GAME
from games.base import State

FLOWERS_BY_SEAT = ("white", "pink", "yellow", "blue")


def act(state: State, seat: int, **action: Any) -> State:
    """Apply one entry made by ``seat``."""
    return GAME.apply(state, {**action, "seat": seat, "seed": action.pop("seed", 0)})


def with_boards(players: int, options: dict[str, str] | None = None) -> State:
    """A game whose players took the boards white, pink, yellow, blue in seat order."""
    state = GAME.setup([f"P{seat}" for seat in range(players)], options)
    for seat in range(players):
        state = act(state, seat, type="board", flower=FLOWERS_BY_SEAT[seat])
    return state


def in_play(players: int = 4) -> State:
    """A game at the first extraction (the clay tiles removed from the top-left)."""
    state = with_boards(players)
    place = 0
    while state["step"] == "removal":
        state = act(state, state["current"], type="remove", place=place)
        place += 1
    assert state["step"] == "extract"
    return state


def with_quarry(state: State, stacks: dict[int, list[str]]) -> State:
    """The state with some quarry places replaced (a scene from the rulebook)."""
    state = copy.deepcopy(state)
    for place, stack in stacks.items():
        state["quarry"][place] = list(stack)
    return state


def give_turn(state: State, seat: int, singles: int = 0, doubles: int = 0) -> State:
    """``seat`` in the build step with a clay tile taken and the given pillars.

    Scaffolding for build tests: the pillars come out of the supply so that
    the totals stay conserved.
    """
    state = copy.deepcopy(state)
    state["current"] = seat
    state["step"] = "build"
    tile = state["quarry"][15].pop()
    state["supply"]["single"] -= singles
    state["supply"]["double"] -= doubles
    state["turn"] = {
        "seat": seat,
        "tile": {"material": tile, "flower": "pink"},
        "single": singles,
        "double": doubles,
        "placed": [],
        "decorations": 0,
        "symbols": 0,
    }
    return state


def finish_turn(state: State, seat: int) -> State:
    """Discard whatever is left and end ``seat``'s turn."""
    if state["turn"]["tile"] is not None:
        return act(state, seat, type="end_turn", tile="discard")
    return act(state, seat, type="end_turn")
