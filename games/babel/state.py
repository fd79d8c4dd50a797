"""Babel's state: how it is laid out, how it starts, and what can be read from it.

The state is plain JSON data. Everything both players can see is kept as it
lies on the table; of the face-down decks only what the table can know is
kept (sizes, the destroyed temples put back on top in order). The cards in a
hand are kept only with the hand-tracking option, under the private key
``_hands`` that :func:`games.babel.views.view` never shows to another seat.

Layout::

    players        seat names
    options        the normalised options
    stage          deal | draw | actions | temple | over
    active         the seat whose turn it is
    turn           1, 2, ... (counts both players' turns)
    start_card     [bool, bool]: still holding the starting level-1 card
    figures        [place, place]: "quarry" or a nation slug
    cities         {nation: {"rows": [[nation, ...], [...]], "temples": [[level, ...], [...]]}}
    temple_rows    [[level, ...], [...]]: row i lies on seat i's side, the last card is on top
    temple_deck    {"size": int, "top": [level, ...]}: "top" are the known next draws, first first
    nation_deck    {"size": int, "reshuffles": int}
    discard        [nation, ...] face up, the last one on top
    hand_sizes     [int, int]
    _hands         None, or [{nation: count}, {nation: count}] with hand tracking
    _drawing       None, or [[nation, ...], [...]]: the cards each seat has entered one by
                   one in its current draw (hand tracking; private like the hand)
    dealt          [bool, bool]: starting hand entered (hand tracking)
    migrated       the active player has migrated this turn
    acted          the active player has made one of the five actions this turn
    pending        None, or {"seat": s, "count": n}: s must still discard n cards (halving)
    final_phase    the final phase has begun
    result         None, or the outcome
    last_temple_draw  None, or {"seat": s, "levels": [high, low]}
    app_temples    [bool, bool]: each seat's last temple draw was the app's (its last
                   action of a turn then also ends it, see choices.py); absent in older states
    temple_pending None, or {"seat": s, "levels": [level]}: the first temple card turned up,
                   entered on its own; it stays counted in the deck until both are laid
    announcement   None, or {"seat": s, "count": n}: the hand announced at the end of a turn
    last_event     None, or what the last build or ability did (public): {"kind": "build",
                   "seat", "city", "level", "source", "height"} or {"kind": "ability", "seat",
                   "opponent", "nation", "power", "city", "run_start"} plus "destroyed"
                   (levels), "stolen" (level), "expelled" ({"nation", "count"}), "built"
                   (level) and "source", "taken" (nations) or "hand_before"/"hand_after"
"""

from __future__ import annotations

from typing import Any

from games.babel.constants import (
    CARDS_PER_NATION,
    HAND_ON,
    LEVELS,
    NATION_CARDS,
    NATIONS,
    OPT_HAND,
    QUARRY,
    STAGE_DEAL,
    STAGE_DRAW,
    STARTING_HAND,
    TEMPLE_CARDS,
    TEMPLE_CARDS_BY_LEVEL,
)

State = dict[str, Any]


def initial_state(players: list[str], options: dict[str, str]) -> State:
    """The table after "Příprava hry": start cards out, figures in the quarry."""
    tracked = options[OPT_HAND] == HAND_ON
    seats = len(players)
    # Without hand tracking the five cards are dealt on the table and only
    # counted; with it each seat enters them (or lets the app deal) first.
    hand = 0 if tracked else STARTING_HAND
    return {
        "players": list(players),
        "options": dict(options),
        "stage": STAGE_DEAL if tracked else STAGE_DRAW,
        "active": 0,
        "turn": 1,
        "start_card": [True] * seats,
        "figures": [QUARRY] * seats,
        "cities": {
            nation: {"rows": [[] for _ in range(seats)], "temples": [[] for _ in range(seats)]}
            for nation in NATIONS
        },
        "temple_rows": [[] for _ in range(seats)],
        "temple_deck": {"size": TEMPLE_CARDS - seats, "top": []},
        "nation_deck": {"size": NATION_CARDS - hand * seats, "reshuffles": 0},
        "discard": [],
        "hand_sizes": [hand] * seats,
        "_hands": [dict.fromkeys(NATIONS, 0) for _ in range(seats)] if tracked else None,
        "_drawing": [[] for _ in range(seats)] if tracked else None,
        "dealt": [not tracked] * seats,
        "migrated": False,
        "acted": False,
        "pending": None,
        "final_phase": False,
        "result": None,
        "last_temple_draw": None,
        "app_temples": [False] * seats,
        "temple_pending": None,
        "announcement": None,
        "last_event": None,
    }


# -- small readers -----------------------------------------------------------


def opponent(seat: int) -> int:
    """The other seat (Babel is for two)."""
    return 1 - seat


def is_tracked(state: State) -> bool:
    """Whether the hands are kept on the phones (hand-tracking option)."""
    return state["_hands"] is not None


def height(temple: list[int]) -> int:
    """A temple's value: its height, the level of its top card (0 when empty)."""
    return temple[-1] if temple else 0


def temple_total(state: State, seat: int) -> int:
    """A player's total: the sum of the heights of their five temples."""
    return sum(height(state["cities"][nation]["temples"][seat]) for nation in NATIONS)


def row(state: State, seat: int, city: str) -> list[str]:
    """The seat's settlement row in ``city`` (the last card at the end)."""
    return state["cities"][city]["rows"][seat]


def temple(state: State, seat: int, city: str) -> list[int]:
    """The seat's temple in ``city`` (levels from the bottom up)."""
    return state["cities"][city]["temples"][seat]


def runs(cards: list[str]) -> list[dict[str, Any]]:
    """The maximal runs of one nation in a row: ``{"start", "length", "nation"}``."""
    found: list[dict[str, Any]] = []
    for index, nation in enumerate(cards):
        if found and found[-1]["nation"] == nation:
            found[-1]["length"] += 1
        else:
            found.append({"start": index, "length": 1, "nation": nation})
    return found


# -- what the decks can still hold ---------------------------------------------


def temple_cards_in_sight(state: State) -> dict[int, int]:
    """How many temple cards of each level lie face up or are held as start cards."""
    counts = dict.fromkeys(LEVELS, 0)
    for seat_row in state["temple_rows"]:
        for level in seat_row:
            counts[level] += 1
    for city in state["cities"].values():
        for stack in city["temples"]:
            for level in stack:
                counts[level] += 1
    counts[1] += sum(1 for holding in state["start_card"] if holding)
    return counts


def temple_deck_unknown(state: State) -> dict[int, int]:
    """The levels in the shuffled part of the temple deck (below the known top).

    Every temple card outside the deck is face up, so the deck holds exactly
    the cards not seen anywhere else.
    """
    seen = temple_cards_in_sight(state)
    for level in state["temple_deck"]["top"]:
        seen[level] += 1
    return {level: TEMPLE_CARDS_BY_LEVEL[level] - seen[level] for level in LEVELS}


def nation_cards_in_sight(state: State) -> dict[str, int]:
    """Nation cards of each nation in the settlements, the discard pile and tracked hands."""
    counts = dict.fromkeys(NATIONS, 0)
    for city in state["cities"].values():
        for seat_row in city["rows"]:
            for nation in seat_row:
                counts[nation] += 1
    for nation in state["discard"]:
        counts[nation] += 1
    if is_tracked(state):
        for hand in state["_hands"]:
            for nation, count in hand.items():
                counts[nation] += count
    return counts


def nation_deck_composition(state: State) -> dict[str, int] | None:
    """The nations in the nation deck, known only when both hands are tracked."""
    if not is_tracked(state):
        return None
    seen = nation_cards_in_sight(state)
    return {nation: CARDS_PER_NATION - seen[nation] for nation in NATIONS}


def hand_may_hold(state: State, seat: int, nation: str) -> bool:
    """Whether ``seat`` can have a card of ``nation`` in hand.

    With tracking the hand is known. Without it the player is trusted, as
    long as the hand is not empty and not all twelve cards of the nation are
    already on the table or in the discard pile.
    """
    if state["hand_sizes"][seat] <= 0:
        return False
    if is_tracked(state):
        return state["_hands"][seat][nation] > 0
    return nation_cards_in_sight(state)[nation] < CARDS_PER_NATION


def nation_cards_total(state: State) -> int:
    """Every nation card accounted for: deck, discard, hands and settlements (always 60)."""
    on_board = sum(len(seat_row) for city in state["cities"].values() for seat_row in city["rows"])
    return (
        state["nation_deck"]["size"] + len(state["discard"]) + sum(state["hand_sizes"]) + on_board
    )
