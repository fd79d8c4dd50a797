"""What just happened, for the table: the battle or winter as the rules resolved it.

``state["last_event"]`` holds the newest summary of the current entry; ``apply``
clears it before each entry, so the table shows it until the next one. When one
entry sets off several things (the last attack of autumn ends the year and starts
the winter), the earlier summaries travel along in ``earlier``.

The summaries hold numbers and ids, never derived rules: the templates only show them.
"""

from __future__ import annotations

from typing import Any

from games.base import State
from games.i18n import Msg, _, msg
from games.wallenstein.data import (
    BUILDINGS,
    EVENTS,
    REGION_LABELS,
    REGIONS,
    hunger_revolts,
    lands,
)


def record(state: State, event: dict[str, Any]) -> None:
    """Make ``event`` the newest summary; one recorded earlier in this entry goes along."""
    previous = state.get("last_event")
    earlier: list[dict[str, Any]] = []
    if previous:
        earlier = [*previous.pop("earlier", []), previous]
    if event["kind"] == "winter":
        # the winter summary repeats the grain part of the hunger summary
        earlier = [item for item in earlier if item["kind"] != "hunger"]
    event["earlier"] = earlier
    state["last_event"] = event


# -- battles -------------------------------------------------------------------------
def side(battle: dict[str, Any], role: str, out: dict[str, Any]) -> dict[str, Any]:
    """One side's cubes out of the tower: its armies and the peasants fighting with it."""
    seat = battle[role]
    armies = 0 if seat is None else out["armies"][seat]
    with_side = seat is None or battle["peasant_side"] == role
    peasants = out["peasants"] if with_side else 0
    return {"seat": seat, "armies": armies, "peasants": peasants, "total": armies + peasants}


def battle_event(
    state: State,
    battle: dict[str, Any],
    thrown: dict[str, Any],
    before: dict[str, Any],
) -> dict[str, Any]:
    """The summary of a finished tower drop (``battle`` has ``out`` and ``result``)."""
    out = battle["out"]
    land_id = battle["land"]
    event: dict[str, Any] = {
        "kind": "battle",
        "battle": battle["kind"],
        "land": land_id,
        "land_name": lands()[land_id].name if land_id else None,
        "thrown": thrown,
        "out": out,
        "result": battle["result"],
        "tower_before": before,
        "tower_after": {
            "armies": list(state["tower"]["armies"]),
            "peasants": state["tower"]["peasants"],
        },
        "tray": {"armies": list(state["tray"]["armies"]), "peasants": state["tray"]["peasants"]},
        "tray_count": sum(state["tray"]["armies"]) + state["tray"]["peasants"],
        "involved": [seat for seat in (battle["attacker"], battle["defender"]) if seat is not None],
    }
    if battle["kind"] == "fill":
        return event
    info = state["lands"][land_id]
    event.update(
        {
            "attacker": side(battle, "attacker", out),
            "defender": side(battle, "defender", out),
            "peasants_neutral": battle["peasant_side"] == "neutral",
            "survivors": battle.get("survivors", 0),
            "devastated": battle.get("devastated", False),
            "owner": info["owner"],
            "armies_in_land": info["armies"],
        }
    )
    return event


# -- winter --------------------------------------------------------------------------
def revolt_row(shortage: int) -> Msg:
    """The row of the revolt table a shortage falls in."""
    rows = ((1, 1), (2, 2), (3, 4), (5, 6))
    for low, high in rows:
        if low <= shortage <= high:
            if low == high:
                return msg(_("shortage %(low)s"), low=low)
            return msg(_("shortage %(low)s–%(high)s"), low=low, high=high)
    if shortage <= 0:
        return msg(_("no shortage"))
    return msg(_("shortage 7 or more"))


def grain_report(state: State, before: list[int], owned: list[int]) -> list[dict[str, Any]]:
    """Per seat: grain before and after the loss, grain needed (one per land), the
    shortage and what the revolt table makes of it."""
    result = []
    for seat, grain in enumerate(state["grain"]):
        shortage = max(0, owned[seat] - grain)
        revolts, extra = hunger_revolts(shortage)
        result.append(
            {
                "grain_before": before[seat],
                "grain": grain,
                "need": owned[seat],
                "shortage": shortage,
                "revolts": revolts,
                "extra": extra,
                "row": revolt_row(shortage),
            }
        )
    return result


def event_name(number: int | None) -> Msg | None:
    if number is None:
        return None
    event = EVENTS[number]
    return msg(event.label, region=REGION_LABELS.get(event.region or "", ""))


def hunger_event(state: State) -> dict[str, Any]:
    """The start of the winter: the grain part, before the revolts are fought."""
    winter = state["winter"]
    return {
        "kind": "hunger",
        "year": state["year"],
        "card": winter["card"],
        "card_name": event_name(winter["card"]),
        "loss": winter["loss"],
        "players": winter["players"],
        "involved": [item["seat"] for item in winter["queue"]],
    }


def scoring_by_region(state: State) -> list[dict[str, Any]]:
    """Region by region: lands and buildings per seat, and the majority points with the
    building counts they come from (ties visible)."""
    from games.wallenstein import scoring  # scoring imports nothing from here

    count = len(state["players"])
    majorities = scoring.region_majorities(state)
    result = []
    for region in REGIONS:
        per_seat = [scoring.building_counts(state, seat, region) for seat in range(count)]
        owned = [
            sum(
                1
                for land, info in state["lands"].items()
                if info["owner"] == seat and lands()[land].region == region
            )
            for seat in range(count)
        ]
        result.append(
            {
                "region": REGION_LABELS[region],
                "lands": owned,
                "buildings": [sum(counts.values()) for counts in per_seat],
                "majorities": {
                    kind: {
                        "counts": [counts[kind] for counts in per_seat],
                        "points": majorities[region][kind],
                    }
                    for kind in BUILDINGS
                },
            }
        )
    return result


def winter_event(state: State, points: list[dict[str, int]], totals: list[int]) -> dict[str, Any]:
    """The whole winter: grain, revolts fought, scoring region by region, running total."""
    winter = state["winter"]
    return {
        "kind": "winter",
        "year": state["year"],
        "card": winter["card"],
        "card_name": event_name(winter["card"]),
        "loss": winter["loss"],
        "players": winter["players"],
        "revolts": winter["revolts"],
        "regions": scoring_by_region(state),
        "points": points,
        "winter_total": [sum(item.values()) for item in points],
        "total": totals,
        "involved": list(range(len(state["players"]))),
    }
