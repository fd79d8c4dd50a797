"""What the table is told after a boarding: the ``last_event`` in the state.

One record follows the fight for one ship from the boarding roll through the
penalty or the counter-attacks to the capture, so the table can check every
total against the board: the dice, the pirates (and pirate symbols) each side
added, who took the ship, and which cards went to the discard pile and why.
Templates only render it. Pirates that go with a captured ship are counted,
not named: they were face down and go straight to the discard pile.
"""

from __future__ import annotations

from typing import Any

from .cards import is_pirate, kind_of
from .ships import Ship

Event = dict[str, Any]


def boarding(ship: Ship, seat: int, dice: list[int], pirates: int, success: bool) -> Event:
    """The start of a fight: the boarding roll against the ship's defence."""
    return {
        "kind": "boarding",
        "ship": {key: ship[key] for key in ("colour", "points", "defence")},
        "attacker": seat,
        "attempts": [
            {
                "seat": seat,
                "role": "board",
                "dice": list(dice),
                "pirates": pirates,
                "cards": [],
                "total": sum(dice) + pirates,
                "success": success,
            }
        ],
        "declined": [],
        # open: counter-attacks may follow; failed: the penalty; taken: someone took the ship
        "result": "open" if success else "failed",
        "taker": None,
        "penalty": None,
        "discarded": [],
        "attacks_over": False,
    }


def penalty(event: Event, colours: list[str], lost: list[str], pirates_lost: list[str]) -> None:
    """The colour dice of a failed boarding and the cards they cost."""
    event["penalty"] = {"colours": colours, "lost": list(lost), "pirates_lost": list(pirates_lost)}


def counter(
    event: Event, seat: int, dice: list[int], pirates: int, cards: list[str], won: bool
) -> None:
    """One counter-attack: the completing cards, the roll, whether it took the lead."""
    event["attempts"].append(
        {
            "seat": seat,
            "role": "counter",
            "dice": list(dice),
            "pirates": pirates,
            "cards": list(cards),
            "total": sum(dice) + pirates,
            "success": won,
        }
    )


def declined(event: Event, seat: int) -> None:
    """A seat that could counter-attack let it pass."""
    event["declined"].append(seat)


def passed_over(event: Event, seat: int) -> None:
    """A seat with provisions at the ship that cannot counter-attack (not asked)."""
    event.setdefault("passed_over", []).append(seat)


def captured(event: Event, taker: int, laid: list[list[str]]) -> None:
    """The ship is taken: every card around it goes to the discard pile."""
    event["result"] = "taken"
    event["taker"] = taker
    event["discarded"] = [
        {
            "seat": seat,
            "provisions": [code for code in cards if kind_of(code)],
            "pirates": sum(1 for code in cards if is_pirate(code)),
        }
        for seat, cards in enumerate(laid)
        if cards
    ]


def cannons(ship: Ship, seat: int, colours: list[str]) -> Event:
    """A shot of the cannons: the colour dice; the cards taken follow."""
    return {
        "kind": "cannons",
        "ship": {key: ship[key] for key in ("colour", "points", "defence")},
        "attacker": seat,
        "colours": colours,
        "taken": [],
    }


def spoil(event: Event, victim: int, code: str, kept: bool, pirates_lost: int) -> None:
    """A card the cannons took: kept if the attacker's side still needs it, else discarded."""
    event["taken"].append(
        {"victim": victim, "card": code, "kept": kept, "pirates_lost": pirates_lost}
    )
