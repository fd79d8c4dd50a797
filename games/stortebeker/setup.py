"""The state before the first entry, and the numbers the set-up depends on."""

from __future__ import annotations

from typing import Any

from games.base import State

from .cards import full_deck
from .ships import TOTAL_SHIPS

BASIC = "basic"
EXTENDED = "extended"
RESHUFFLE_WHEN_NEEDED = "when_needed"
RESHUFFLE_AT_ONCE = "at_once"
HAND_SIZE = 6
CARDS_PER_TURN = 3

#: "2 hráči: 12 lodí, 3 hráči: 15 lodí, 4 hráči: 18 lodí"
HARBOUR_SIZES: dict[int, int] = {2: 12, 3: 15, 4: 18}


def extended(state: State) -> bool:
    """Whether the table plays the extended rules."""
    return state["options"]["rules"] == EXTENDED


def sea_size(players: int, rules: str) -> int:
    """4 ships at sea; "Hra ve dvou: Na moři jsou pouze 3 lodě najednou" (extended)."""
    return 3 if rules == EXTENDED and players == 2 else 4


def harbour_preview(state: State) -> int:
    """How many harbour ships lie face up: 1, or 3 with the extended rules."""
    return 3 if extended(state) else 1


def initial_state(players: list[str], options: dict[str, str]) -> State:
    """Empty sea and hands: the table enters its ships and hands next."""
    count = len(players)
    sea = sea_size(count, options["rules"])
    harbour = HARBOUR_SIZES[count]
    state: dict[str, Any] = {
        "players": list(players),
        "options": dict(options),
        "step": "setup",
        "sea": [None] * sea,
        "harbour": {"hidden": harbour, "visible": []},
        "harbour_size": harbour,
        "out_of_game": TOTAL_SHIPS - sea - harbour,
        "ships_entered": 0,
        "setup_sea_left": sea,
        "hands": [[] for _seat in players],
        "hand_entered": [False] * count,
        "fronts": [[] for _seat in players],
        "deck": full_deck(),
        "discard": [],
        "taken": [[] for _seat in players],
        # Entered at set-up: "Začíná hráč, jehož žeton se na bodovací tabulce
        # nachází nejvíc nahoře (zpravidla je to žlutý hráč)."
        "start": None,
        "turn": None,
        "cannon": None,
        "attack": None,
        "last_roll": None,
        "last_capture": None,
        "last_event": None,
        "harbour_emptied": False,
        "end_triggered": False,
    }
    return state
