"""The merchant ships: what they are, what a seat has laid beside them.

We do not know the 30 printed ship cards, so the engine does not model the
ship deck: each ship is entered when it comes into view (colour, points,
defence, the provisions it needs). A ship at sea carries ``laid``: one list
of card codes per seat, the cards that seat laid on its side of the ship.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.base import Action, IllegalAction, int_arg
from games.i18n import Msg, _, ngettext

from .cards import KINDS, PIRATE_VALUES, attack_value, is_pirate, kind_of

Ship = dict[str, Any]

SHIP_COLOURS: tuple[str, ...] = ("black", "blue", "green", "red", "yellow")
SHIP_COLOUR_LABELS: dict[str, str] = {
    "black": _("black"),
    "blue": _("blue"),
    "green": _("green"),
    "red": _("red"),
    "yellow": _("yellow"),
}
TOTAL_SHIPS = 30
MAX_POINTS = 20
MAX_DEFENCE = 40
MAX_NEED_PER_KIND = 4
MAX_NEED_TOTAL = 8


def ship_from_entry(action: Action, ship_id: int) -> Ship:
    """A ship built from an entry, every field validated.

    The needs come as ``needs`` (``{kind: count}``) or as the phone's
    ``need_<kind>`` fields (missing ones count 0); the fields win when both
    are there (a correction replaces the fields).
    """
    colour = action.get("colour")
    if colour not in SHIP_COLOURS:
        raise IllegalAction(_("%(value)s is not a colour of the ships."), value=str(colour))
    points = int_arg(action, "points", 0, MAX_POINTS)
    defence = int_arg(action, "defence", 1, MAX_DEFENCE)
    raw_needs = action.get("needs")
    if raw_needs is None or any(f"need_{kind}" in action for kind in KINDS):
        raw_needs = {kind: action.get(f"need_{kind}", 0) for kind in KINDS}
    if not isinstance(raw_needs, dict):
        raise IllegalAction(_("needs must map provisions to counts."))
    needs: dict[str, int] = {}
    for kind, count in raw_needs.items():
        if kind not in KINDS:
            raise IllegalAction(_("%(value)s is not a kind of provision."), value=str(kind))
        value = int_arg({"count": count}, "count", 0, MAX_NEED_PER_KIND)
        if value:
            needs[kind] = value
    if not 1 <= sum(needs.values()) <= MAX_NEED_TOTAL:
        raise IllegalAction(
            _("A ship needs at least 1 provision card and at most %(high)s."), high=MAX_NEED_TOTAL
        )
    return {
        "id": ship_id,
        "colour": colour,
        "points": points,
        "defence": defence,
        "needs": {kind: needs[kind] for kind in KINDS if kind in needs},
    }


def ship_label(ship: Ship) -> Msg:
    """A short name for buttons and log lines: "black ship (5 points, defence 8)"."""
    return ngettext(
        "%(colour)s ship (%(points)s point, defence %(defence)s)",
        "%(colour)s ship (%(points)s points, defence %(defence)s)",
        ship["points"],
        colour=SHIP_COLOUR_LABELS[ship["colour"]],
        points=ship["points"],
        defence=ship["defence"],
    )


def at_sea(ship: Ship, seats: int) -> Ship:
    """The ship as it sails out: nobody has laid anything yet."""
    return {**ship, "laid": [[] for _seat in range(seats)]}


def bare(ship: Ship) -> Ship:
    """The ship without the cards around it (as it lies in front of its taker)."""
    return {key: value for key, value in ship.items() if key != "laid"}


def provisions(ship: Ship, seat: int) -> list[str]:
    """The provision cards ``seat`` laid at ``ship``."""
    return [code for code in ship["laid"][seat] if kind_of(code)]


def pirates(ship: Ship, seat: int) -> list[str]:
    """The pirate cards ``seat`` laid (face down) at ``ship``."""
    return [code for code in ship["laid"][seat] if is_pirate(code)]


def kind_count(ship: Ship, seat: int, kind: str) -> int:
    """How many provisions of ``kind`` ``seat`` has at ``ship``."""
    return sum(1 for code in ship["laid"][seat] if kind_of(code) == kind)


def room_for(ship: Ship, seat: int, kind: str) -> int:
    """How many more provisions of ``kind`` the ship takes on ``seat``'s side."""
    return ship["needs"].get(kind, 0) - kind_count(ship, seat, kind)


def missing(ship: Ship, seat: int) -> dict[str, int]:
    """The provisions ``seat`` still needs to attack ``ship``."""
    return {
        kind: room_for(ship, seat, kind) for kind in ship["needs"] if room_for(ship, seat, kind)
    }


def complete(ship: Ship, seat: int) -> bool:
    """Whether ``seat`` has laid every provision ``ship`` needs."""
    return not missing(ship, seat)


def strength(ship: Ship, seat: int) -> int:
    """The pirates (and pirate symbols) ``seat`` adds to a boarding roll here."""
    return sum(attack_value(code) for code in ship["laid"][seat])


def drop_excess_pirates(ship: Ship, seat: int) -> list[str]:
    """Remove pirates beyond ``seat``'s provisions at ``ship``; return them.

    "Hráč nesmí k jedné lodi položit více pirátů než karet s proviantem":
    when provisions are lost, the surplus pirates go too. The weakest go first
    (the owner would choose so).
    """
    surplus = len(pirates(ship, seat)) - len(provisions(ship, seat))
    if surplus <= 0:
        return []
    weakest = sorted(pirates(ship, seat), key=lambda code: PIRATE_VALUES[code])[:surplus]
    left = Counter(ship["laid"][seat])
    left.subtract(weakest)
    ship["laid"][seat] = sorted(left.elements())
    return weakest


def remove_provision(ship: Ship, seat: int, kind: str) -> str | None:
    """Remove one provision of ``kind`` from ``seat``'s side; plain cards go first."""
    laid = ship["laid"][seat]
    for code in (kind, f"{kind}_p"):
        if code in laid:
            laid.remove(code)
            return code
    return None
