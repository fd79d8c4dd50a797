"""The ten actions, carried out in the land a player revealed for them.

"Pokud z nějakého důvodu (např. nedostatek zlata nebo armád) nemůže akci
dokončit, je akce ihned zrušena (jako kdyby hráč zahrál prázdnou kartu)."
So every check that depends on the situation (gold, armies, free city, a
target to move to) cancels the action with a note, while a malformed or
impossible *choice* by the player (a target that is not adjacent) is refused
with IllegalAction so that the player can choose again.
"""

from __future__ import annotations

from typing import Any

from games.base import Action, IllegalAction, State, int_arg
from games.i18n import Msg, _, msg
from games.wallenstein import board, tower
from games.wallenstein.data import ACTION_CARDS, BUILDING_LABELS, lands


class Cancelled(Exception):
    """The action cannot be carried out completely: it is cancelled as if it were blank."""

    def __init__(self, text: str, **args: Any) -> None:
        super().__init__(text)
        self.reason: Msg = msg(text, **args)


# -- costs and amounts changed by events ---------------------------------------
def build_cost(state: State, kind: str) -> int:
    """Gold paid for a building; the trade bonus turns the trading house into +1 gold."""
    if kind == "trade" and board.event_is(state, "trade_bonus"):
        return -1
    return ACTION_CARDS[kind].cost


def grain_yield(state: State, land: str) -> int:
    """The land's grain, two less or more in the region of a bad or good harvest."""
    region = lands()[land].region
    amount = lands()[land].grain
    if board.event_is(state, "bad_harvest", region):
        amount -= 2
    if board.event_is(state, "good_harvest", region):
        amount += 2
    return max(0, amount)


def recruits(state: State, card: str, land: str) -> int:
    """Armies a recruit card brings; troop shortage: 2 gold -> 2, 3 gold -> 3."""
    amount = ACTION_CARDS[card].amount
    if board.event_is(state, "troop_shortage", lands()[land].region):
        return {5: 3, 3: 2}[amount]
    return amount


def neutral_defenders(state: State) -> int:
    """Peasants defending an unoccupied land: 1, +2 when angry, none when tired."""
    if board.event_is(state, "tired_peasants"):
        return 0
    if board.event_is(state, "angry_peasants"):
        return 3
    return 1


def protected_by_church(state: State, land: str) -> bool:
    """Church peace: a land with a church cannot be attacked this season."""
    return board.event_is(state, "church_peace") and state["lands"][land]["church"]


def move_targets(state: State, seat: int, land: str, attack: bool) -> list[str]:
    """Lands the armies of ``land`` may go to (own only for reinforce)."""
    targets = []
    for neighbour in lands()[land].neighbors:
        info = state["lands"].get(neighbour)
        if info is None:  # left out with three players
            continue
        own = info["owner"] == seat
        if own or (attack and not protected_by_church(state, neighbour)):
            targets.append(neighbour)
    return targets


def protected_targets(state: State, seat: int, land: str) -> list[str]:
    """Neighbours of ``land`` that church peace keeps from being attacked now."""
    return [
        neighbour
        for neighbour in lands()[land].neighbors
        if neighbour in state["lands"]
        and state["lands"][neighbour]["owner"] != seat
        and protected_by_church(state, neighbour)
    ]


# -- the actions -------------------------------------------------------------
def perform(state: State, seat: int, card: str, land: str, action: Action) -> bool:
    """Carry out ``card`` in ``land``; True when a battle was opened (the turn waits)."""
    kind = ACTION_CARDS[card].kind
    if kind == "build":
        build(state, seat, card, land)
        return False
    if kind in ("grain", "taxes"):
        return collect(state, seat, kind, land)
    if kind == "recruit":
        recruit(state, seat, card, land)
        return False
    if kind == "reinforce":
        reinforce(state, seat, land, action)
        return False
    return move(state, seat, land, action)


def build_problem(state: State, seat: int, kind: str, land: str) -> Msg | None:
    """Why building ``kind`` in ``land`` would be cancelled now, or None."""
    info = state["lands"][land]
    if info[kind]:
        return msg(_("The land already has a %(building)s."), building=BUILDING_LABELS[kind])
    if board.building_count(info) >= lands()[land].building_sites:
        return msg(_("Every city of the land already has a building."))
    if board.buildings_left(state, kind) <= 0:
        return msg(_("No building of this kind is left."))
    if state["gold"][seat] < build_cost(state, kind):
        return msg(_("There is not enough gold."))
    return None


def build(state: State, seat: int, kind: str, land: str) -> None:
    problem = build_problem(state, seat, kind, land)
    if problem is not None:
        raise Cancelled(problem["text"], **problem["args"])
    state["gold"][seat] -= build_cost(state, kind)
    state["lands"][land][kind] = True


def collect(state: State, seat: int, kind: str, land: str) -> bool:
    """Taxes or grain: a) gain, b) revolt if there is a marker, c) a new marker."""
    if kind == "taxes":
        state["gold"][seat] += lands()[land].gold
    else:
        state["grain"][seat] += grain_yield(state, land)
    markers = state["lands"][land]["revolt"]
    if markers == 0:
        board.add_revolt_marker(state, land)
        return False
    # "počet armád sedláků odpovídá počtu žetonů revolty"
    peasants = tower.take_peasants(state, markers)
    tower.start(
        state,
        {
            "kind": "revolt",
            "land": land,
            "attacker": None,
            "defender": seat,
            "peasant_side": "attacker",
            "throw": {
                "armies": [0] * board.player_count(state),
                "peasants": peasants,
            },
            "after": "tax",
        },
    )
    return True


def recruit_problem(state: State, seat: int, card: str, land: str) -> Msg | None:
    """Why recruiting in ``land`` would be cancelled now, or None."""
    if state["gold"][seat] < ACTION_CARDS[card].cost:
        return msg(_("There is not enough gold."))
    if state["supply"][seat] < recruits(state, card, land):
        return msg(_("There are not enough armies in the supply."))
    return None


def recruit(state: State, seat: int, card: str, land: str) -> None:
    problem = recruit_problem(state, seat, card, land)
    if problem is not None:
        raise Cancelled(problem["text"], **problem["args"])
    amount = recruits(state, card, land)
    state["gold"][seat] -= ACTION_CARDS[card].cost
    state["supply"][seat] -= amount
    state["lands"][land]["armies"] += amount


def _wanted_count(action: Action, key: str, low: int, high: int) -> int:
    if high < low:
        raise IllegalAction(_("No armies can leave this land."))
    return int_arg(action, key, low, high)


def reinforce(state: State, seat: int, land: str, action: Action) -> None:
    """One army for one gold, and/or a move to one adjacent own land (no battle)."""
    info = state["lands"][land]
    either_part = state["options"]["reinforce"] == "either"
    add = action.get("add", True) if either_part else True
    if not isinstance(add, bool):
        raise IllegalAction(_("%(field)s must be yes or no."), field="add")
    count = action.get("count", 0)
    targets = move_targets(state, seat, land, attack=False)
    if "to" in action and action["to"] not in targets:
        raise IllegalAction(_("Armies can only be moved to an adjacent land of your own."))
    if count != 0:
        high = info["armies"] + (1 if add else 0) - 1
        count = _wanted_count(action, "count", 0, high)
        target = action.get("to")
        if target not in targets:
            raise IllegalAction(_("Armies can only be moved to an adjacent land of your own."))
    if add:
        if state["gold"][seat] < 1:
            raise Cancelled(_("There is not enough gold."))
        if state["supply"][seat] < 1:
            raise Cancelled(_("There are not enough armies in the supply."))
        state["gold"][seat] -= 1
        state["supply"][seat] -= 1
        info["armies"] += 1
    if count:
        info["armies"] -= count
        state["lands"][action["to"]]["armies"] += count


def move(state: State, seat: int, land: str, action: Action) -> bool:
    """Move or attack: at least one army moves if possible, one stays behind."""
    info = state["lands"][land]
    targets = move_targets(state, seat, land, attack=True)
    if info["armies"] < 2 or not targets:
        raise Cancelled(_("No army can move from this land."))
    count = _wanted_count(action, "count", 1, info["armies"] - 1)
    target = action.get("to")
    if target not in targets:
        if (
            isinstance(target, str)
            and target in state["lands"]
            and protected_by_church(state, target)
        ):
            raise IllegalAction(_("Church peace: a land with a church cannot be attacked now."))
        raise IllegalAction(_("Armies can only move to an adjacent land in play."))
    info["armies"] -= count
    goal = state["lands"][target]
    if goal["owner"] == seat:
        goal["armies"] += count
        return False
    armies = [0] * board.player_count(state)
    armies[seat] = count
    if goal["owner"] is None:
        battle: dict[str, Any] = {
            "kind": "neutral",
            "land": target,
            "attacker": seat,
            "defender": None,
            "peasant_side": "defender",
            "throw": {
                "armies": armies,
                "peasants": tower.take_peasants(state, neutral_defenders(state)),
            },
            "after": "action",
        }
        if board.event_is(state, "tired_peasants"):
            # "Když je napadena neobsazená země, žádné zelené jednotky nejsou vhozeny do věže":
            # no green cube goes in, not even those lying in the tray.
            battle["tray_peasants_stay"] = True
    else:
        # "Pokud napadená země nemá více než jeden žeton revolty, připojí se armáda sedláků
        # v bitvě na stranu obránce. Jinak budou sedláci neutrální."
        battle = {
            "kind": "attack",
            "land": target,
            "attacker": seat,
            "defender": goal["owner"],
            "peasant_side": "defender" if goal["revolt"] <= 1 else "neutral",
            "throw": {"armies": armies, "peasants": 0},
            "after": "action",
        }
    tower.start(state, battle)
    return True
