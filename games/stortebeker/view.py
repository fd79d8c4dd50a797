"""What each seat may see: hands stay on their phones, pirates face down."""

from __future__ import annotations

import copy

from games.base import State

from .cards import CARD_LABELS, DIE_COLOUR_LABELS, KIND_LABELS, is_pirate
from .ships import SHIP_COLOUR_LABELS, ship_label

HIDDEN = "hidden"


def seat_view(state: State, seat: int | None) -> State:
    """``state`` without what ``seat`` may not see (``None``: the table).

    Hidden: the order and contents of the deck (only its size shows), other
    seats' hands (only their sizes), and the values of pirates other seats
    laid face down ("Karty pirátů se vykládají lícem dolů").
    """
    view = copy.deepcopy(state)
    view["deck"] = len(state["deck"])
    view["hand_counts"] = [len(hand) for hand in state["hands"]]
    view["hands"] = [hand if index == seat else None for index, hand in enumerate(view["hands"])]
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
