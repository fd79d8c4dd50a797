"""The ships an entry refers to, as the phone showed them when it was offered.

A sea slot is only a place: after a capture another ship sails into it. So the
phone's entries carry ``seen`` (slot → colour and points of the ship there),
which gives the log its words ("laid rum at the black ship (5 points)") and
lets the engine refuse an entry made from a page that no longer shows the sea
as it is. Scripts may leave ``seen`` out.
"""

from __future__ import annotations

from typing import Any

from games.base import Action, IllegalAction, State
from games.i18n import _

Seen = dict[str, dict[str, Any]]


def seen_ships(state: State, slots: list[int]) -> Seen:
    """``seen`` for the ships now in ``slots``."""
    return {
        str(slot): {"colour": state["sea"][slot]["colour"], "points": state["sea"][slot]["points"]}
        for slot in slots
        if state["sea"][slot]
    }


def check_seen(state: State, action: Action) -> None:
    """Refuse an entry whose ``seen`` does not match the sea now."""
    if "seen" not in action:
        return
    seen = action["seen"]
    changed = _("The sea has changed since this entry was offered: look at the ships again.")
    if not isinstance(seen, dict) or not seen:
        raise IllegalAction(changed)
    for key, ship in seen.items():
        if not isinstance(key, str) or not key.isdigit() or int(key) >= len(state["sea"]):
            raise IllegalAction(changed)
        place = state["sea"][int(key)]
        if not isinstance(ship, dict) or not place:
            raise IllegalAction(changed)
        if ship != {"colour": place["colour"], "points": place["points"]}:
            raise IllegalAction(changed)


def seen_ship(action: Action) -> dict[str, Any] | None:
    """The ship the entry concerns, as seen: its ``ship`` slot, else the only one listed."""
    seen = action.get("seen")
    if not isinstance(seen, dict) or not seen:
        return None
    slot = action.get("ship")
    if isinstance(slot, int) and not isinstance(slot, bool):
        ship = seen.get(str(slot))
    elif len(seen) == 1:
        ship = next(iter(seen.values()))
    else:
        return None
    if isinstance(ship, dict) and {"colour", "points"} <= set(ship):
        return ship
    return None
