"""What each seat may see: hands stay on their phones, pirates face down."""

from __future__ import annotations

from games.base import State, fresh

from .cards import CARD_LABELS, DIE_COLOUR_LABELS, KIND_LABELS, SHORT_CARD_LABELS, is_pirate
from .ships import SHIP_COLOUR_LABELS, ship_label

HIDDEN = "hidden"
HIDDEN_KEYS = frozenset(("deck", "hands"))  # replaced in a view by what the seat may see


def seat_view(state: State, seat: int | None) -> State:
    """``state`` without what ``seat`` may not see (``None``: the table).

    Hidden: the order and contents of the deck (only its size shows), other
    seats' hands (only their sizes), and the values of pirates other seats
    laid face down ("Karty pirátů se vykládají lícem dolů").
    """
    # A copy of all but the deck and the hands, replaced below: the deck is most of the
    # state, and copying it (with deepcopy's memo) only to drop it was most of the cost.
    copied = fresh({key: value for key, value in state.items() if key not in HIDDEN_KEYS})
    view = {key: copied.get(key) for key in state}  # the state's order of keys
    view["deck"] = len(state["deck"])
    view["hand_counts"] = [len(hand) for hand in state["hands"]]
    view["hands"] = [
        list(hand) if index == seat else None for index, hand in enumerate(state["hands"])
    ]
    view["hand"] = view["hands"][seat] if seat is not None else None
    for ship in view["sea"]:
        if not ship:
            continue
        for owner, laid in enumerate(ship["laid"]):
            if owner != seat:
                ship["laid"][owner] = [HIDDEN if is_pirate(code) else code for code in laid]
    _add_display_data(view, state)
    return view


def _add_display_data(view: State, state: State) -> None:
    """Labels and counts the templates show (they cannot compute them)."""
    view["labels"] = {
        "cards": CARD_LABELS,
        "short_cards": SHORT_CARD_LABELS,
        "kinds": KIND_LABELS,
        "ship_colours": SHIP_COLOUR_LABELS,
        "die_colours": DIE_COLOUR_LABELS,
    }
    for place in view["sea"]:
        if place:
            place["label"] = ship_label(place)
    view["harbour_left"] = state["harbour"]["hidden"] + len(state["harbour"]["visible"])
    view["discard_count"] = len(state["discard"])
    view["ships_taken_count"] = [len(ships) for ships in state["taken"]]
