"""The 66 action cards and the colour dice.

A card is a short code: a provision kind (``"rum"``), the same kind with a
pirate symbol (``"rum_p"``, worth 1 when boarding) or a pirate
(``"pirate2"``..``"pirate4"``). Piles are plain lists of codes: the order
carries no meaning (the physical piles are shuffled), only the counts do.
"""

from __future__ import annotations

from collections import Counter

from games.base import IllegalAction
from games.i18n import Msg, _, msg

KINDS: tuple[str, ...] = ("water", "beans", "biscuits", "meat", "rum", "bananas")

#: The colour of each provision card, which is also a face of the colour dice.
#: Water is blue, meat red, rum black and beans green in the rulebook's worked
#: example; bananas yellow and biscuits white are our assumption (DECISIONS.md).
KIND_COLOUR: dict[str, str] = {
    "water": "blue",
    "beans": "green",
    "biscuits": "white",
    "meat": "red",
    "rum": "black",
    "bananas": "yellow",
}
COLOUR_KIND: dict[str, str] = {colour: kind for kind, colour in KIND_COLOUR.items()}
DIE_COLOURS: tuple[str, ...] = tuple(KIND_COLOUR[kind] for kind in KINDS)

PIRATE_VALUES: dict[str, int] = {"pirate2": 2, "pirate3": 3, "pirate4": 4}
SYMBOL_SUFFIX = "_p"

#: How many of each card the game holds. The rulebook gives the kinds (13
#: water, 10 beans, 10 biscuits, 8 meat, 8 rum, 7 bananas) and says 10 of them
#: carry a pirate symbol, but not which: the split below is our assumption.
DECK_COMPOSITION: dict[str, int] = {
    "water": 11,
    "water_p": 2,
    "beans": 8,
    "beans_p": 2,
    "biscuits": 8,
    "biscuits_p": 2,
    "meat": 6,
    "meat_p": 2,
    "rum": 7,
    "rum_p": 1,
    "bananas": 6,
    "bananas_p": 1,
    "pirate2": 4,
    "pirate3": 3,
    "pirate4": 3,
}
CARD_CODES: tuple[str, ...] = tuple(DECK_COMPOSITION)
TOTAL_CARDS = 66

CARD_LABELS: dict[str, str] = {
    "water": _("water"),
    "water_p": _("water with a pirate symbol"),
    "beans": _("beans"),
    "beans_p": _("beans with a pirate symbol"),
    "biscuits": _("biscuits"),
    "biscuits_p": _("biscuits with a pirate symbol"),
    "meat": _("meat"),
    "meat_p": _("meat with a pirate symbol"),
    "rum": _("rum"),
    "rum_p": _("rum with a pirate symbol"),
    "bananas": _("bananas"),
    "bananas_p": _("bananas with a pirate symbol"),
    "pirate2": _("pirate 2"),
    "pirate3": _("pirate 3"),
    "pirate4": _("pirate 4"),
    "hidden": _("face-down pirate"),
}

KIND_LABELS: dict[str, str] = {kind: CARD_LABELS[kind] for kind in KINDS}


#: The colour dice faces as a box a third of the phone wide names them: the colour alone.
DIE_COLOUR_NAMES: dict[str, str] = {
    "blue": _("blue"),
    "green": _("green"),
    "white": _("white"),
    "red": _("red"),
    "black": _("black"),
    "yellow": _("yellow"),
}

#: Labels of the colour dice faces, with the provision each colour hits.
DIE_COLOUR_LABELS: dict[str, str] = {
    "blue": _("blue (water)"),
    "green": _("green (beans)"),
    "white": _("white (biscuits)"),
    "red": _("red (meat)"),
    "black": _("black (rum)"),
    "yellow": _("yellow (bananas)"),
}

assert sum(DECK_COMPOSITION.values()) == TOTAL_CARDS


def full_deck() -> list[str]:
    """All 66 cards, sorted."""
    return sorted(code for code, count in DECK_COMPOSITION.items() for _n in range(count))


def is_pirate(code: str) -> bool:
    """A pirate card (laid face down)."""
    return code in PIRATE_VALUES


def kind_of(code: str) -> str | None:
    """The provision kind of ``code``, or ``None`` for a pirate."""
    base = code.removesuffix(SYMBOL_SUFFIX)
    return base if base in KINDS else None


def _short_label(code: str) -> str | Msg:
    kind = kind_of(code)
    if kind is None or kind == code:
        return CARD_LABELS[code]
    return msg("%(kind)s ☠", kind=CARD_LABELS[kind])


#: A card as a box or a button a third of the phone wide names it (a hand, an exchange, a
#: draw, the cards lying out to lay): a provision with a pirate symbol as its kind and ☠,
#: since "biscuits with a pirate symbol" does not fit; the log names it in full.
SHORT_CARD_LABELS: dict[str, str | Msg] = {code: _short_label(code) for code in CARD_LABELS}


def attack_value(code: str) -> int:
    """What the card adds to a boarding roll: a pirate's value, 1 for a symbol."""
    if code in PIRATE_VALUES:
        return PIRATE_VALUES[code]
    return 1 if code.endswith(SYMBOL_SUFFIX) else 0


def take_cards(pile: list[str], cards: list[str]) -> list[str]:
    """``pile`` without ``cards`` (a multiset difference), or IllegalAction."""
    left = Counter(pile)
    for code in cards:
        if left[code] <= 0:
            label = CARD_LABELS.get(code, code) if isinstance(code, str) else str(code)
            raise IllegalAction(_("There is no %(card)s to take there."), card=label)
        left[code] -= 1
    return sorted(left.elements())


def add_cards(pile: list[str], cards: list[str]) -> list[str]:
    """``pile`` with ``cards`` added, sorted."""
    return sorted([*pile, *cards])
