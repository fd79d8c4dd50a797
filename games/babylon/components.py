"""Babylon's components: flowers, materials, round tokens and the supply.

Everything here is data from the rulebook's component list ("HERNÍ
MATERIÁL") and set-up ("PŘÍPRAVA HRY"); the labels are marked for
translation.
"""

from __future__ import annotations

from games.i18n import _

# The four flowers of the player boards. The rulebook names only the white and
# the pink one (in its examples); the other two colours were in pictures, so
# their names here are only labels (see DECISIONS.md).
FLOWERS: tuple[str, ...] = ("white", "pink", "yellow", "blue")
FLOWER_LABELS: dict[str, str] = {
    "white": _("white flower"),
    "pink": _("pink flower"),
    "yellow": _("yellow flower"),
    "blue": _("blue flower"),
}

# Quarry layers, bottom first: "16 čedičových dílků na dno lomu", then granite,
# then clay on top.
MATERIALS: tuple[str, ...] = ("basalt", "granite", "clay")
START_TILE = "start"
MATERIAL_LABELS: dict[str, str] = {
    "basalt": _("basalt"),
    "granite": _("granite"),
    "clay": _("clay"),
    START_TILE: _("start tile"),
}
# "Na hliněných dílcích jsou 2 symboly dekorací, na žulových 3 a na čedičových 4."
# The start tile's symbols were only in a picture; a tile has 4 spaces, so 4 is
# the bound we can check.
SYMBOLS_ON: dict[str, int] = {"clay": 2, "granite": 3, "basalt": 4, START_TILE: 4}

QUARRY_SIDE = 4
QUARRY_PLACES = QUARRY_SIDE * QUARRY_SIDE
TILES_PER_LAYER = QUARRY_PLACES
QUARRY_TILES = TILES_PER_LAYER * len(MATERIALS)  # 48 tiles

# Rounds and round tokens by player count: "14/12/10 ... ve 2/3/4 hráčích",
# "15 kol ve hře 2 hráčů, 13 kol ve hře 3 hráčů a 11 kol ve hře 4 hráčů".
ROUND_TOKENS: dict[int, int] = {2: 14, 3: 12, 4: 10}
ROUNDS: dict[int, int] = {2: 15, 3: 13, 4: 11}
# "Ve hře 3 hráčů odeberte z lomu 3 hliněné dílky ... Ve hře 2 hráčů ... 6".
CLAY_REMOVED: dict[int, int] = {2: 6, 3: 3, 4: 0}

# The faces of the round tokens ("Zvláštní efekty žetonů kol"). A token may
# also have no effect ("Pokud je na žetonu kola zvláštní efekt ...").
EFFECT_SINGLE = "single_pillar"
EFFECT_DOUBLE = "double_pillar"
EFFECT_CHANGE_SYMBOL = "change_symbol"
EFFECT_ADD_SYMBOL = "add_symbol"
EFFECT_FLOWER_TWO = "flower_two"
EFFECT_ONE_FEWER = "one_fewer"
EFFECT_NONE = "none"
EFFECTS: tuple[str, ...] = (
    EFFECT_SINGLE,
    EFFECT_DOUBLE,
    EFFECT_CHANGE_SYMBOL,
    EFFECT_ADD_SYMBOL,
    EFFECT_FLOWER_TWO,
    EFFECT_ONE_FEWER,
    EFFECT_NONE,
)
EFFECT_LABELS: dict[str, str] = {
    EFFECT_SINGLE: _("Take 1 single pillar from the supply."),
    EFFECT_DOUBLE: _("Take 1 double pillar from the supply."),
    EFFECT_CHANGE_SYMBOL: _("You may change 1 symbol on the tile you just placed."),
    EFFECT_ADD_SYMBOL: _("You may turn 1 blank space on the tile you just placed into any symbol."),
    EFFECT_FLOWER_TWO: _("A matching flower gives 2 single pillars instead of 1."),
    EFFECT_ONE_FEWER: _("Taking a tile from the quarry gives 1 single pillar fewer."),
    EFFECT_NONE: _("No special effect."),
}
# The box holds 14 round tokens; their faces were printed only in pictures.
# When the app draws a token it assumes two of each of the seven faces
# (see DECISIONS.md); a table that enters its tokens may enter any face.
TOKEN_BOX: dict[str, int] = {effect: 2 for effect in EFFECTS}

# Decorations ("schodiště, fontánu, lávku nebo sochu") and the viewpoint.
STATUE = "statue"
FOUNTAIN = "fountain"
BRIDGE = "bridge"
STAIRS = "stairs"
VIEWPOINT = "viewpoint"
DECORATIONS: tuple[str, ...] = (STATUE, FOUNTAIN, BRIDGE, STAIRS)
DECORATION_LABELS: dict[str, str] = {
    STATUE: _("statue"),
    FOUNTAIN: _("fountain"),
    BRIDGE: _("bridge"),
    STAIRS: _("stairs"),
    VIEWPOINT: _("viewpoint"),
}

# The supply from the component list.
SINGLE = "single"
DOUBLE = "double"
SUPPLY: dict[str, int] = {
    SINGLE: 148,
    DOUBLE: 60,
    VIEWPOINT: 38,
    STAIRS: 15,
    FOUNTAIN: 15,
    STATUE: 38,
    BRIDGE: 15,
}

# "V úložné oblasti se může nacházet až 6 jednoduchých sloupů, ale žádné
# dvojité sloupy."
STORAGE_SINGLES = 6
# "Stavební oblast obsahuje 64 otvorů".
BOARD_HOLES = 64
# A first-floor tile rests on the board over four holes (a 2 x 2 square of them).
HOLES_PER_TILE = 4
# A bound for entry fields; 52 tiles cannot make a much higher garden in practice.
MAX_FLOOR = 12
MAX_COUNT = 52
