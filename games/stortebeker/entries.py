"""Entries of what comes into view: ships, the dealt hands, drawn cards."""

from __future__ import annotations

import random
from collections import Counter

from games.base import Action, IllegalAction, State, int_arg, require, seeded_random
from games.i18n import _

from .cards import CARD_CODES, CARD_LABELS, add_cards, take_cards
from .flow import active_seat, cards_to_draw, end_turn, pending_ship, reshuffle_if_due
from .inputs import by_app, card_list
from .setup import HAND_SIZE
from .ships import at_sea, ship_from_entry


def enter_ship(state: State, action: Action) -> None:
    """A ship turned face up: at sea (set-up) or on top of the harbour."""
    destination = pending_ship(state)
    require(destination is not None, _("No ship is waiting to be entered."))
    ship = ship_from_entry(action, state["ships_entered"] + 1)
    state["ships_entered"] += 1
    if destination == "sea":
        slot = state["sea"].index(None)
        state["sea"][slot] = at_sea(ship, len(state["players"]))
        state["setup_sea_left"] -= 1
    else:
        state["harbour"]["hidden"] -= 1
        state["harbour"]["visible"].append(ship)


def enter_start(state: State, action: Action) -> None:
    """Who starts: "Začíná hráč, jehož žeton se na bodovací tabulce nachází nejvíc
    nahoře (zpravidla je to žlutý hráč)." The table says which seat that is."""
    require(state["start"] is None, _("The start player has been entered already."))
    state["start"] = int_arg(action, "player", 0, len(state["players"]) - 1)


def draw_from_app(state: State, count: int, rng: random.Random) -> list[str]:
    """Draw ``count`` cards at random, reshuffling the discard pile if the deck runs out."""
    drawn: list[str] = []
    for _card in range(count):
        if not state["deck"]:
            state["deck"], state["discard"] = sorted(state["discard"]), []
        code = state["deck"][rng.randrange(len(state["deck"]))]
        state["deck"] = take_cards(state["deck"], [code])
        drawn.append(code)
    return sorted(drawn)


def check_in_pile(pile: list[str], cards: list[str]) -> None:
    """Refuse drawn cards the deck cannot hold, saying so in terms of the deck."""
    wanted = Counter(cards)
    left = Counter(pile)
    for code in CARD_CODES:
        if wanted[code] > left[code]:
            if left[code] == 0:
                raise IllegalAction(
                    _("No %(card)s is left in the deck: check the cards you entered."),
                    card=CARD_LABELS[code],
                )
            raise IllegalAction(
                _("The deck holds only %(count)s × %(card)s: check the cards you entered."),
                count=left[code],
                card=CARD_LABELS[code],
            )


def draw_entered(state: State, cards: list[str]) -> None:
    """Take the cards seen on the table out of the deck (and the reshuffled pile).

    "Doporučuji ... odkládací balík se promění v nový dobírací balík až v
    okamžiku, kdy je z prázdného dobíracího balíku potřeba dobrat kartu." If
    the deck holds fewer cards than are drawn, all of them are among the
    drawn cards and the rest come from the reshuffled discard pile.
    """
    if len(cards) <= len(state["deck"]):
        check_in_pile(state["deck"], cards)
        state["deck"] = take_cards(state["deck"], cards)
        return
    check_in_pile(state["deck"] + state["discard"], cards)
    from_pile = take_cards(cards, state["deck"])
    state["deck"] = take_cards(state["discard"], from_pile)
    state["discard"] = []


def draw_cards(state: State, action: Action, count: int) -> list[str]:
    """``count`` cards drawn, as entered or by the app."""
    if by_app(action):
        return draw_from_app(state, count, seeded_random(action))
    cards = card_list(action, "cards", count, count)
    draw_entered(state, cards)
    return sorted(cards)


def enter_hand(state: State, action: Action) -> None:
    """A seat's 6 starting cards."""
    seat = action["seat"]
    require(not state["hand_entered"][seat], _("Your hand has been entered already."))
    state["hands"][seat] = draw_cards(state, action, HAND_SIZE)
    state["hand_entered"][seat] = True


def draw(state: State, action: Action) -> None:
    """Phase 6: fill the hand up to 6 cards, then the next seat plays."""
    seat = active_seat(state)
    count = cards_to_draw(state)
    drawn = draw_cards(state, action, count)
    state["hands"][seat] = add_cards(state["hands"][seat], drawn)
    reshuffle_if_due(state)
    end_turn(state)
