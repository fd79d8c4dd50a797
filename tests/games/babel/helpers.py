"""Building Babel positions for the tests and playing entries on them."""

from __future__ import annotations

import copy
import json
from typing import Any

from games.babel import GAME
from games.babel.constants import (
    CARDS_PER_NATION,
    LEVELS,
    NATION_CARDS,
    NATIONS,
    STAGE_ACTIONS,
    TEMPLE_CARDS,
    TEMPLE_CARDS_BY_LEVEL,
)
from games.babel.state import State, nation_cards_in_sight, temple_deck_unknown
from games.base import IllegalAction

PLAYERS = ["Anna", "Ben"]


def new_game(**options: str) -> State:
    return GAME.setup(PLAYERS, options or None)


def act(state: State, seat: int, kind: str, seed: int = 7, **fields: Any) -> State:
    """Apply one entry and check that the input state was not touched."""
    before = copy.deepcopy(state)
    after = GAME.apply(state, {"type": kind, "seat": seat, "seed": seed, **fields})
    assert state == before, "apply changed its input"
    return after


def refused(state: State, seat: int, kind: str, **fields: Any) -> str:
    """The reason an entry is refused; fails if it is accepted or changes the input."""
    before = copy.deepcopy(state)
    try:
        GAME.apply(state, {"type": kind, "seat": seat, "seed": 3, **fields})
    except IllegalAction as error:
        assert state == before, "a refused entry changed the state"
        return error.reason
    raise AssertionError(f"{kind} {fields} was accepted")


def arrange(
    state: State,
    *,
    rows: dict[str, list[list[str]]] | None = None,
    temples: dict[str, list[list[int]]] | None = None,
    temple_rows: list[list[int]] | None = None,
    figures: list[str] | None = None,
    hand_sizes: list[int] | None = None,
    hands: list[dict[str, int]] | None = None,
    start_card: list[bool] | None = None,
    active: int | None = None,
    stage: str = STAGE_ACTIONS,
) -> State:
    """A position laid out by hand, with the decks shrunk so all cards stay accounted for."""
    state = copy.deepcopy(state)
    for city, both in (rows or {}).items():
        state["cities"][city]["rows"] = [list(cards) for cards in both]
    for city, both in (temples or {}).items():
        state["cities"][city]["temples"] = [list(stack) for stack in both]
    if temple_rows is not None:
        state["temple_rows"] = [list(cards) for cards in temple_rows]
    if figures is not None:
        state["figures"] = list(figures)
    if start_card is not None:
        state["start_card"] = list(start_card)
    if hands is not None:
        state["_hands"] = [dict.fromkeys(NATIONS, 0) | hand for hand in hands]
        state["hand_sizes"] = [sum(hand.values()) for hand in hands]
        state["dealt"] = [True, True]
    elif hand_sizes is not None:
        state["hand_sizes"] = list(hand_sizes)
    if active is not None:
        state["active"] = active
    state["stage"] = stage
    on_board = sum(len(r) for c in state["cities"].values() for r in c["rows"])
    state["nation_deck"]["size"] = (
        NATION_CARDS - on_board - len(state["discard"]) - sum(state["hand_sizes"])
    )
    in_sight = sum(len(r) for r in state["temple_rows"]) + sum(
        len(t) for c in state["cities"].values() for t in c["temples"]
    )
    state["temple_deck"]["size"] = TEMPLE_CARDS - in_sight - sum(state["start_card"])
    check_invariants(state)
    return state


def check_invariants(state: State) -> None:
    """Every card accounted for, the state plain JSON, scores equal a recount."""
    assert json.loads(json.dumps(state)) == state
    on_board = sum(len(r) for c in state["cities"].values() for r in c["rows"])
    assert state["nation_deck"]["size"] >= 0
    assert min(state["hand_sizes"]) >= 0
    assert (
        state["nation_deck"]["size"] + len(state["discard"]) + sum(state["hand_sizes"]) + on_board
        == NATION_CARDS
    )
    seen = nation_cards_in_sight(state)
    assert all(count <= CARDS_PER_NATION for count in seen.values())
    if state["_hands"] is not None:
        assert [sum(hand.values()) for hand in state["_hands"]] == state["hand_sizes"]
        assert all(count >= 0 for hand in state["_hands"] for count in hand.values())
        # With both hands known, the deck holds exactly what is not seen.
        assert (
            sum(CARDS_PER_NATION - count for count in seen.values()) == state["nation_deck"]["size"]
        )
    unknown = temple_deck_unknown(state)
    assert all(count >= 0 for count in unknown.values()), unknown
    deck = state["temple_deck"]
    assert sum(unknown.values()) + len(deck["top"]) == deck["size"]
    in_sight = sum(len(r) for r in state["temple_rows"]) + sum(
        len(t) for c in state["cities"].values() for t in c["temples"]
    )
    assert deck["size"] + in_sight + sum(state["start_card"]) == TEMPLE_CARDS
    assert sum(TEMPLE_CARDS_BY_LEVEL[level] for level in LEVELS) == TEMPLE_CARDS
    for city in state["cities"].values():
        for stack in city["temples"]:
            assert stack == sorted(set(stack)), "a temple's levels always rise"
    scores = GAME.scores(state)
    for seat, score in enumerate(scores):
        recount = 0
        for city in state["cities"].values():
            stack = city["temples"][seat]
            recount += max(stack) if stack else 0
        assert score["total"] == recount == sum(score["breakdown"].values())
