"""Building Störtebeker states for the tests.

Scenario tests start from a real set-up (ships and hands entered through
``apply``) and then move cards out of the deck to where the scene needs
them, so the 66 cards stay accounted for.
"""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

from games.base import IllegalAction
from games.stortebeker import GAME
from games.stortebeker.cards import TOTAL_CARDS, take_cards
from games.stortebeker.flow import pending_ship
from games.stortebeker.ships import TOTAL_SHIPS

NAMES = ["Yellow", "Red", "Blue", "Green"]
PLAIN_SHIP = {"colour": "blue", "points": 3, "defence": 20, "needs": {"water": 2}}
DEFAULT_HAND = ["water", "biscuits", "meat", "rum", "bananas", "pirate2"]


def act(state: dict, seat: int, action: dict[str, Any], seed: int = 1) -> dict:
    """Apply ``action`` for ``seat``."""
    return GAME.apply(state, {**action, "seat": seat, "seed": seed})


def ship(colour: str = "blue", points: int = 3, defence: int = 20, **needs: int) -> dict:
    """A ship entry."""
    return {
        "type": "ship",
        "colour": colour,
        "points": points,
        "defence": defence,
        "needs": needs or {"water": 2},
    }


def new_game(players: int = 3, rules: str = "basic", **options: str) -> dict:
    """The state right after ``setup``."""
    return GAME.setup(NAMES[:players], {"rules": rules, **options})


def started(
    players: int = 3,
    rules: str = "basic",
    sea: list[dict] | None = None,
    harbour: list[dict] | None = None,
    hands: list[list[str]] | None = None,
    start: int = 0,
    **options: str,
) -> dict:
    """A game past its set-up: ships, hands and the start player entered; ``start`` to play."""
    state = new_game(players, rules, **options)
    queues = {"sea": list(sea or []), "harbour": list(harbour or [])}
    while state["step"] == "setup" and pending_ship(state):
        queue = queues[pending_ship(state)]
        state = act(state, 0, queue.pop(0) if queue else ship())
    for seat in range(players):
        hand = hands[seat] if hands else DEFAULT_HAND
        state = act(state, seat, {"type": "hand", "cards": hand})
    return act(state, 0, {"type": "start", "player": start})


def lay_from_deck(state: dict, slot: int, seat: int, cards: list[str]) -> dict:
    """Put ``cards`` (taken from the deck) beside the ship in ``slot`` on ``seat``'s side."""
    state = copy.deepcopy(state)
    state["deck"] = take_cards(state["deck"], cards)
    state["sea"][slot]["laid"][seat] = sorted(state["sea"][slot]["laid"][seat] + cards)
    return state


def give(state: dict, seat: int, cards: list[str]) -> dict:
    """Add ``cards`` (from the deck) to ``seat``'s hand."""
    state = copy.deepcopy(state)
    state["deck"] = take_cards(state["deck"], cards)
    state["hands"][seat] = sorted(state["hands"][seat] + cards)
    return state


def set_hand(state: dict, seat: int, cards: list[str]) -> dict:
    """Replace ``seat``'s hand (the old cards go back to the deck)."""
    state = copy.deepcopy(state)
    state["deck"] = sorted(state["deck"] + state["hands"][seat])
    state["hands"][seat] = []
    state = give(state, seat, cards)
    if state["turn"] and state["turn"]["seat"] == seat and state["turn"]["played"] == 0:
        state["turn"]["to_play"] = min(3, len(cards))
    return state


def past_first_round(state: dict) -> dict:
    """The same position, but with the first round over (boarding allowed)."""
    state = copy.deepcopy(state)
    state["turn"]["number"] += len(state["players"])
    return state


def all_cards(state: dict) -> Counter:
    """Every action card wherever it is."""
    found: Counter = Counter()
    found.update(state["deck"])
    found.update(state["discard"])
    for hand in state["hands"]:
        found.update(hand)
    for front in state["fronts"]:
        found.update(front)
    for place in state["sea"]:
        if place:
            for laid in place["laid"]:
                found.update(laid)
    return found


def ship_count(state: dict) -> int:
    """Every ship card wherever it is (entered or not)."""
    at_sea = sum(1 for place in state["sea"] if place)
    unentered = state["setup_sea_left"]
    harbour = state["harbour"]["hidden"] + len(state["harbour"]["visible"])
    taken = sum(len(ships) for ships in state["taken"])
    return at_sea + unentered + harbour + taken + state["out_of_game"]


def assert_conserved(state: dict) -> None:
    """66 cards and 30 ships, each somewhere."""
    from games.stortebeker.cards import DECK_COMPOSITION

    assert sum(all_cards(state).values()) == TOTAL_CARDS
    assert all_cards(state) == Counter(DECK_COMPOSITION)
    assert ship_count(state) == TOTAL_SHIPS


def refused(state: dict, seat: int, action: dict[str, Any]) -> IllegalAction:
    """Assert that ``action`` is refused and leaves ``state`` as it was."""
    before = copy.deepcopy(state)
    try:
        act(state, seat, action)
    except IllegalAction as error:
        assert state == before
        return error
    raise AssertionError(f"{action} was accepted")
