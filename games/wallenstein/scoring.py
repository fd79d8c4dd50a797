"""Winter scoring and the final ranking.

"Za každou zemi a budovu, kterou hráč vlastní, získá jeden vítězný bod. Potom
je v každém z pěti velkých regionů zjištěno, který hráč vlastní nejvíce
paláců, kostelů a obchodů. Za většinu paláců v regionu získá 3 VB, za kostely
2 VB a za obchody 1 VB. Při shodě jsou body uděleny každému z hráčů, ale o
jeden bod méně (2 VB za paláce, 1 za kostely, 0 za obchody)."
"""

from __future__ import annotations

from games.base import State
from games.i18n import _
from games.wallenstein.data import BUILDINGS, MAJORITY_POINTS, REGIONS, lands

# The breakdown of one winter, in the order it is shown.
CATEGORIES = ("lands", "buildings", "palace", "church", "trade")
# One marked text per winter and category (the platform shows them as they are).
CATEGORY_LABELS = {
    1: {
        "lands": _("Winter 1: lands"),
        "buildings": _("Winter 1: buildings"),
        "palace": _("Winter 1: palace majority points"),
        "church": _("Winter 1: church majority points"),
        "trade": _("Winter 1: trading house majority points"),
    },
    2: {
        "lands": _("Winter 2: lands"),
        "buildings": _("Winter 2: buildings"),
        "palace": _("Winter 2: palace majority points"),
        "church": _("Winter 2: church majority points"),
        "trade": _("Winter 2: trading house majority points"),
    },
}


def building_counts(state: State, seat: int, region: str | None = None) -> dict[str, int]:
    """How many buildings of each type ``seat`` owns (in ``region`` when given)."""
    counts = dict.fromkeys(BUILDINGS, 0)
    for land, info in state["lands"].items():
        if info["owner"] != seat or (region is not None and lands()[land].region != region):
            continue
        for kind in BUILDINGS:
            counts[kind] += 1 if info[kind] else 0
    return counts


def counts_by_region(state: State) -> dict[str, list[dict[str, int]]]:
    """Per region, per seat: how many buildings of each type the seat owns there, in one
    walk over the map (``building_counts`` of every seat and region at once)."""
    count = len(state["players"])
    result = {region: [dict.fromkeys(BUILDINGS, 0) for _ in range(count)] for region in REGIONS}
    everywhere = lands()
    for land, info in state["lands"].items():
        owner = info["owner"]
        if owner is None:
            continue
        counts = result[everywhere[land].region][owner]
        for kind in BUILDINGS:
            if info[kind]:
                counts[kind] += 1
    return result


def region_majorities(
    state: State, by_region: dict[str, list[dict[str, int]]] | None = None
) -> dict[str, dict[str, list[int]]]:
    """Points per region, building type and seat for the majorities right now
    (``by_region``: the state's ``counts_by_region``, when the caller has it)."""
    count = len(state["players"])
    if by_region is None:
        by_region = counts_by_region(state)
    result: dict[str, dict[str, list[int]]] = {}
    for region in REGIONS:
        per_seat = by_region[region]
        result[region] = {}
        for kind in BUILDINGS:
            points = [0] * count
            most = max(counts[kind] for counts in per_seat)
            if most > 0:
                leaders = [seat for seat in range(count) if per_seat[seat][kind] == most]
                award = MAJORITY_POINTS[kind] - (1 if len(leaders) > 1 else 0)
                for seat in leaders:
                    points[seat] = award
            result[region][kind] = points
    return result


def winter_points(
    state: State, majorities: dict[str, dict[str, list[int]]] | None = None
) -> list[dict[str, int]]:
    """What a winter would give every seat now: lands, buildings and majorities
    (``majorities``: the state's ``region_majorities``, when the caller has it)."""
    count = len(state["players"])
    if majorities is None:
        majorities = region_majorities(state)
    result = [{"lands": 0, "buildings": 0} for _ in range(count)]
    for info in state["lands"].values():
        owner = info["owner"]
        if owner is None:
            continue
        result[owner]["lands"] += 1
        result[owner]["buildings"] += sum(info[kind] for kind in BUILDINGS)
    for seat, points in enumerate(result):
        for kind in BUILDINGS:
            points[kind] = sum(majorities[region][kind][seat] for region in REGIONS)
    return result


def totals(state: State) -> list[int]:
    """Points recorded in the winters so far."""
    count = len(state["players"])
    return [sum(sum(winter[seat].values()) for winter in state["winters"]) for seat in range(count)]


def final_ranking(state: State) -> list[list[int]]:
    """Best first: points, then palaces, churches, trading houses; then a shared place."""
    count = len(state["players"])
    points = totals(state)

    def key(seat: int) -> tuple[int, ...]:
        counts = building_counts(state, seat)
        return (points[seat], counts["palace"], counts["church"], counts["trade"])

    ranking: list[list[int]] = []
    for seat in sorted(range(count), key=key, reverse=True):
        if ranking and key(ranking[-1][0]) == key(seat):
            ranking[-1].append(seat)
        else:
            ranking.append([seat])
    return ranking
