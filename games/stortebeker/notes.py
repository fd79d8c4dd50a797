"""What the phone explains above an entry (``Choice.note``): where the numbers of a ship
card are, what a roll must show, what an exchange or a shot does. ``choices.py`` says
which entries are offered; this module what is said about them."""

from __future__ import annotations

from games.base import State
from games.i18n import Msg, _, msg

from . import battle
from .cards import CARD_LABELS
from .ships import strength

SHIP = _(
    "From the ship card: the points in the top corners, the defence at the bottom "
    "and the provisions pictured below it (0 to 4 of each; leave the others at 0)."
)
START = _(
    "The player whose token is highest on the scoring track starts (usually the "
    "yellow player). The first round and the end of the game are counted from them."
)
DISCARD_THREE = _(
    "Discard 3 cards: with no provision at any ship you cannot fire the cannons "
    "afterwards. Take up to 2 other cards from the discard pile; they lie face up "
    "in front of you and go into your hand when you draw."
)
DISCARD_TWO_OR_THREE = _(
    "Discard 2 or 3 cards (with 2, the cannons take your last card). Take up to 2 "
    "other cards from the discard pile; they go into your hand when you draw."
)
FIRE = _(
    "Tap the card you discard: the cannons fire at its ship. Each colour rolled takes "
    "one provision of that colour an opponent laid there; you keep it if you need it."
)
PENALTY = _(
    "Each colour rolled costs one provision of that colour at this ship, "
    "and the pirates beyond the provisions left."
)


def roll(pirates: int, target: int) -> Msg:
    """What the two number dice must show to reach ``target`` with ``pirates`` added."""
    need = target - pirates
    if need <= 2:
        return msg(_("Your pirates here add %(pirates)s: any roll is enough."), pirates=pirates)
    if need > 12:
        return msg(
            _("Your pirates here add %(pirates)s: no roll of the two number dice is enough."),
            pirates=pirates,
        )
    return msg(
        _("Your pirates here add %(pirates)s: you need %(need)s or more on the two number dice."),
        pirates=pirates,
        need=need,
    )


def card_list(codes: list[str]) -> Msg:
    """The cards as one translatable list ("water, beans")."""
    result: Msg = msg("%(card)s", card=CARD_LABELS[codes[-1]])
    for code in reversed(codes[:-1]):
        result = msg(_("%(first)s, %(rest)s"), first=CARD_LABELS[code], rest=result)
    return result


def counter(state: State, seat: int) -> Msg:
    """The best total so far, the cards the seat adds and what its roll must show."""
    attack = state["attack"]
    cards = battle.counter_cards(state, seat)
    symbols = sum(1 for code in cards if code.endswith("_p"))  # the cards' pirate symbols
    # "Pokud je jeho hodnota vyšší": one more than the best total so far.
    needed = roll(strength(state["sea"][attack["ship"]], seat) + symbols, attack["best"] + 1)
    best = msg(_("The best total so far is %(best)s."), best=attack["best"])
    if not cards:
        return msg("%(best)s %(roll)s", best=best, roll=needed)
    added = msg(_("You add from your hand: %(cards)s."), cards=card_list(cards))
    return msg("%(best)s %(added)s %(roll)s", best=best, added=added, roll=needed)
