"""Every Störtebeker entry declared once (issue 21): its values, which of them are facts
seen on the table (dice, ships, cards drawn, the start player), its log line, its steps
and its handler. The correction forms, the log, the keys an entry may carry and the
engine's dispatch come from here (``games.moves``).

Ships are named in the log by colour and points (``seen`` in the entry: no number is
printed on the board); an entry sent without ``seen`` (a script) says "a ship".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.base import Action, State
from games.i18n import _, msg, ngettext
from games.moves import (
    Count,
    Handler,
    Kind,
    Line,
    Move,
    Moves,
    Number,
    OneOf,
    Param,
    Seat,
    Slots,
    Tally,
    Where,
)

from . import battle, entries, plays
from .cards import (
    CARD_CODES,
    CARD_LABELS,
    DIE_COLOUR_LABELS,
    DIE_COLOUR_NAMES,
    DIE_COLOURS,
    KINDS,
    SHORT_CARD_LABELS,
)
from .flow import cards_to_draw
from .seen import seen_ship
from .setup import HAND_SIZE
from .ships import MAX_DEFENCE, MAX_NEED_PER_KIND, MAX_POINTS, SHIP_COLOUR_LABELS, SHIP_COLOURS

MAX_SEATS = 4
MAX_SLOTS = 4  # sea places: 3 or 4 ships at sea
CARD_SLOT_LABELS = (_("Card 1"), _("Card 2"), _("Card 3"), _("Card 4"), _("Card 5"), _("Card 6"))
PICK = _("(choose)")


ANY_CARD = tuple((code, SHORT_CARD_LABELS[code]) for code in CARD_CODES)


def seatless(handler: Callable[[State, Action], None]) -> Handler:
    """A rule module's handler, which finds the acting seat in the entry itself."""
    return lambda state, seat, action: handler(state, action)


@dataclass(frozen=True)
class SeenShip(Kind):
    """The ship an entry concerns, as the phone showed it (``seen``): the log names it by
    colour and points. Never asked: the phone sends it with the entry."""

    def fields(self, param: Param, where: Where | None, action: Action) -> tuple[()]:
        return ()

    def shown(self, param: Param, action: Action) -> dict[str, Any]:
        ship = seen_ship(action)
        colour = ship.get("colour") if ship else None
        if ship and isinstance(colour, str) and colour in SHIP_COLOUR_LABELS:
            return {"colour": SHIP_COLOUR_LABELS[colour], "points": ship["points"]}
        return {}


def named(action: Action) -> bool:
    """Whether the entry names its ship (a script's entry may not)."""
    return bool(SeenShip().shown(SEEN, action))


def drawn(action: Action) -> int | None:
    """How many cards a draw entry holds, if it says."""
    numbered = [n for n in range(1, HAND_SIZE + 1) if action.get(f"card_{n}") not in (None, "")]
    if numbered:
        return len(numbered)
    cards = action.get("cards")
    return len(cards) if isinstance(cards, list) else None


def drawn_count(where: Where | None, action: Action) -> int:
    """The cards of a draw: as many as the entry holds, else as many as the seat draws in
    ``where`` (6 when neither is known)."""
    count = drawn(action)
    if count is not None and 0 < count <= HAND_SIZE:
        return count
    return cards_to_draw(where.state) if where is not None else HAND_SIZE


def ship_lines(
    counted: Callable[..., Any], unnamed: str, test: Callable[[Action], bool] | None = None
) -> tuple[Line, Line]:
    """The line naming the ship, its points counted, and the line for an unnamed ship (for
    the entries that pass ``test``)."""
    both = test or (lambda action: True)
    return (
        Line(counted, count="points", test=lambda action: both(action) and named(action)),
        Line(unnamed, test=both),
    )


def pirate(action: Action) -> bool:
    """A pirate is laid face down: the log does not say which."""
    return str(action.get("card")).startswith("pirate")


SEEN = Param("seen", _("Ship"), SeenShip())
SLOT = Param("ship", _("Ship"), Number(0, MAX_SLOTS - 1))
CARD = Param(
    "card",
    _("Card"),
    OneOf(tuple(SHORT_CARD_LABELS.items()), names=tuple(CARD_LABELS.items())),
)
DICE = Param(
    "dice",
    _("Number dice"),
    Tally((("die_1", _("First number die")), ("die_2", _("Second number die"))), 1, 6, None),
    fact=True,
    help=_("Pips on the die: 1 to 6."),
)
COLOURS = tuple(
    Param(
        f"colour_{number}",
        label,
        # The box names the colour alone ("white (biscuits)" does not fit a third of the
        # phone; the help says which provision a colour hits), the log its provision too.
        OneOf(
            tuple((colour, DIE_COLOUR_NAMES[colour]) for colour in DIE_COLOURS),
            names=tuple((colour, DIE_COLOUR_LABELS[colour]) for colour in DIE_COLOURS),
        ),
        fact=True,
        help=_("Each colour hits the provision of that colour."),
        short={f"colour_{number}": short},  # a shot's compact form
    )
    for number, label, short in (
        (1, _("First colour die"), _("Colour 1")),
        (2, _("Second colour die"), _("Colour 2")),
    )
)
CARDS = Param(
    "cards",
    _("Cards"),
    Slots("card", CARD_SLOT_LABELS, ANY_CARD, prompt=PICK),
    fact=True,
    help=_("A card the deck still holds."),
)

MOVES = Moves(
    (
        Move(
            "ship",
            ("setup", "reveal"),
            (
                Param(
                    "colour",
                    _("Colour of the ship"),
                    OneOf(
                        tuple((colour, SHIP_COLOUR_LABELS[colour]) for colour in SHIP_COLOURS),
                        prompt=PICK,
                    ),
                    fact=True,
                    help=_("The colour on the edges of the ship card."),
                    short={"colour": _("Colour")},
                ),
                Param(
                    "points",
                    _("Points"),
                    Count(0, MAX_POINTS),
                    fact=True,
                    help=_("Points in the top corners: 0 to %(high)s."),
                ),
                Param(
                    "defence",
                    _("Defence"),
                    Count(1, MAX_DEFENCE),
                    fact=True,
                    help=_("The number at the bottom middle: 1 to %(high)s."),
                ),
                Param(
                    "needs",
                    _("Provisions needed"),
                    Tally(
                        tuple(
                            (f"need_{kind}", msg(_("%(kind)s needed"), kind=CARD_LABELS[kind]))
                            for kind in KINDS
                        ),
                        0,
                        MAX_NEED_PER_KIND,
                    ),
                    fact=True,
                    short={f"need_{kind}": CARD_LABELS[kind] for kind in KINDS},
                ),
            ),
            (
                Line(
                    lambda n, **args: ngettext(
                        "A %(colour)s ship worth %(points)s point with defence %(defence)s "
                        "came into view.",
                        "A %(colour)s ship worth %(points)s points with defence %(defence)s "
                        "came into view.",
                        n,
                        **args,
                    ),
                    count="points",
                ),
            ),
            seatless(entries.enter_ship),
            carried=frozenset({"needs"}),
        ),
        Move(
            "hand",
            "setup",
            (CARDS,),
            (Line(_("A hand of 6 cards was entered.")),),
            seatless(entries.enter_hand),
            carried=frozenset({"by_app", "cards"}),
        ),
        Move(
            "start",
            "setup",
            (
                Param(
                    "player",
                    _("Start player"),
                    Seat(MAX_SEATS),
                    fact=True,
                    help=_(
                        "The player whose token is highest on the scoring track (usually yellow)."
                    ),
                    arg="number",
                ),
            ),
            (Line(_("Entered seat %(number)s as the start player.")),),
            seatless(entries.enter_start),
        ),
        Move(
            "lay",
            "play",
            (SLOT, CARD, SEEN),
            (
                *ship_lines(
                    lambda n, **args: ngettext(
                        "Laid a face-down pirate at the %(colour)s ship (%(points)s point).",
                        "Laid a face-down pirate at the %(colour)s ship (%(points)s points).",
                        n,
                        **args,
                    ),
                    _("Laid a face-down pirate at a ship."),
                    pirate,
                ),
                *ship_lines(
                    lambda n, **args: ngettext(
                        "Laid %(card)s at the %(colour)s ship (%(points)s point).",
                        "Laid %(card)s at the %(colour)s ship (%(points)s points).",
                        n,
                        **args,
                    ),
                    _("Laid %(card)s at a ship."),
                ),
            ),
            seatless(plays.lay),
        ),
        Move(
            "exchange",
            "play",
            (
                Param(
                    "discard",
                    _("Discard"),
                    Slots("discard", (_("Discard 1"), _("Discard 2"), _("Discard 3")), ANY_CARD),
                ),
                Param(
                    "take",
                    _("Take"),
                    Slots("take", (_("Take 1 (optional)"), _("Take 2 (optional)")), ANY_CARD),
                ),
            ),
            (Line(_("Exchanged cards with the discard pile.")),),
            seatless(plays.exchange),
            carried=frozenset({"discard", "take"}),
        ),
        Move(
            "fire",
            "play",
            (SLOT, CARD, SEEN, *COLOURS),
            ship_lines(
                lambda n, **args: ngettext(
                    "Fired the cannons at the %(colour)s ship (%(points)s point).",
                    "Fired the cannons at the %(colour)s ship (%(points)s points).",
                    n,
                    **args,
                ),
                _("Fired the cannons at a ship."),
            ),
            seatless(plays.fire),
            carried=frozenset({"by_app", "colours"}),
        ),
        Move(
            "steal",
            "steal",
            (Param("victim", _("Player"), Seat(MAX_SEATS)), CARD),
            (Line(_("Took %(card)s with the cannons.")),),
            seatless(plays.steal),
        ),
        Move(
            "board",
            "board",
            (SLOT, SEEN, DICE),
            ship_lines(
                lambda n, **args: ngettext(
                    "Boarded the %(colour)s ship (%(points)s point).",
                    "Boarded the %(colour)s ship (%(points)s points).",
                    n,
                    **args,
                ),
                _("Boarded a ship."),
            ),
            seatless(battle.board),
            carried=frozenset({"by_app", "dice"}),
        ),
        Move(
            "stop",
            "board",
            (),
            (Line(_("Boarded no more ships.")),),
            seatless(battle.stop_boarding),
        ),
        Move(
            "penalty",
            "penalty",
            (SEEN, *COLOURS),
            ship_lines(
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
            seatless(battle.penalty),
            carried=frozenset({"by_app", "colours"}),
        ),
        Move(
            "counter",
            "counter",
            (
                SEEN,
                DICE,
                Param("added", _("Cards added"), Slots("card", CARD_SLOT_LABELS[:3], ANY_CARD)),
            ),
            ship_lines(
                lambda n, **args: ngettext(
                    "Counter-attacked at the %(colour)s ship (%(points)s point).",
                    "Counter-attacked at the %(colour)s ship (%(points)s points).",
                    n,
                    **args,
                ),
                _("Counter-attacked."),
            ),
            seatless(battle.counter),
            carried=frozenset({"by_app", "dice", "cards"}),
        ),
        Move(
            "decline",
            "counter",
            (),
            (Line(_("Let the counter-attack pass.")),),
            seatless(battle.decline),
        ),
        Move(
            "draw",
            "draw",
            (
                Param(
                    "cards",
                    _("Cards"),
                    Slots("card", CARD_SLOT_LABELS, ANY_CARD, count=drawn_count, prompt=PICK),
                    fact=True,
                    help=_("A card the deck still holds."),
                ),
            ),
            (
                Line(
                    _("Drew cards (the app drew them)."),
                    test=lambda action: action.get("by_app") is True or drawn(action) is None,
                ),
                Line(
                    lambda n, **args: ngettext(
                        "Drew %(count)s card.", "Drew %(count)s cards.", n, **args
                    ),
                    count="count",
                    extra=lambda action: {"count": drawn(action)},
                ),
            ),
            seatless(entries.draw),
            carried=frozenset({"by_app", "cards"}),
        ),
    )
)
