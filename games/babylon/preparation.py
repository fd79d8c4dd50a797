"""Set-up ("PŘÍPRAVA HRY"): the initial state, boards, quarry trimming.

The steps a table does by hand and the app leads: each player picks a board
(its flower and matching start tile), then with 2 or 3 players clay tiles
are taken out of the quarry, one per player in turn.
"""

from __future__ import annotations

import random
from typing import Any

from games.babylon.components import (
    CLAY_REMOVED,
    FLOWER_LABELS,
    FLOWERS,
    QUARRY_PLACES,
    ROUND_TOKENS,
    ROUNDS,
    START_TILE,
    SUPPLY,
)
from games.babylon.garden import new_board
from games.babylon.quarry import full_quarry, visible_material
from games.base import IllegalAction, int_arg, require
from games.i18n import _

State = dict[str, Any]

MODE_FULL = "full"
MODE_SCORING = "scoring"

STEP_BOARDS = "boards"
STEP_REMOVAL = "removal"
STEP_EXTRACT = "extract"
STEP_BUILD = "build"
STEP_REVEAL = "reveal"
STEP_FINAL = "final"
STEP_GARDEN = "garden"
STEP_OVER = "over"


def removal_order(players: int, first: int) -> list[int]:
    """Who takes a clay tile out of the quarry, in order.

    "Ve hře 3 hráčů ... počínaje prvním hráčem a poté dále po směru
    hodinových ručiček každý hráč z lomu odebere 1 dílek"; "Ve hře 2 hráčů
    ... každý hráč z lomu odebere 1 dílek dle své volby. Tento krok poté
    dvakrát zopakujte."
    """
    return [(first + i) % players for i in range(CLAY_REMOVED[players])]


def initial_state(players: list[str], options: dict[str, str], seed: int | None) -> State:
    """The state before the first entry."""
    count = len(players)
    mode = options["mode"]
    first = 0
    if options["first_player"] == "random":
        first = random.Random(seed).randrange(count)
    state: State = {
        "players": list(players),
        "options": dict(options),
        "mode": mode,
        "step": STEP_BOARDS,
        "first": first,
        # "umístěte sloupeček žetonů kol před hráče po jeho pravici": seats go
        # clockwise, so the player on the first player's right plays last.
        "token_holder": (first - 1) % count,
        "round": 1,
        "rounds": ROUNDS[count],
        "tokens_left": ROUND_TOKENS[count],
        "revealed": [],
        "effect": None,
        "current": first,
        "removals": removal_order(count, first),
        "quarry": full_quarry(),
        "removed": 0,
        "discarded": 0,
        "discarded_start": 0,
        "supply": dict(SUPPLY),
        "boards": [new_board(None) for _seat in players],
        "turn": None,
        # The flower the player in turn said the tile to take shows (the phone
        # asks for the flower first, then the tile); ``extract`` clears it.
        "seen_flower": None,
        "last": None,
        "last_event": None,
    }
    if mode == MODE_SCORING:
        state["step"] = STEP_GARDEN
        for board in state["boards"]:
            board["garden"] = []
    return state


def after_boards(state: State) -> None:
    """Move on once every board is taken."""
    state["step"] = STEP_REMOVAL if state["removals"] else STEP_EXTRACT
    state["current"] = state["removals"][0] if state["removals"] else state["first"]


def choose_board(state: State, seat: int, action: dict[str, Any]) -> None:
    """A player takes the board of one flower and its start tile."""
    flower = action.get("flower")
    require(flower in FLOWERS, _("Choose one of the four flowers."))
    taken = {board["flower"] for board in state["boards"]}
    require(
        flower not in taken,
        _("Another player already has the board of the %(flower)s."),
        flower=FLOWER_LABELS.get(flower, ""),
    )
    # "vezme odpovídající startovní dílek terasy ... do výřezu v úložné oblasti"
    board = state["boards"][seat]
    board["flower"] = flower
    board["stored"] = {"material": START_TILE, "flower": flower}
    if all(board["flower"] for board in state["boards"]):
        after_boards(state)


def remove_clay(state: State, seat: int, action: dict[str, Any]) -> None:
    """The player whose turn it is takes one clay tile out of the quarry."""
    place = int_arg(action, "place", 0, QUARRY_PLACES - 1)
    if visible_material(state["quarry"], place) != "clay":
        raise IllegalAction(_("Only clay tiles are taken out of the quarry at set-up."))
    state["quarry"][place].pop()
    state["removed"] += 1
    state["removals"].pop(0)
    if state["removals"]:
        state["current"] = state["removals"][0]
    else:
        state["step"] = STEP_EXTRACT
        state["current"] = state["first"]
