"""What a correction would change, in the game's terms, for its preview.

Who holds which ship, which ships are at sea, the provisions and pirates each
seat has at each ship (pirates as a count: they lie face down) and the cards
in each hand (as a count: hands stay on their phones). The platform adds the
scores, the winner and whose turn it is.
"""

from __future__ import annotations

from games.base import State
from games.i18n import Msg, _, msg, ngettext, seat_name

from .ships import SHIP_COLOUR_LABELS, pirates, provisions


def _ship_args(ship: dict) -> dict:
    return {"colour": SHIP_COLOUR_LABELS[ship["colour"]], "points": ship["points"]}


def _taken(state: State) -> dict[int, int]:
    """Ship id → the seat holding it."""
    return {ship["id"]: seat for seat, ships in enumerate(state["taken"]) for ship in ships}


def _ships(state: State) -> dict[int, dict]:
    """Every ship entered so far (at sea, face up in the harbour, taken), by id."""
    found = {ship["id"]: ship for ships in state["taken"] for ship in ships}
    found.update({ship["id"]: ship for ship in state["harbour"]["visible"]})
    found.update({ship["id"]: ship for ship in state["sea"] if ship})
    return found


def _at_sea(state: State) -> dict[int, dict]:
    return {ship["id"]: ship for ship in state["sea"] if ship}


def state_changes(before: State, after: State) -> list[Msg]:
    """The differences a person checks against the table."""
    names = after["players"]
    found: list[Msg] = []
    ships = {**_ships(before), **_ships(after)}
    held_before, held_after = _taken(before), _taken(after)
    for ship_id in sorted(set(held_before) | set(held_after)):
        old, new = held_before.get(ship_id), held_after.get(ship_id)
        if old == new:
            continue
        args = _ship_args(ships[ship_id])
        if new is None:
            found.append(
                ngettext(
                    "%(player)s no longer holds the %(colour)s ship (%(points)s point).",
                    "%(player)s no longer holds the %(colour)s ship (%(points)s points).",
                    args["points"],
                    player=seat_name(old, names[old]),
                    **args,
                )
            )
        else:
            found.append(
                ngettext(
                    "%(player)s holds the %(colour)s ship (%(points)s point).",
                    "%(player)s holds the %(colour)s ship (%(points)s points).",
                    args["points"],
                    player=seat_name(new, names[new]),
                    **args,
                )
            )
    sea_before, sea_after = _at_sea(before), _at_sea(after)
    for ship_id in sorted(set(sea_before) | set(sea_after)):
        old_ship, new_ship = sea_before.get(ship_id), sea_after.get(ship_id)
        if old_ship is None or new_ship is None:
            args = _ship_args(new_ship or old_ship)
            if old_ship is None:
                line = ngettext(
                    "The %(colour)s ship (%(points)s point) is at sea.",
                    "The %(colour)s ship (%(points)s points) is at sea.",
                    args["points"],
                    **args,
                )
            else:
                line = ngettext(
                    "The %(colour)s ship (%(points)s point) is no longer at sea.",
                    "The %(colour)s ship (%(points)s points) is no longer at sea.",
                    args["points"],
                    **args,
                )
            found.append(line)
            continue
        for seat, name in enumerate(names):
            old_count, new_count = len(provisions(old_ship, seat)), len(provisions(new_ship, seat))
            if old_count != new_count:
                args = _ship_args(new_ship)
                found.append(
                    ngettext(
                        "%(player)s's provisions at the %(colour)s ship (%(points)s point): "
                        "%(old)s → %(new)s.",
                        "%(player)s's provisions at the %(colour)s ship (%(points)s points): "
                        "%(old)s → %(new)s.",
                        args["points"],
                        player=seat_name(seat, name),
                        old=old_count,
                        new=new_count,
                        **args,
                    )
                )
            old_pirates, new_pirates = len(pirates(old_ship, seat)), len(pirates(new_ship, seat))
            if old_pirates != new_pirates:
                args = _ship_args(new_ship)
                found.append(
                    ngettext(
                        "%(player)s's pirates at the %(colour)s ship (%(points)s point): "
                        "%(old)s → %(new)s.",
                        "%(player)s's pirates at the %(colour)s ship (%(points)s points): "
                        "%(old)s → %(new)s.",
                        args["points"],
                        player=seat_name(seat, name),
                        old=old_pirates,
                        new=new_pirates,
                        **args,
                    )
                )
    for seat, name in enumerate(names):
        old_hand, new_hand = len(before["hands"][seat]), len(after["hands"][seat])
        if old_hand != new_hand:
            found.append(
                msg(
                    _("%(player)s's cards in hand: %(old)s → %(new)s."),
                    player=seat_name(seat, name),
                    old=old_hand,
                    new=new_hand,
                )
            )
    return found
