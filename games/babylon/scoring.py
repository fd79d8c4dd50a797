"""The final scoring ("Závěrečné hodnocení") of one garden.

Both modes feed the same function: the tracked game turns a board into a
:data:`Garden` (only what is still visible), the "final scoring only" mode
lets each player enter that garden floor by floor.

A garden is a list of floors, index 0 being the first floor; each floor is
``{"flowers": {flower: tiles}, "statue": n, "fountain": n, "bridge": n,
"viewpoint": n, "stairs": n}`` where ``stairs`` counts the stairs between
this floor and the one above.
"""

from __future__ import annotations

from typing import Any

from games.babylon.components import (
    BRIDGE,
    DECORATIONS,
    FLOWERS,
    FOUNTAIN,
    STAIRS,
    STATUE,
    VIEWPOINT,
)
from games.base import Score
from games.i18n import _

Floor = dict[str, Any]
Garden = list[Floor]

CATEGORY_STATUES = _("Statues")
CATEGORY_FOUNTAINS = _("Fountains")
CATEGORY_BRIDGES = _("Bridges")
CATEGORY_STAIRS = _("Stairs")
CATEGORY_DECORATION_SETS = _("Sets of four decorations")
CATEGORY_FLOWER_SETS = _("Sets of four flowers")
CATEGORY_VIEWPOINTS = _("Viewpoints")
CATEGORY_HIGHEST = _("Highest point")

FLOOR_COUNTS: tuple[str, ...] = (STATUE, FOUNTAIN, BRIDGE, VIEWPOINT, STAIRS)


def empty_floor() -> Floor:
    """A floor with nothing on it."""
    floor: Floor = {"flowers": {flower: 0 for flower in FLOWERS}}
    floor.update({kind: 0 for kind in FLOOR_COUNTS})
    return floor


def tiles_on(floor: Floor) -> int:
    """The visible tiles of one floor."""
    return sum(floor["flowers"].values())


def highest_floor(garden: Garden) -> int:
    """The highest floor (1-based) with a visible tile, 0 for an empty garden."""
    return max((number for number, floor in enumerate(garden, 1) if tiles_on(floor)), default=0)


def score_garden(garden: Garden) -> Score:
    """The points of a visible garden, category by category."""
    statues = fountains = bridges = stairs = viewpoints = 0
    counts = {kind: 0 for kind in DECORATIONS}
    flowers = {flower: 0 for flower in FLOWERS}
    for number, floor in enumerate(garden, 1):
        # "Každá socha má hodnotu 1 VB vynásobeno patrem"
        statues += number * floor[STATUE]
        # "Každá fontána má hodnotu 3 VB vynásobeno patrem"
        fountains += 3 * number * floor[FOUNTAIN]
        # "Každá lávka má hodnotu 3 VB vynásobeno patrem"
        bridges += 3 * number * floor[BRIDGE]
        # "součtu pater, která spojuje": floor n and n + 1.
        stairs += (number + number + 1) * floor[STAIRS]
        # "Každá vyhlídka má hodnotu 1 VB (bez ohledu na patro)"
        viewpoints += floor[VIEWPOINT]
        for kind in DECORATIONS:
            counts[kind] += floor[kind]
        for flower in FLOWERS:
            flowers[flower] += floor["flowers"][flower]
    breakdown = {
        CATEGORY_STATUES: statues,
        CATEGORY_FOUNTAINS: fountains,
        CATEGORY_BRIDGES: bridges,
        CATEGORY_STAIRS: stairs,
        CATEGORY_DECORATION_SETS: 4 * min(counts.values()),
        CATEGORY_FLOWER_SETS: 4 * min(flowers.values()),
        CATEGORY_VIEWPOINTS: viewpoints,
        CATEGORY_HIGHEST: 2 * highest_floor(garden),
    }
    return {"total": sum(breakdown.values()), "breakdown": breakdown}


def ranking(totals: list[int], holes: list[int]) -> list[list[int]]:
    """Seats grouped best first: most points, then fewest visible holes.

    "V případě shody vítězí hráč s největší plochou zahrady (... zvítězí, kdo
    jich má nejméně). Pokud shoda stále není vyřešena, hráči ve shodě
    vítězství sdílí."
    """
    keys = sorted({(-totals[seat], holes[seat]) for seat in range(len(totals))})
    return [
        [seat for seat in range(len(totals)) if (-totals[seat], holes[seat]) == key] for key in keys
    ]
