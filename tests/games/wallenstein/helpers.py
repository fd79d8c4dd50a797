"""Shortcuts that walk a Wallenstein game to the point a test needs."""

from __future__ import annotations

import copy
from typing import Any

from games.base import State
from games.wallenstein import GAME, tower
from games.wallenstein.data import ACTION_KEYS

NAMES = ["Anna", "Boris", "Cyril", "Dana", "Emil"]


def do(state: State, seat: int, **action: Any) -> State:
    """Apply one entry, like the platform does (seat and seed added)."""
    action.setdefault("seed", 1)
    return GAME.apply(state, {"seat": seat, **action})


def drop_all_out(state: State) -> State:
    """Everything in the tower comes out."""
    most = tower.capacity(state)
    fields = {f"out_{seat}": count for seat, count in enumerate(most["armies"])}
    return do(state, 0, type="drop", out_peasants=most["peasants"], **fields)


def drop(state: State, armies: list[int], peasants: int = 0) -> State:
    fields = {f"out_{seat}": count for seat, count in enumerate(armies)}
    return do(state, 0, type="drop", out_peasants=peasants, **fields)


def new_game(players: int = 3, **options: str) -> State:
    """Fixed allocation, the first fill entered as 'everything came out'."""
    options.setdefault("allocation", "fixed")
    state = GAME.setup(NAMES[:players], options)
    return drop_all_out(state)


def enter_events(state: State, cards: list[int]) -> State:
    return do(state, 0, type="events", **{f"card_{i}": card for i, card in enumerate(cards, 1)})


def start_season(
    state: State,
    cards: list[str] | None = None,
    order: list[int] | None = None,
    event: int | None = None,
) -> State:
    """Turn up five action cards (``cards`` first), the turn order and the event."""
    count = len(state["players"])
    wanted = list(cards or []) + [key for key in ACTION_KEYS if key not in (cards or [])]
    for card in wanted[:5]:
        state = do(state, 0, type="action_card", card=card)
    order = order if order is not None else list(range(count))
    state = do(state, 0, type="turn_order", **{f"pos_{i}": seat for i, seat in enumerate(order, 1)})
    left = [c for c in state["events"]["year"] if c not in state["events"]["used"]]
    return do(state, 0, type="current_event", event=event if event is not None else left[0])


def in_season(
    players: int = 3,
    cards: list[str] | None = None,
    order: list[int] | None = None,
    events: list[int] | None = None,
    event: int | None = None,
    **options: str,
) -> State:
    """A fixed-allocation game at the first action of spring of year 1."""
    state = new_game(players, **options)
    state = enter_events(state, events or [15, 2, 4, 10])
    return start_season(state, cards, order, event)


def clear_land(state: State, land: str, owner: int | None, armies: int = 0, **extra: Any) -> State:
    """Test set-up: put ``land`` into a given condition (keeps army totals right)."""
    state = copy.deepcopy(state)
    info = state["lands"][land]
    if info["owner"] is not None:
        state["supply"][info["owner"]] += info["armies"]
    info.update(
        {"owner": owner, "armies": 0, "palace": False, "church": False, "trade": False, "revolt": 0}
    )
    if owner is not None:
        state["supply"][owner] -= armies
        info["armies"] = armies
    info.update(extra)
    if state.get("season_state"):
        # as if the land had been held so since the planning
        for seat, cards in enumerate(state["season_state"]["cards"]):
            if land in cards and seat != owner:
                cards.remove(land)
            if seat == owner and land not in cards:
                cards.append(land)
    return state


def army_total(state: State, seat: int) -> int:
    """Every cube of ``seat``: supply, lands, tower, tray and hand."""
    total = state["supply"][seat] + state["tower"]["armies"][seat] + state["tray"]["armies"][seat]
    total += sum(info["armies"] for info in state["lands"].values() if info["owner"] == seat)
    if state["battle"]:
        total += state["battle"]["throw"]["armies"][seat]
    return total


def peasant_total(state: State) -> int:
    total = state["peasant_supply"] + state["tower"]["peasants"] + state["tray"]["peasants"]
    if state["battle"]:
        total += state["battle"]["throw"]["peasants"]
    return total


OPEN = ["palace", "church", "trade", "grain", "taxes"]


def at_the_hidden_cards(**options: str) -> dict:
    """Spring with ``OPEN`` turned up, its five open actions done (blanks, then a land)."""
    state = in_season(cards=OPEN, **options)
    for _card in range(4):
        for seat in (0, 1, 2):
            state = do(state, seat, type="play", land="blank")
    for seat in (0, 1, 2):
        state = do(state, seat, type="play", land=state["season_state"]["cards"][seat][0])
    assert state["stage"] == "action_card"
    return state
