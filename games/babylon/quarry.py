"""The quarry: 16 places in a 4x4 grid, each a stack of up to three tiles.

A place is numbered ``row * 4 + column`` (0..15). Its stack lists the
materials bottom first, so a full place is ``["basalt", "granite", "clay"]``
and the layer of the visible tile is ``len(stack) - 1`` (0 = basalt).
"""

from __future__ import annotations

from typing import TypedDict

from games.babylon.components import MATERIALS, QUARRY_PLACES, QUARRY_SIDE

Quarry = list[list[str]]

# Why an edge of a taken tile gives a pillar; the names match the rulebook's
# three reasons ("sousedí s viditelným dílkem ve stejné nebo nižší vrstvě",
# "sousedí s okrajem lomu", "sousedí se dnem lomu").
EDGE_WALL = "wall"
EDGE_FLOOR = "floor"
EDGE_SAME = "same"
EDGE_LOWER = "lower"
EDGE_HIGHER = "higher"
PAYING_EDGES = (EDGE_WALL, EDGE_FLOOR, EDGE_SAME, EDGE_LOWER)


class Extraction(TypedDict):
    """What taking the visible tile of one place is worth before the flower."""

    place: int
    material: str
    edges: list[str]
    pillars: int


def full_quarry() -> Quarry:
    """The quarry as the set-up builds it: basalt, granite, clay in every place."""
    return [list(MATERIALS) for _place in range(QUARRY_PLACES)]


def row_column(place: int) -> tuple[int, int]:
    """The row and column (both 0-based) of ``place``."""
    return divmod(place, QUARRY_SIDE)


def neighbours(place: int) -> list[int | None]:
    """The places across the four edges of ``place``; ``None`` is the quarry wall."""
    row, column = row_column(place)
    result: list[int | None] = []
    for d_row, d_column in ((-1, 0), (0, 1), (1, 0), (0, -1)):
        r, c = row + d_row, column + d_column
        inside = 0 <= r < QUARRY_SIDE and 0 <= c < QUARRY_SIDE
        result.append(r * QUARRY_SIDE + c if inside else None)
    return result


def visible_material(quarry: Quarry, place: int) -> str | None:
    """The material of the visible (top) tile of ``place``, ``None`` if empty."""
    stack = quarry[place]
    return stack[-1] if stack else None


def edge_kind(quarry: Quarry, place: int, neighbour: int | None) -> str:
    """What lies across one edge of the visible tile of ``place``."""
    if neighbour is None:
        return EDGE_WALL
    their_layer = len(quarry[neighbour]) - 1
    if their_layer < 0:
        return EDGE_FLOOR
    my_layer = len(quarry[place]) - 1
    if their_layer == my_layer:
        return EDGE_SAME
    return EDGE_LOWER if their_layer < my_layer else EDGE_HIGHER


def extraction(quarry: Quarry, place: int) -> Extraction:
    """The pillars the edges of the visible tile of ``place`` give.

    One single pillar per edge next to a visible tile in the same or a lower
    layer, next to the quarry wall or next to the quarry floor. The flower
    and the round token are added by the turn (they depend on the player).
    """
    material = visible_material(quarry, place)
    if material is None:
        raise ValueError(f"place {place} is empty")
    edges = [edge_kind(quarry, place, other) for other in neighbours(place)]
    return {
        "place": place,
        "material": material,
        "edges": edges,
        "pillars": sum(1 for kind in edges if kind in PAYING_EDGES),
    }


def tiles_left(quarry: Quarry) -> int:
    """How many tiles the quarry still holds."""
    return sum(len(stack) for stack in quarry)
