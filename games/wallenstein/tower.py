"""The cube tower: what is thrown in, the ledger, and how a battle is settled.

The app cannot see inside the real tower, so it keeps a ledger per colour:
cubes thrown in minus cubes that came out. An entry claiming more cubes of a
colour than can be in the tower is refused. Cubes that came out but belong to
nobody in the battle stay in the tray and are thrown with the next battle.

A battle record (``state["battle"]``) is plain data::

    {"kind": "fill" | "attack" | "neutral" | "revolt",
     "land": id or None, "attacker": seat or None, "defender": seat or None,
     "peasant_side": "attacker" | "defender" | "neutral" | None,
     "throw": {"armies": [...], "peasants": n},   # cubes in hand, not yet thrown
     "after": "fill" | "action" | "tax" | "hunger"}

``None`` as attacker or defender means the peasants (green cubes).
"""

from __future__ import annotations

import random
from typing import Any

from games.base import IllegalAction, State, require
from games.i18n import _, seat_name
from games.wallenstein import board, report

# The chance that one cube comes out when the app simulates the tower: real towers keep a
# good part of what is thrown in, which is the point of the tray ledger.
SIMULATED_FALL_CHANCE = 0.6


def empty_cubes(players: int) -> dict[str, Any]:
    return {"armies": [0] * players, "peasants": 0}


def take_peasants(state: State, wanted: int) -> int:
    """Take up to ``wanted`` peasants from their supply (it may run short)."""
    taken = min(wanted, state["peasant_supply"])
    state["peasant_supply"] -= taken
    return taken


def start(state: State, battle: dict[str, Any]) -> None:
    """Open a battle: the defender first chooses armies, else the tower waits for the drop."""
    battle.setdefault("throw", empty_cubes(board.player_count(state)))
    state["battle"] = battle
    needs_defender = battle["kind"] in ("attack", "revolt") and battle["defender"] is not None
    state["stage"] = "defend" if needs_defender else "drop"
    if needs_defender and state["lands"][battle["land"]]["armies"] == 0:
        # nothing to choose: no army stands in the land
        defend(state, 0)


def defend(state: State, count: int) -> None:
    """The defender throws ``count`` armies of the attacked land (any number, even none)."""
    battle = state["battle"]
    land = state["lands"][battle["land"]]
    require(
        0 <= count <= land["armies"],
        _("Armies in the land: %(count)s; you cannot defend with more."),
        count=land["armies"],
    )
    land["armies"] -= count
    battle["throw"]["armies"][battle["defender"]] += count
    # Palace guards: "V bránících se zemích s postaveným palácem, je při vhození do věže
    # přidána jedna zelená jednotka." Only a player attacked by a player is 'defending'.
    if battle["kind"] == "attack" and land["palace"] and board.event_is(state, "palace_guards"):
        battle["throw"]["peasants"] += take_peasants(state, 1)
    state["stage"] = "drop"


def going_in(state: State) -> dict[str, Any]:
    """Everything that goes into the tower now: the cubes in hand and the whole tray."""
    battle = state["battle"]
    armies = [
        hand + tray
        for hand, tray in zip(battle["throw"]["armies"], state["tray"]["armies"], strict=True)
    ]
    tray_peasants = 0 if battle.get("tray_peasants_stay") else state["tray"]["peasants"]
    return {"armies": armies, "peasants": battle["throw"]["peasants"] + tray_peasants}


def capacity(state: State) -> dict[str, Any]:
    """The most cubes of each colour that can come out of this drop."""
    thrown = going_in(state)
    return {
        "armies": [
            tower + cubes
            for tower, cubes in zip(state["tower"]["armies"], thrown["armies"], strict=True)
        ],
        "peasants": state["tower"]["peasants"] + thrown["peasants"],
    }


def simulate(state: State, rng: random.Random) -> dict[str, Any]:
    """A drop drawn by the app: each cube in the tower falls out with a fixed chance."""
    most = capacity(state)

    def fall(cubes: int) -> int:
        return sum(1 for _cube in range(cubes) if rng.random() < SIMULATED_FALL_CHANCE)

    return {"armies": [fall(n) for n in most["armies"]], "peasants": fall(most["peasants"])}


def drop(state: State, out: dict[str, Any]) -> dict[str, Any]:
    """Throw everything in, take ``out`` from the tower, and settle the battle.

    Returns the finished battle record (with ``out`` and ``result``).
    """
    most = capacity(state)
    thrown = going_in(state)
    before = {"armies": list(state["tower"]["armies"]), "peasants": state["tower"]["peasants"]}
    names = state["players"]
    hidden = state["options"]["ledger"] == "hidden"
    for seat, (came, limit) in enumerate(zip(out["armies"], most["armies"], strict=True)):
        if came > limit:
            if hidden:
                # the ledger is only used for checking: do not tell how many are inside
                raise IllegalAction(
                    _("That many cubes of %(player)s cannot be in the tower."),
                    player=seat_name(seat, names[seat]),
                )
            raise IllegalAction(
                _("Cubes of %(player)s in the tower: at most %(count)s, not %(out)s."),
                count=limit,
                player=seat_name(seat, names[seat]),
                out=came,
            )
    if out["peasants"] > most["peasants"]:
        if hidden:
            raise IllegalAction(_("That many peasants cannot be in the tower."))
        raise IllegalAction(
            _("Peasants in the tower: at most %(count)s, not %(out)s."),
            count=most["peasants"],
            out=out["peasants"],
        )
    state["tower"]["armies"] = [
        limit - came for limit, came in zip(most["armies"], out["armies"], strict=True)
    ]
    state["tower"]["peasants"] = most["peasants"] - out["peasants"]
    battle = state["battle"]
    kept = state["tray"]["peasants"] if battle.get("tray_peasants_stay") else 0
    state["tray"] = empty_cubes(len(names))
    state["tray"]["peasants"] = kept
    battle["out"] = out
    state["battle"] = None
    if battle["kind"] == "fill":
        # "Kostičky, které věží propadnou do nádoby, jsou vráceny zpět hráčům do jejich zásoby."
        for seat, came in enumerate(out["armies"]):
            state["supply"][seat] += came
        state["peasant_supply"] += out["peasants"]
        battle["result"] = "fill"
    else:
        settle(state, battle, out)
    state["last_battle"] = battle
    report.record(state, report.battle_event(state, battle, thrown, before))
    return battle


def _side_total(battle: dict[str, Any], side: str, out: dict[str, Any]) -> int:
    seat = battle[side]
    own = out["peasants"] if seat is None else out["armies"][seat]
    if seat is not None and battle["peasant_side"] == side:
        own += out["peasants"]
    return own


def _return_side(state: State, battle: dict[str, Any], side: str, out: dict[str, Any]) -> None:
    """All cubes of a side that came out go back to their supplies."""
    seat = battle[side]
    if seat is not None:
        state["supply"][seat] += out["armies"][seat]
    if seat is None or battle["peasant_side"] == side:
        state["peasant_supply"] += out["peasants"]


def settle(state: State, battle: dict[str, Any], out: dict[str, Any]) -> None:
    """Settle a battle by the rules ("Výsledek bitvy").

    The side with fewer cubes out loses them to the supply; the winner loses as
    many, peasants first, and its surviving armies stand in the land; a draw
    devastates the land. Cubes of everybody else stay in the tray.
    """
    fighting = {battle["attacker"], battle["defender"]}
    for seat, came in enumerate(out["armies"]):
        if seat not in fighting:
            state["tray"]["armies"][seat] += came
    peasants_fight = battle["peasant_side"] in ("attacker", "defender")
    if not peasants_fight:
        state["tray"]["peasants"] += out["peasants"]

    attack = _side_total(battle, "attacker", out)
    defence = _side_total(battle, "defender", out)
    battle["totals"] = {"attacker": attack, "defender": defence}
    land_id = battle["land"]
    land = state["lands"][land_id]
    if attack == defence:
        _return_side(state, battle, "attacker", out)
        _return_side(state, battle, "defender", out)
        board.devastate(state, land_id)
        battle["devastated"] = True
        battle["result"] = "draw"
        battle["survivors"] = 0
        return

    winner, loser = ("attacker", "defender") if attack > defence else ("defender", "attacker")
    _return_side(state, battle, loser, out)
    losses = min(attack, defence)
    seat = battle[winner]
    battle["result"] = winner
    if seat is None:
        # The peasants won (a revolt, or a neutral land held): no peasant stays on the map.
        state["peasant_supply"] += out["peasants"]
        battle["survivors"] = 0
        if battle["kind"] == "revolt":
            board.devastate(state, land_id)
            battle["devastated"] = True
        return
    peasants_with_winner = out["peasants"] if battle["peasant_side"] == winner else 0
    # "Pokud sedláci bojovali na straně vítěze, vrací se do zásoby jako první" - and peasants
    # never stay in a land, so every green cube of the winning side goes back.
    state["peasant_supply"] += peasants_with_winner
    lost = max(0, losses - peasants_with_winner)
    survivors = out["armies"][seat] - lost
    state["supply"][seat] += lost
    battle["survivors"] = survivors
    if winner == "attacker":
        board.change_owner(state, land_id, seat)
        land["armies"] = survivors
        if battle["kind"] == "neutral":
            # "Pokud útočník dobude zemi, obdrží její kartu z balíčku a ... přidán žeton revolty."
            board.add_revolt_marker(state, land_id)
    else:
        land["armies"] += survivors
