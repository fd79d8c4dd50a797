"""The inputs of the physical facts: dice, colours, ships, cards, the start player.

The phone's entry forms and the correction forms (``facts()``) use the same
fields, each labelled with what it is and, under it, the unit and the limits
the rules allow.
"""

from __future__ import annotations

from games.base import Field
from games.i18n import _, msg

from .cards import CARD_CODES, CARD_LABELS, DIE_COLOUR_LABELS, DIE_COLOURS, KINDS
from .setup import HAND_SIZE
from .ships import MAX_DEFENCE, MAX_NEED_PER_KIND, MAX_POINTS, SHIP_COLOUR_LABELS, SHIP_COLOURS

MAX_SEATS = 4

DIE_HELP = msg(_("Pips on the die: 1 to 6."))
NUMBER_DICE_FIELDS = (
    Field("die_1", _("First number die"), low=1, high=6, help=DIE_HELP),
    Field("die_2", _("Second number die"), low=1, high=6, help=DIE_HELP),
)
COLOUR_DICE_FIELDS = tuple(
    Field(
        f"colour_{number}",
        label,
        kind="choice",
        choices=tuple((colour, DIE_COLOUR_LABELS[colour]) for colour in DIE_COLOURS),
        help=msg(_("Each colour hits the provision of that colour.")),
    )
    for number, label in ((1, _("First colour die")), (2, _("Second colour die")))
)
#: The phone's ship entry: short labels in a compact grid; the choice's note explains them.
SHIP_FIELDS = (
    Field(
        "colour",
        _("Colour"),
        kind="choice",
        # starts empty like the card boxes: an untouched box is not a black ship
        choices=(
            ("", _("(choose)")),
            *((colour, SHIP_COLOUR_LABELS[colour]) for colour in SHIP_COLOURS),
        ),
        default="",
    ),
    Field("points", _("Points"), low=0, high=MAX_POINTS),
    Field("defence", _("Defence"), low=1, high=MAX_DEFENCE),
    *(
        Field(f"need_{kind}", CARD_LABELS[kind], low=0, high=MAX_NEED_PER_KIND, default=0)
        for kind in KINDS
    ),
)
#: The same facts in a correction form, one per line with the unit and the limits.
SHIP_FACT_FIELDS = (
    Field(
        "colour",
        _("Colour of the ship"),
        kind="choice",
        choices=tuple((colour, SHIP_COLOUR_LABELS[colour]) for colour in SHIP_COLOURS),
        help=msg(_("The colour on the edges of the ship card.")),
    ),
    Field(
        "points",
        _("Points"),
        low=0,
        high=MAX_POINTS,
        help=msg(_("Points in the top corners: 0 to %(high)s."), high=MAX_POINTS),
    ),
    Field(
        "defence",
        _("Defence"),
        low=1,
        high=MAX_DEFENCE,
        help=msg(_("The number at the bottom middle: 1 to %(high)s."), high=MAX_DEFENCE),
    ),
    *(
        Field(
            f"need_{kind}",
            msg(_("%(kind)s needed"), kind=CARD_LABELS[kind]),
            low=0,
            high=MAX_NEED_PER_KIND,
            default=0,
        )
        for kind in KINDS
    ),
)
CARD_SLOT_LABELS = (_("Card 1"), _("Card 2"), _("Card 3"), _("Card 4"), _("Card 5"), _("Card 6"))
CARD_FACT_FIELDS = tuple(
    Field(
        f"card_{number}",
        CARD_SLOT_LABELS[number - 1],
        kind="choice",
        choices=tuple((code, CARD_LABELS[code]) for code in CARD_CODES),
        help=msg(_("A card the deck still holds.")),
    )
    for number in range(1, HAND_SIZE + 1)
)
START_FIELD = Field(
    "player",
    _("Start player"),
    kind="choice",
    choices=tuple(
        (index, msg(_("Seat %(number)s"), number=index + 1)) for index in range(MAX_SEATS)
    ),
    seats=True,
    help=msg(_("The player whose token is highest on the scoring track (usually yellow).")),
)
