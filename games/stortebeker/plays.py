"""Phase 1 and 2 of a turn: the three cards (lay out, exchange, cannons).

"Hráč na řadě se musí zbavit právě 3 karet ... Pokud si vybere více akcí,
musí je provést v pořadí, ve kterém jsou zde uvedeny." Each ``check_*``
raises :class:`IllegalAction` for an entry the rules forbid, so ``apply``
and the phone's choices share one source of truth.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.base import Action, IllegalAction, State, int_arg, require
from games.i18n import _

from . import summary
from .cards import CARD_LABELS, COLOUR_KIND, add_cards, is_pirate, kind_of, take_cards
from .flow import active_seat, cards_left_to_play, has_provision_at_sea
from .inputs import card_list, colour_dice, one_card
from .ships import Ship, drop_excess_pirates, pirates, provisions, room_for

EXCHANGE_SIZES = (2, 3)
MAX_EXCHANGE_TAKE = 2


def legal(check: Callable[..., Any], *args: Any) -> bool:
    """Whether ``check(*args)`` passes."""
    try:
        check(*args)
    except IllegalAction:
        return False
    return True


def ship_at(state: State, slot: Any) -> Ship:
    """The ship in sea slot ``slot``, or IllegalAction."""
    index = int_arg({"ship": slot}, "ship", 0, len(state["sea"]) - 1)
    ship = state["sea"][index]
    require(ship is not None, _("There is no ship at that place."))
    return ship


# -- lay out ----------------------------------------------------------------


def check_lay_now(state: State) -> None:
    """Laying out comes first, and only while cards remain to be played."""
    turn = state["turn"]
    require(
        not turn["exchanged"] and not turn["fired"],
        _("Cards are laid out before the exchange and the cannons."),
    )
    require(cards_left_to_play(state) > 0, _("You have played your three cards."))


def check_lay(state: State, seat: int, slot: Any, code: str) -> None:
    """Whether ``seat`` may lay ``code`` at the ship in ``slot`` now."""
    check_lay_now(state)
    ship = ship_at(state, slot)
    require(
        code in state["hands"][seat],
        _("You have no %(card)s in your hand."),
        card=CARD_LABELS[code],
    )
    if is_pirate(code):
        # "Hráč nesmí k jedné lodi položit více pirátů než karet s proviantem."
        require(
            len(pirates(ship, seat)) < len(provisions(ship, seat)),
            _("You may not lay more pirates than provision cards at a ship."),
        )
        return
    kind = kind_of(code)
    assert kind is not None
    # "K lodi se smí položit pouze ten druh proviantu a nejvýše v takovém
    # množství, kolik je na kartě lodi vyobrazeno."
    require(
        room_for(ship, seat, kind) > 0,
        _("This ship needs no more %(kind)s from you."),
        kind=CARD_LABELS[kind],
    )


def lay(state: State, action: Action) -> None:
    """Lay one card from the hand at a ship on the seat's side."""
    seat = active_seat(state)
    code = one_card(action)
    check_lay(state, seat, action.get("ship"), code)
    ship = state["sea"][action["ship"]]
    state["hands"][seat] = take_cards(state["hands"][seat], [code])
    ship["laid"][seat] = add_cards(ship["laid"][seat], [code])
    state["turn"]["played"] += 1


# -- exchange ---------------------------------------------------------------


def check_exchange_now(state: State) -> None:
    """The exchange comes after laying out, before the cannons, once a turn."""
    turn = state["turn"]
    require(not turn["exchanged"], _("You have exchanged cards this turn already."))
    require(not turn["fired"], _("The exchange comes before the cannons."))
    left = cards_left_to_play(state)
    require(left >= min(EXCHANGE_SIZES), _("An exchange needs 2 or 3 of your three cards."))


def check_exchange(state: State, seat: int, discard: list[str], take: list[str]) -> None:
    """Whether ``seat`` may discard ``discard`` and pick ``take`` now."""
    check_exchange_now(state)
    require(len(discard) in EXCHANGE_SIZES, _("Discard 2 or 3 cards to exchange."))
    left = cards_left_to_play(state) - len(discard)
    require(left >= 0, _("That is more than your three cards."))
    # After the exchange only the cannons remain (one card): the turn must
    # still be able to use exactly its three cards.
    require(
        left == 0 or (left == 1 and has_provision_at_sea(state, seat)),
        _("After this exchange you could not play all three cards."),
    )
    take_cards(state["hands"][seat], discard)
    require(
        len(take) <= MAX_EXCHANGE_TAKE, _("You may take at most 2 cards from the discard pile.")
    )
    # "vybere si z něj nejvýše 2 jiné karty": other cards than those just
    # discarded, so the picks come from the pile as it was before.
    take_cards(state["discard"], take)


def exchange(state: State, action: Action) -> None:
    """Discard 2 or 3 cards and pick up to 2 from the pile, face up in front."""
    seat = active_seat(state)
    discard = card_list(action, "discard", 0, 3)
    take = card_list(action, "take", 0, MAX_EXCHANGE_TAKE)
    check_exchange(state, seat, discard, take)
    state["hands"][seat] = take_cards(state["hands"][seat], discard)
    state["discard"] = add_cards(take_cards(state["discard"], take), discard)
    state["fronts"][seat] = add_cards(state["fronts"][seat], take)
    state["turn"]["played"] += len(discard)
    state["turn"]["exchanged"] = True


# -- cannons ----------------------------------------------------------------


def check_fire_now(state: State, seat: int) -> None:
    """The cannons come last, with the turn's last card."""
    require(not state["turn"]["fired"], _("You may fire the cannons only once a turn."))
    require(cards_left_to_play(state) == 1, _("The cannons take the last of your three cards."))
    require(has_provision_at_sea(state, seat), _("You have no provisions at any ship."))


def check_fire(state: State, seat: int, slot: Any, code: str) -> None:
    """Whether ``seat`` may discard ``code`` to fire at the ship in ``slot``."""
    check_fire_now(state, seat)
    ship = ship_at(state, slot)
    # "Vybere si ... loď, u které má sám vyložen alespoň jednu proviantní kartu."
    require(bool(provisions(ship, seat)), _("You have no provisions at this ship."))
    require(
        code in state["hands"][seat],
        _("You have no %(card)s in your hand."),
        card=CARD_LABELS[code],
    )


def fire(state: State, action: Action) -> None:
    """Discard a card, roll the colour dice and queue what they hit."""
    seat = active_seat(state)
    code = one_card(action)
    check_fire(state, seat, action.get("ship"), code)
    colours = colour_dice(action)
    slot = action["ship"]
    state["hands"][seat] = take_cards(state["hands"][seat], [code])
    state["discard"] = add_cards(state["discard"], [code])
    state["turn"]["played"] += 1
    state["turn"]["fired"] = True
    state["last_roll"] = {"what": "cannons", "seat": seat, "ship": slot, "colours": colours}
    state["last_event"] = summary.cannons(state["sea"][slot], seat, colours)
    # "Jestliže některá kostka ukáže barvu proviantu vyloženého jedním nebo
    # více hráči, vezme si útočník za každou kostku 1 proviant."
    state["cannon"] = {"ship": slot, "pending": [COLOUR_KIND[colour] for colour in colours]}
    settle_cannon(state)


def steal_candidates(state: State) -> list[list[Any]]:
    """The ``[seat, card]`` pairs the next die of the cannon may take."""
    cannon = state["cannon"]
    ship = state["sea"][cannon["ship"]]
    kind = cannon["pending"][0]
    attacker = active_seat(state)
    found: list[list[Any]] = []
    for seat, laid in enumerate(ship["laid"]):
        if seat == attacker:
            continue
        for code in sorted(set(laid)):
            if kind_of(code) == kind:
                found.append([seat, code])
    return found


def settle_cannon(state: State) -> None:
    """Take what the dice hit while there is no choice to make.

    A die whose colour nobody else laid here misses ("padne výstřel do
    prázdna"); when several cards could be taken, the attacker chooses and
    the state waits in the ``steal`` step.
    """
    cannon = state["cannon"]
    while cannon["pending"]:
        candidates = steal_candidates(state)
        if not candidates:
            cannon["pending"].pop(0)
            continue
        if len(candidates) > 1:
            state["step"] = "steal"
            return
        take_spoil(state, candidates[0][0], candidates[0][1])
    state["cannon"] = None
    state["step"] = "play"


def take_spoil(state: State, victim: int, code: str) -> None:
    """Take ``code`` from ``victim``: keep it if it fits, else discard it.

    "Když má hráč ... ještě místo na ukořistěný proviant, přiloží jeho
    kartu(y) ke svým. Karty, na které už místo nemá, se dají na odkládací balík."
    """
    cannon = state["cannon"]
    ship = state["sea"][cannon["ship"]]
    attacker = active_seat(state)
    ship["laid"][victim] = take_cards(ship["laid"][victim], [code])
    pirates_lost = drop_excess_pirates(ship, victim)
    state["discard"] = add_cards(state["discard"], pirates_lost)
    kind = kind_of(code)
    assert kind is not None
    kept = room_for(ship, attacker, kind) > 0
    if kept:
        ship["laid"][attacker] = add_cards(ship["laid"][attacker], [code])
    else:
        state["discard"] = add_cards(state["discard"], [code])
    summary.spoil(state["last_event"], victim, code, kept, len(pirates_lost))
    cannon["pending"].pop(0)


def steal(state: State, action: Action) -> None:
    """The attacker chooses which hit card to take, and from whom."""
    victim = action.get("victim")
    code = action.get("card")
    require(
        type(victim) is int and [victim, code] in steal_candidates(state),
        _("That card cannot be taken by this shot."),
    )
    take_spoil(state, victim, code)
    settle_cannon(state)


def any_play_possible(state: State) -> bool:
    """Whether the active seat can still play one of its cards legally."""
    seat = active_seat(state)
    hand = sorted(set(state["hands"][seat]))
    if legal(check_fire_now, state, seat):
        return True
    if legal(check_exchange_now, state):
        return True
    return any(
        legal(check_lay, state, seat, slot, code)
        for slot, ship in enumerate(state["sea"])
        if ship
        for code in hand
    )
