"""A player's board in the tracked game: tiles, decorations, storage.

A board is JSON data::

    {"flower": "white", "stored": {"material": "start", "flower": "white"},
     "singles": 0,                       # single pillars in storage
     "tiles": [{"id": "t0", "floor": 1, "flower": ..., "material": ...,
                "covered": False}],
     "decorations": [{"id": "d0", "kind": "statue", "floor": 1,
                      "covered": False}],   # stairs: floor = the lower floor
     "pillars": {"single": 0, "double": 0},  # pillars built into the garden
     "holes": None, "confirmed": False,
     "garden": None}                     # the entered garden (scoring only)

``covered`` marks a tile or decoration nothing of which can be seen any
more from above (it scores nothing), including a statue used as a pillar.
"""

from __future__ import annotations

from typing import Any

from games.babylon.components import START_TILE
from games.babylon.scoring import Garden, empty_floor

Board = dict[str, Any]


def new_board(flower: str | None) -> Board:
    """A board before the first turn, its start tile in the storage slot."""
    return {
        "flower": flower,
        "stored": {"material": START_TILE, "flower": flower} if flower else None,
        "singles": 0,
        "tiles": [],
        "decorations": [],
        "pillars": {"single": 0, "double": 0},
        "holes": None,
        "confirmed": False,
        "garden": None,
    }


def highest_built_floor(board: Board) -> int:
    """The highest floor with a tile, covered or not (0: nothing built)."""
    return max((tile["floor"] for tile in board["tiles"]), default=0)


def tiles_on_floor(board: Board, floor: int) -> list[dict[str, Any]]:
    """The tiles built on ``floor`` that can still be seen."""
    return [t for t in board["tiles"] if t["floor"] == floor and not t["covered"]]


def visible_decorations(board: Board, kind: str, floor: int) -> list[dict[str, Any]]:
    """The decorations of ``kind`` on ``floor`` that can still be seen."""
    return [
        d
        for d in board["decorations"]
        if d["kind"] == kind and d["floor"] == floor and not d["covered"]
    ]


def next_id(board: Board, prefix: str) -> str:
    """A fresh id for a tile (``t``) or a decoration (``d``) of this board."""
    items = board["tiles"] if prefix == "t" else board["decorations"]
    return f"{prefix}{len(items)}"


def visible_garden(board: Board) -> Garden:
    """What the final scoring sees: the tiles and decorations not covered."""
    if board["garden"] is not None:
        return board["garden"]
    # Every decoration lies on a tile, so the tiles give the garden's height.
    top = highest_built_floor(board)
    garden = [empty_floor() for _floor in range(top)]
    for tile in board["tiles"]:
        if not tile["covered"]:
            garden[tile["floor"] - 1]["flowers"][tile["flower"]] += 1
    for decoration in board["decorations"]:
        if not decoration["covered"]:
            garden[decoration["floor"] - 1][decoration["kind"]] += 1
    return garden
