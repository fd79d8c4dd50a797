"""The order of a turn, and what the game waits for next.

Steps: ``setup`` (ships and hands entered) → per turn ``play`` (3 cards;
``steal`` while the cannon's spoils are chosen) → ``board`` (``penalty``
after a failed boarding, ``counter`` while neighbours may counter-attack) →
``reveal`` (new ships sail out, the next harbour ship is entered) → ``draw``
→ the next seat's ``play``, or ``over``. ``progress.advance`` moves
through the steps that need no entry, so the state always waits for a person.
"""

from __future__ import annotations

from typing import Any

from games.base import State

from .setup import CARDS_PER_TURN, HAND_SIZE, RESHUFFLE_AT_ONCE, extended, harbour_preview
from .ships import at_sea, complete, provisions


def active_seat(state: State) -> int:
    """The seat whose turn it is."""
    return state["turn"]["seat"]


def last_seat(state: State) -> int:
    """The start player's right-hand neighbour, who closes each round."""
    return (state["start"] - 1) % len(state["players"])


def first_round(state: State) -> bool:
    """ "V prvním kole hry nemůže žádný hráč zaútočit na žádnou loď!\""""
    return state["turn"]["number"] < len(state["players"])


def new_turn(state: State, seat: int, number: int) -> dict[str, Any]:
    """The bookkeeping of one turn."""
    return {
        "seat": seat,
        "number": number,
        "to_play": min(CARDS_PER_TURN, len(state["hands"][seat])),
        "played": 0,
        "exchanged": False,
        "fired": False,
        "ships_taken": 0,
        "attacks_over": False,
        "boarded": [],
    }


def cards_left_to_play(state: State) -> int:
    """How many of the turn's cards the active seat still has to play."""
    turn = state["turn"]
    return turn["to_play"] - turn["played"]


def has_provision_at_sea(state: State, seat: int) -> bool:
    """Whether ``seat`` has a provision at some ship (needed to fire the cannons)."""
    return any(ship and provisions(ship, seat) for ship in state["sea"])


def boardable_slots(state: State) -> list[int]:
    """The sea slots the active seat may board now.

    "V této fázi může hráč zaútočit na všechny lodě, pro které už vyložil
    potřebné proviantní karty": each such ship once a turn; a ship whose
    boarding failed stays out of reach until the next turn ("Piráty, kteří u
    lodi zbyli, může hráč až do příštího pokusu o obsazení opět skrýt").
    """
    turn = state["turn"]
    if first_round(state) or turn["attacks_over"]:
        return []
    seat = turn["seat"]
    tried = turn.get("boarded", [])
    return [
        slot
        for slot, ship in enumerate(state["sea"])
        if ship and ship["id"] not in tried and complete(ship, seat)
    ]


# -- ships coming into view -------------------------------------------------


def harbour_total(state: State) -> int:
    """Ships still in the harbour, face up or not."""
    return state["harbour"]["hidden"] + len(state["harbour"]["visible"])


def pending_ship(state: State) -> str | None:
    """Where the next ship to be entered goes (``"sea"``/``"harbour"``), if any.

    At set-up the ships at sea come first, then the harbour's face-up top.
    During play a harbour ship is entered when it is turned face up: when the
    face-up ones have sailed and more must sail, or to keep the preview full.
    """
    if state["step"] == "setup" and state["setup_sea_left"]:
        return "sea"
    harbour = state["harbour"]
    if harbour["hidden"] == 0:
        return None
    needs_to_sail = state["step"] != "setup" and None in state["sea"] and not harbour["visible"]
    if needs_to_sail or len(harbour["visible"]) < harbour_preview(state):
        return "harbour"
    return None


def sail_out(state: State) -> None:
    """Fill the empty places at sea from the harbour's face-up ships.

    "Po uzavření všech pokusů o obsazení lodí se na uvolněné místo položí nová
    loď z přístavu." When the last harbour ship sails, the end is near.
    """
    harbour = state["harbour"]
    for slot, ship in enumerate(state["sea"]):
        if ship is None and harbour["visible"]:
            state["sea"][slot] = at_sea(harbour["visible"].pop(0), len(state["players"]))
            if harbour_total(state) == 0:
                state["harbour_emptied"] = True


# -- drawing ----------------------------------------------------------------


def cards_to_draw(state: State) -> int:
    """How many cards the active seat draws now (up to 6, as far as cards exist)."""
    seat = active_seat(state)
    wanted = max(0, HAND_SIZE - len(state["hands"][seat]))
    return min(wanted, len(state["deck"]) + len(state["discard"]))


def reshuffle_if_due(state: State) -> None:
    """With the "at once" option the discard pile becomes the deck as soon as it runs out."""
    if state["options"]["reshuffle"] == RESHUFFLE_AT_ONCE and not state["deck"]:
        state["deck"], state["discard"] = sorted(state["discard"]), []


# -- moving on --------------------------------------------------------------


def end_turn(state: State) -> None:
    """Close the active seat's turn: the game ends, or the next seat plays.

    "Partie nyní skončí, jakmile bude obsazena další loď a soused po pravici
    hráče, který začínal, dokončí svůj tah."
    """
    seat = active_seat(state)
    if state["end_triggered"] and seat == last_seat(state):
        state["step"] = "over"
        return
    following = (seat + 1) % len(state["players"])
    state["turn"] = new_turn(state, following, state["turn"]["number"] + 1)
    state["step"] = "play"


def board_finished_by_choice(state: State) -> None:
    """The active seat stops boarding: ships sail out, then the draw."""
    state["step"] = "reveal"


def ends_attacks(state: State) -> None:
    """Extended rules 3 and 4: no more boarding this turn."""
    if extended(state):
        state["turn"]["attacks_over"] = True
