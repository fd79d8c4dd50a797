"""Small queries and changes on the board part of the state.

The state keeps, for every land in play, its owner (a seat or ``None`` for a
neutral land whose card is in the deck), its armies, its buildings and its
revolt markers. Supplies (gold, grain counter, armies) are per seat lists.
"""

from __future__ import annotations

from typing import Any

from games.base import State
from games.i18n import Msg, msg
from games.wallenstein.data import BUILDING_STOCK, BUILDINGS, EVENTS, REVOLT_MARKERS, EventCard

NOTES_KEPT = 12


def empty_land() -> dict[str, Any]:
    """A neutral land without armies, buildings or markers."""
    return {
        "owner": None,
        "armies": 0,
        "palace": False,
        "church": False,
        "trade": False,
        "revolt": 0,
    }


def player_count(state: State) -> int:
    return len(state["players"])


def owned_lands(state: State, seat: int) -> list[str]:
    """The lands whose card ``seat`` holds, in board order."""
    return [land for land, info in state["lands"].items() if info["owner"] == seat]


def deck(state: State) -> list[str]:
    """The land cards in the deck: lands in play nobody owns (minus face-up draft cards)."""
    face_up = set((state.get("draft") or {}).get("face_up", []))
    return [
        land
        for land, info in state["lands"].items()
        if info["owner"] is None and land not in face_up
    ]


def building_count(info: dict[str, Any]) -> int:
    return sum(1 for kind in BUILDINGS if info[kind])


def buildings_left(state: State, kind: str) -> int:
    """Building pieces of ``kind`` still in the box."""
    used = sum(1 for info in state["lands"].values() if info[kind])
    return BUILDING_STOCK[kind] - used


def markers_left(state: State) -> int:
    return REVOLT_MARKERS - sum(info["revolt"] for info in state["lands"].values())


def add_revolt_marker(state: State, land: str) -> None:
    """One more revolt marker on ``land``, if the box still holds one."""
    if markers_left(state) > 0:
        state["lands"][land]["revolt"] += 1


def devastate(state: State, land: str) -> None:
    """'Země je celkově zpustošena': buildings and markers removed, card back to the deck.

    Armies still standing in the land go back to their owner's supply.
    """
    info = state["lands"][land]
    if info["owner"] is not None:
        state["supply"][info["owner"]] += info["armies"]
        card_taken(state, land, info["owner"])
    state["lands"][land] = empty_land()


def change_owner(state: State, land: str, seat: int) -> None:
    """``seat`` takes the land card; the old owner's armies left there go home."""
    info = state["lands"][land]
    if info["owner"] is not None and info["owner"] != seat:
        state["supply"][info["owner"]] += info["armies"]
        info["armies"] = 0
        card_taken(state, land, info["owner"])
    info["owner"] = seat


def card_taken(state: State, land: str, seat: int) -> None:
    """Remember that ``seat`` lost the card of ``land`` this season: a card taken from a
    planned action space does not go back onto the board, even if the land is won back."""
    season = state.get("season_state")
    if season is not None:
        taken = season.setdefault("taken", [[] for _seat in state["players"]])
        if land not in taken[seat]:
            taken[seat].append(land)


def current_event(state: State) -> EventCard | None:
    number = state["events"]["current"]
    return EVENTS[number] if number is not None else None


def event_is(state: State, kind: str, region: str | None = None) -> bool:
    """Is the current event of ``kind`` (and for ``region`` when given)?"""
    event = current_event(state)
    if event is None or event.kind != kind:
        return False
    return region is None or event.region == region


def note(state: State, text: str | Msg, **args: Any) -> None:
    """Remember a line for the table (cancelled actions, battle results); ``text`` may be a
    ready ``Msg`` (``ngettext`` where the line counts something)."""
    state["notes"].append(text if isinstance(text, dict) else msg(text, **args))
    del state["notes"][:-NOTES_KEPT]
