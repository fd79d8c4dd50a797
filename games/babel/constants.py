"""The fixed facts of Babel: nations, cities, card counts and option keys."""

from __future__ import annotations

from games.i18n import _

# The five nations; each has a city of its colour on the board. Cities are
# keyed by the nation's slug, the figure's place is a slug or ``QUARRY``.
NATIONS: tuple[str, ...] = ("medes", "sumerians", "hittites", "persians", "assyrians")
QUARRY = "quarry"

NATION_NAMES: dict[str, str] = {
    "medes": _("Medes"),
    "sumerians": _("Sumerians"),
    "hittites": _("Hittites"),
    "persians": _("Persians"),
    "assyrians": _("Assyrians"),
}

CITY_NAMES: dict[str, str] = {
    "medes": _("Media"),
    "sumerians": _("Sumer"),
    "hittites": _("Hatti"),
    "persians": _("Persia"),
    "assyrians": _("Assyria"),
    QUARRY: _("the quarry"),
}

# "60 karet národů, po 12 kartách Médů, Sumerů, Chetitů, Peršanů a Asyřanů"
CARDS_PER_NATION = 12
NATION_CARDS = CARDS_PER_NATION * len(NATIONS)
STARTING_HAND = 5
NATION_DRAW = 3

# "45 chrámových karet ... 10× první patro, 9× druhé, 8× třetí, 7× čtvrté,
# 6× páté a 5× šesté" (the Russian list has a slip, see the rules README).
LEVELS: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
TEMPLE_CARDS_BY_LEVEL: dict[int, int] = {1: 10, 2: 9, 3: 8, 4: 7, 5: 6, 6: 5}
TEMPLE_CARDS = sum(TEMPLE_CARDS_BY_LEVEL.values())
TEMPLE_DRAW = 2

# End of game thresholds ("15 ... menší než 10 ... 20").
WIN_TOTAL = 15
SAFE_TOTAL = 10
FINAL_WIN_TOTAL = 20

# A run of this many cards of one nation enables an ability.
RUN_FOR_ABILITY = 3
# Migration always moves exactly this many cards.
MIGRATION_CARDS = 3
# A hand of this size or more is announced at the end of the turn.
ANNOUNCE_HAND = 4

# Build sources: the player's own starting level-1 card, or the last card of
# one of the two temple rows (row ``i`` lies on seat ``i``'s side).
SOURCE_START = "start"
ROW_SOURCES: tuple[str, ...] = ("row0", "row1")
SOURCES: tuple[str, ...] = (SOURCE_START, *ROW_SOURCES)

# Ability powers: the nation's own power, or "opponent discards half".
POWER_OWN = "own"
POWER_HALVE = "halve"

# Options.
OPT_HAND = "hand_tracking"
HAND_OFF = "off"
HAND_ON = "on"
OPT_SUMERIANS = "sumerians"
SUMERIANS_RUN = "run"  # Czech text: the same-colour run at the end of the row
SUMERIANS_NATION = "nation"  # Russian text: every card of the last card's nation
OPT_FINAL = "final_push"
FINAL_CZECH = "under10"  # Czech text: push the opponent under 10
FINAL_RUSSIAN = "under10_keep15"  # Russian text: ... while keeping 15 yourself

# Stages of a turn.
STAGE_DEAL = "deal"  # hand tracking: each seat enters its starting hand
STAGE_DRAW = "draw"
STAGE_ACTIONS = "actions"
STAGE_TEMPLE = "temple"
STAGE_OVER = "over"
