"""One log line per entry: what was done and which ship or card it concerns.

The platform puts the player's name in front. Ships are named by colour and
points (``seen`` in the entry: no number is printed on the board); an entry
sent without ``seen`` (a script) says "a ship".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.base import Action
from games.i18n import Msg, _, msg, ngettext

from .cards import CARD_LABELS
from .seen import seen_ship
from .ships import SHIP_COLOUR_LABELS

#: Per entry type: the line with the ship named, its points counted ("1 point", "5 points":
#: one ``ngettext`` with its texts written out, so that makemessages files the pair), and
#: the line without.
SHIP_LINES: dict[str, tuple[Callable[..., Msg], str]] = {
    "lay": (
        lambda n, **args: ngettext(
            "Laid %(card)s at the %(colour)s ship (%(points)s point).",
            "Laid %(card)s at the %(colour)s ship (%(points)s points).",
            n,
            **args,
        ),
        _("Laid %(card)s at a ship."),
    ),
    "lay_pirate": (
        lambda n, **args: ngettext(
            "Laid a face-down pirate at the %(colour)s ship (%(points)s point).",
            "Laid a face-down pirate at the %(colour)s ship (%(points)s points).",
            n,
            **args,
        ),
        _("Laid a face-down pirate at a ship."),
    ),
    "fire": (
        lambda n, **args: ngettext(
            "Fired the cannons at the %(colour)s ship (%(points)s point).",
            "Fired the cannons at the %(colour)s ship (%(points)s points).",
            n,
            **args,
        ),
        _("Fired the cannons at a ship."),
    ),
    "board": (
        lambda n, **args: ngettext(
            "Boarded the %(colour)s ship (%(points)s point).",
            "Boarded the %(colour)s ship (%(points)s points).",
            n,
            **args,
        ),
        _("Boarded a ship."),
    ),
    "counter": (
        lambda n, **args: ngettext(
            "Counter-attacked at the %(colour)s ship (%(points)s point).",
            "Counter-attacked at the %(colour)s ship (%(points)s points).",
            n,
            **args,
        ),
        _("Counter-attacked."),
    ),
    "penalty": (
        lambda n, **args: ngettext(
            "Rolled the colour dice for the failed boarding of the %(colour)s ship "
            "(%(points)s point).",
            "Rolled the colour dice for the failed boarding of the %(colour)s ship "
            "(%(points)s points).",
            n,
            **args,
        ),
        _("Rolled the colour dice for the failed boarding."),
    ),
}


def _count(value: Any) -> int:
    """A ship's points as the count of its line; odd data (no number) takes the plural."""
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _card(action: Action) -> str:
    card = action.get("card")
    return CARD_LABELS.get(card, "?") if isinstance(card, str) else "?"


def _about_ship(line: str, action: Action, **args: Any) -> Msg:
    named, unnamed = SHIP_LINES[line]
    ship = seen_ship(action)
    colour = ship.get("colour") if ship else None
    if ship and isinstance(colour, str) and colour in SHIP_COLOUR_LABELS:
        points = ship["points"]
        return named(_count(points), colour=SHIP_COLOUR_LABELS[colour], points=points, **args)
    return msg(unnamed, **args)


def _drawn(action: Action) -> int | None:
    numbered = [n for n in range(1, 7) if action.get(f"card_{n}") not in (None, "")]
    if numbered:
        return len(numbered)
    cards = action.get("cards")
    return len(cards) if isinstance(cards, list) else None


def describe_action(action: Action) -> Msg:
    """A readable line for an entry already accepted (robust to odd data)."""
    kind = action.get("type")
    if kind == "ship":
        colour = action.get("colour")
        points = action.get("points", "?")
        return ngettext(
            "A %(colour)s ship worth %(points)s point with defence %(defence)s came into view.",
            "A %(colour)s ship worth %(points)s points with defence %(defence)s came into view.",
            _count(points),
            colour=SHIP_COLOUR_LABELS.get(colour, "?") if isinstance(colour, str) else "?",
            points=points,
            defence=action.get("defence", "?"),
        )
    if kind == "start":
        player = action.get("player")
        number = player + 1 if isinstance(player, int) and not isinstance(player, bool) else "?"
        return msg(_("Entered seat %(number)s as the start player."), number=number)
    if kind == "hand":
        return msg(_("A hand of 6 cards was entered."))
    if kind == "lay":
        if str(action.get("card")).startswith("pirate"):
            return _about_ship("lay_pirate", action)
        return _about_ship("lay", action, card=_card(action))
    if kind in ("fire", "board", "counter", "penalty"):
        return _about_ship(kind, action)
    if kind == "exchange":
        return msg(_("Exchanged cards with the discard pile."))
    if kind == "steal":
        return msg(_("Took %(card)s with the cannons."), card=_card(action))
    if kind == "stop":
        return msg(_("Boarded no more ships."))
    if kind == "decline":
        return msg(_("Let the counter-attack pass."))
    if kind == "draw":
        count = _drawn(action)
        if action.get("by_app") is True or count is None:
            return msg(_("Drew cards (the app drew them)."))
        return ngettext("Drew %(count)s card.", "Drew %(count)s cards.", count)
    return msg("%(type)s", type=str(kind))
