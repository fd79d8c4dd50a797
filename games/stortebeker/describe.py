"""One log line per entry."""

from __future__ import annotations

from games.base import Action
from games.i18n import Msg, _, msg

from .cards import CARD_LABELS
from .ships import SHIP_COLOUR_LABELS


def describe_action(action: Action) -> Msg:
    """A readable line for an entry already accepted (robust to odd data)."""
    kind = action.get("type")
    place = action.get("ship")
    place_number = place + 1 if isinstance(place, int) and not isinstance(place, bool) else "?"
    if kind == "ship":
        colour = action.get("colour")
        return msg(
            _("A %(colour)s ship worth %(points)s points with defence %(defence)s came into view."),
            colour=SHIP_COLOUR_LABELS.get(colour, "?") if isinstance(colour, str) else "?",
            points=action.get("points", "?"),
            defence=action.get("defence", "?"),
        )
    if kind == "start":
        player = action.get("player")
        number = player + 1 if isinstance(player, int) and not isinstance(player, bool) else "?"
        return msg(_("Entered seat %(number)s as the start player."), number=number)
    if kind == "hand":
        return msg(_("A hand of 6 cards was entered."))
    if kind == "lay":
        card = action.get("card")
        if str(card).startswith("pirate"):
            return msg(_("Laid a face-down pirate at ship %(number)s."), number=place_number)
        return msg(
            _("Laid %(card)s at ship %(number)s."),
            card=CARD_LABELS.get(card, "?") if isinstance(card, str) else "?",
            number=place_number,
        )
    if kind == "exchange":
        return msg(_("Exchanged cards with the discard pile."))
    if kind == "fire":
        return msg(_("Fired the cannons at ship %(number)s."), number=place_number)
    if kind == "steal":
        card = action.get("card")
        return msg(
            _("Took %(card)s."), card=CARD_LABELS.get(card, "?") if isinstance(card, str) else "?"
        )
    if kind == "board":
        return msg(_("Boarded ship %(number)s."), number=place_number)
    if kind == "stop":
        return msg(_("Boarded no more ships."))
    if kind == "penalty":
        return msg(_("Rolled the colour dice for the failed boarding."))
    if kind == "counter":
        return msg(_("Counter-attacked."))
    if kind == "decline":
        return msg(_("Let the counter-attack pass."))
    if kind == "draw":
        return msg(_("Drew cards."))
    return msg("%(type)s", type=str(kind))
