"""The end of the game: what is still visible, and the visible holes.

In the tracked game each player marks what has been covered completely and
enters the visible holes. In the "final scoring only" mode each player
enters the visible garden floor by floor instead.
"""

from __future__ import annotations

from typing import Any

from games.babylon.components import (
    BOARD_HOLES,
    FLOWERS,
    HOLES_PER_TILE,
    MAX_COUNT,
    MAX_FLOOR,
    STAIRS,
)
from games.babylon.garden import highest_built_floor
from games.babylon.preparation import STEP_OVER
from games.babylon.scoring import FLOOR_COUNTS, Garden, empty_floor, tiles_on
from games.base import IllegalAction, int_arg, require
from games.i18n import _

State = dict[str, Any]


def all_confirmed(state: State) -> bool:
    """Whether every player has confirmed the garden."""
    return all(board["confirmed"] for board in state["boards"])


def confirm_covered(state: State, seat: int, action: dict[str, Any]) -> None:
    """Mark what is covered completely and enter the visible holes.

    "Získáte vítězné body (VB) za každý zcela nebo částečně viditelný dílek
    terasy a dekoraci. Za zcela zakryté dílky a dekorace žádné VB nezískáte."
    """
    board = state["boards"][seat]
    covered = action.get("covered", [])
    require(isinstance(covered, list), _("List the covered pieces."))
    items = {item["id"]: item for item in board["tiles"] + board["decorations"]}
    for item_id in covered:
        require(
            isinstance(item_id, str) and item_id in items,
            _("%(item)s is not a piece of your garden."),
            item=str(item_id),
        )
    require(len(set(covered)) == len(covered), _("A piece is listed twice."))
    top = highest_built_floor(board)
    for item_id in covered:
        require(
            piece_top_floor(items[item_id]) < top,
            _("A piece on the top floor (%(floor)s) cannot be covered: nothing lies above it."),
            floor=top,
        )
    # The pieces the phone asked about (kept for corrections): [id, label] pairs.
    pieces = action.get("pieces", [])
    require(
        isinstance(pieces, list)
        and all(
            isinstance(piece, list)
            and len(piece) == 2
            and isinstance(piece[0], str)
            and piece[0] in items
            and isinstance(piece[1], dict)
            for piece in pieces
        ),
        _("The pieces asked about do not belong to your garden."),
    )
    holes = int_arg(action, "holes", 0, holes_left(board))
    for item_id in covered:
        items[item_id]["covered"] = True
    board["holes"] = holes
    board["confirmed"] = True
    if all_confirmed(state):
        state["step"] = STEP_OVER


def piece_top_floor(item: dict[str, Any]) -> int:
    """The highest floor a piece reaches (stairs reach the floor above theirs)."""
    return int(item["floor"]) + (1 if item.get("kind") == STAIRS else 0)


def holes_left(board: dict[str, Any]) -> int:
    """The most holes that can still be seen: each first-floor tile covers four.

    "Stavební oblast obsahuje 64 otvorů"; a tile of the first floor rests on the board
    over four of them. In the scoring-only mode the visible first-floor tiles count.
    """
    if board["garden"] is not None:
        first = sum(board["garden"][0]["flowers"].values()) if board["garden"] else 0
    else:
        first = sum(1 for tile in board["tiles"] if tile["floor"] == 1)
    return max(0, BOARD_HOLES - HOLES_PER_TILE * first)


def enter_floor(state: State, seat: int, action: dict[str, Any]) -> None:
    """Scoring only: what can be seen on one floor of the garden."""
    board = state["boards"][seat]
    garden: Garden = board["garden"]
    floor = int_arg(action, "floor", 1, min(MAX_FLOOR, len(garden) + 1))
    entry = empty_floor()
    for flower in FLOWERS:
        entry["flowers"][flower] = int_arg(action, flower, 0, MAX_COUNT)
    for kind in FLOOR_COUNTS:
        entry[kind] = int_arg(action, kind, 0, MAX_COUNT)
    if floor > len(garden):
        garden.append(entry)
    else:
        garden[floor - 1] = entry


def garden_problem(garden: Garden) -> IllegalAction | None:
    """The first inconsistency of an entered garden, if any."""
    for number, floor in enumerate(garden, 1):
        has_tiles = tiles_on(floor) > 0
        others = sum(floor[kind] for kind in FLOOR_COUNTS if kind != STAIRS)
        if others and not has_tiles:
            return IllegalAction(
                _("Floor %(floor)s has decorations or viewpoints but no visible tile."),
                floor=number,
            )
        # Stairs join this floor and the next: it must exist, and one end
        # must rest on a tile that can still be seen.
        above = tiles_on(garden[number]) if number < len(garden) else None
        if floor[STAIRS] and (above is None or not (has_tiles or above)):
            return IllegalAction(
                _(
                    "Stairs from floor %(floor)s need a visible tile on floor %(floor)s or %(upper)s."
                ),
                floor=number,
                upper=number + 1,
            )
    return None


def confirm_garden(state: State, seat: int, action: dict[str, Any]) -> None:
    """Scoring only: the garden is complete; enter the visible holes."""
    board = state["boards"][seat]
    problem = garden_problem(board["garden"])
    if problem is not None:
        raise problem
    board["holes"] = int_arg(action, "holes", 0, holes_left(board))
    board["confirmed"] = True
    if all_confirmed(state):
        state["step"] = STEP_OVER
