"""Set-up: supplies, the first fill of the tower and the allocation of lands.

Order as in the rules ("Příprava hry", then "Přidělení zemí"): gold and
armies, the tower is filled (the table enters what came out), then the lands
are drafted, or handed out by the fixed allocation of the rules' appendix.
"""

from __future__ import annotations

from typing import Any

from games.base import IllegalAction, State, require, seeded_random
from games.i18n import _, ngettext, seat_name
from games.wallenstein import board, score_only, tower, year
from games.wallenstein.data import (
    ARMIES_PER_PLAYER,
    ARMY_GROUPS,
    FILL_ARMIES,
    FILL_PEASANTS,
    FIXED_ALLOCATIONS,
    GROUP_COUNT,
    PEASANTS,
    START_GOLD,
    lands,
    lands_in_play,
)


def initial_state(players: list[str], options: dict[str, str]) -> State:
    count = len(players)
    state: State = {
        "players": list(players),
        "options": dict(options),
        "stage": "drop",
        "year": 1,
        "season": None,
        "lands": {land: board.empty_land() for land in lands_in_play(count)},
        "gold": [START_GOLD[count]] * count,
        "grain": [0] * count,
        "supply": [ARMIES_PER_PLAYER] * count,
        "peasant_supply": PEASANTS,
        "tower": tower.empty_cubes(count),
        "tray": tower.empty_cubes(count),
        "battle": None,
        "last_battle": None,
        "last_event": None,
        "draft": None,
        "events": {"drawn": [], "year": [], "used": [], "current": None},
        "season_state": None,
        "winter": None,
        "winters": [],
        "notes": [],
    }
    if options["allocation"] == "fixed":
        place_fixed(state)
    # "Do věže se najednou vhodí 7 kostiček armád každého hráče a 10 neutrálních zelených armád."
    for seat in range(count):
        state["supply"][seat] -= FILL_ARMIES
    tower.start(
        state,
        {
            "kind": "fill",
            "land": None,
            "attacker": None,
            "defender": None,
            "peasant_side": None,
            "throw": {
                "armies": [FILL_ARMIES] * count,
                "peasants": tower.take_peasants(state, FILL_PEASANTS),
            },
            "after": "fill",
        },
    )
    return state


def score_only_state(players: list[str], options: dict[str, str]) -> State:
    """Score-only mode: no tower, no allocation; the board is entered at each winter."""
    state = initial_state(players, {**options, "allocation": "draft"})
    state["options"] = dict(options)
    count = len(players)
    state["supply"] = [ARMIES_PER_PLAYER] * count
    state["peasant_supply"] = PEASANTS
    score_only.start(state)
    return state


def place_fixed(state: State) -> None:
    """The rules' fixed start allocation: player A is seat 0, B seat 1, ..."""
    for seat, allocation in enumerate(FIXED_ALLOCATIONS[len(state["players"])]):
        for land, armies in allocation:
            state["lands"][land]["owner"] = seat
            state["lands"][land]["armies"] = armies
            state["supply"][seat] -= armies


# -- the draft -----------------------------------------------------------------
def start_draft(state: State) -> None:
    state["draft"] = {
        "turn": 0,
        # the army groups still on each player board (the rules: 9, 8 or 7 of 5, 4, 4, 3, ...)
        "groups": [list(groups_in_play(len(state["players"]))) for _seat in state["players"]],
        "face_up": [],
        "bottom": [],
        "previous_offer": [],
        "refreshed": False,
    }
    state["stage"] = "draft"


def groups_in_play(players: int) -> tuple[int, ...]:
    """The army groups each player fills: 've třech hráčích 9 skupin, ve čtyřech 8, v pěti 7'."""
    return ARMY_GROUPS[: GROUP_COUNT[players]]


def group_sizes(state: State, seat: int) -> list[int]:
    """The different group sizes still on ``seat``'s board, largest first: groups of the
    same size are interchangeable, so one choice per size."""
    return sorted(set(state["draft"]["groups"][seat]), reverse=True)


def _chosen_group(state: State, seat: int, action: dict[str, Any]) -> int:
    """'musí umístit všechny kostičky z jedné skupiny armád': the player picks the group."""
    sizes = group_sizes(state, seat)
    group = action.get("group")
    if type(group) is not int or group not in sizes:
        raise IllegalAction(
            _("Choose one of your army groups left: %(groups)s."),
            groups=", ".join(str(size) for size in sizes),
        )
    return group


def drawable(state: State) -> list[str]:
    """Deck cards that may be the next one drawn: the cards put back under the deck
    come up only when nothing else is left."""
    draft = state["draft"]
    cards = board.deck(state)
    fresh_cards = [land for land in cards if land not in draft["bottom"]]
    if fresh_cards:
        return fresh_cards
    return [land for land in draft["bottom"] if land in cards][:1]


def must_reveal(state: State) -> bool:
    """A face-up place is empty and the deck can fill it."""
    return len(state["draft"]["face_up"]) < 2 and bool(drawable(state))


def can_refresh(state: State) -> bool:
    """'Pokud má výběr ze stejných karet z předešlého kola, může tyto dvě karty vrátit...'"""
    draft = state["draft"]
    return (
        not draft["refreshed"]
        and len(draft["face_up"]) == 2
        and sorted(draft["face_up"]) == draft["previous_offer"]
        and len(board.deck(state)) >= 2
    )


def _drawn_land(state: State, action: dict[str, Any]) -> str:
    """The land card the table turned up, or the one the app draws."""
    cards = drawable(state)
    require(bool(cards), _("The deck of land cards is empty."))
    if action.get("by_app") is True:
        return seeded_random(action).choice(sorted(cards))
    land = action.get("land")
    if land not in cards:
        if land in state["draft"]["bottom"]:
            raise IllegalAction(_("That card was put under the deck; it cannot come up yet."))
        raise IllegalAction(_("%(value)s is not a land card in the deck."), value=str(land))
    return land


def reveal(state: State, action: dict[str, Any]) -> None:
    require(must_reveal(state), _("Both face-up land cards are already there."))
    state["draft"]["face_up"].append(_drawn_land(state, action))


def refresh(state: State) -> None:
    require(
        can_refresh(state), _("You may only exchange the face-up cards the previous player saw.")
    )
    draft = state["draft"]
    draft["bottom"].extend(draft["face_up"])
    draft["face_up"] = []
    draft["refreshed"] = True


def take(state: State, seat: int, action: dict[str, Any]) -> None:
    """Take a face-up card or the top of the deck and place a chosen army group there."""
    draft = state["draft"]
    require(not must_reveal(state), _("First turn up the land card for the empty place."))
    source = action.get("from")
    armies = _chosen_group(state, seat, action)
    offer = sorted(draft["face_up"])
    if source == "face_up":
        land = action.get("land")
        if land not in draft["face_up"]:
            raise IllegalAction(_("%(value)s is not a face-up land card."), value=str(land))
        draft["face_up"].remove(land)
    elif source == "deck":
        land = _drawn_land(state, action)
        if land in draft["bottom"]:
            draft["bottom"].remove(land)
    else:
        raise IllegalAction(_("Take a face-up card or the top card of the deck."))
    state["lands"][land]["owner"] = seat
    state["lands"][land]["armies"] = armies
    state["supply"][seat] -= armies
    draft["groups"][seat].remove(armies)
    draft["previous_offer"] = offer
    draft["refreshed"] = False
    board.note(
        state,
        ngettext(
            "%(player)s takes %(land)s and places %(armies)s army.",
            "%(player)s takes %(land)s and places %(armies)s armies.",
            armies,
            player=seat_name(seat, state["players"][seat]),
            land=lands()[land].name,
            armies=armies,
        ),
    )
    if not any(draft["groups"]):
        state["draft"] = None
        year.start_year(state)
    else:
        draft["turn"] = (draft["turn"] + 1) % len(state["players"])
