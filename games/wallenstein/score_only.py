"""Score-only mode: a table that played without the app enters the board at each winter.

"Za každou zemi a budovu, kterou hráč vlastní, získá jeden vítězný bod. Potom je v každém
z pěti velkých regionů zjištěno, který hráč vlastní nejvíce paláců, kostelů a obchodů."
Scoring needs only who owns each land and its buildings, so that is what is entered
(after the winter's revolts have been fought on the board). The board stays as entered
for the second winter, where only the changes are entered again.
"""

from __future__ import annotations

from typing import Any

from games.base import Action, Choice, Field, IllegalAction, State, require
from games.i18n import _, msg, ngettext
from games.wallenstein import board, report, scoring
from games.wallenstein.data import BUILDING_LABELS, BUILDINGS, YEARS, lands
from games.wallenstein.land_menu import land_choices

UNOWNED = -1
STAGE = "board"


def start(state: State) -> None:
    """The state waits for the board of the first winter."""
    state["stage"] = STAGE
    state["season"] = "winter"
    state["battle"] = None
    state["tower"] = {"armies": [0] * len(state["players"]), "peasants": 0}


def enter_land(state: State, action: Action) -> None:
    """One land as it stands on the board: its owner and its buildings."""
    land = action.get("land")
    if not isinstance(land, str) or land not in state["lands"]:
        raise IllegalAction(_("%(value)s is not a land in play."), value=str(land))
    owner = action.get("owner")
    if type(owner) is not int or not UNOWNED <= owner < len(state["players"]):
        raise IllegalAction(_("%(value)s is not a seat at this table."), value=str(owner))
    built = action.get("buildings", [])
    if not isinstance(built, list) or any(kind not in BUILDINGS for kind in built):
        raise IllegalAction(_("Buildings can only be palace, church and trading house."))
    built = sorted(set(built))
    require(
        owner != UNOWNED or not built,
        _("An unowned land has no buildings: its card is in the deck."),
    )
    sites = lands()[land].building_sites
    if len(built) > sites:
        raise IllegalAction(
            ngettext(
                "%(land)s has only %(count)s city for buildings.",
                "%(land)s has only %(count)s cities for buildings.",
                sites,
                land=lands()[land].name,
            )
        )
    info = state["lands"][land]
    for kind in BUILDINGS:
        if kind in built and not info[kind]:
            require(board.buildings_left(state, kind) > 0, _("No building of this kind is left."))
    info["owner"] = None if owner == UNOWNED else owner
    for kind in BUILDINGS:
        info[kind] = kind in built


def score_winter(state: State) -> None:
    """Score the board as entered; after the second winter the game is over."""
    count = len(state["players"])
    state["winter"] = {
        "card": None,
        "loss": 0,
        "players": [],
        "revolts": [],
        "queue": [],
        "shortages": [0] * count,
    }
    points = scoring.winter_points(state)
    state["winters"].append(points)
    report.record(state, report.winter_event(state, points, scoring.totals(state)))
    if state["year"] >= YEARS:
        state["stage"] = "game_over"
        return
    state["year"] += 1


def choices(state: State) -> list[Choice]:
    owners: tuple[tuple[Any, Any], ...] = ((UNOWNED, _("Unowned")),) + tuple(
        enumerate(state["players"])
    )
    group = _("The board at the winter")
    return [
        Choice(
            msg(_("Enter a land")),
            {"type": "land"},
            fields=(
                Field(
                    "land",
                    _("Land"),
                    kind="choice",
                    choices=land_choices(list(state["lands"]), grouped=True),
                ),
                Field("owner", _("Owner"), kind="choice", choices=owners),
                Field(
                    "buildings",
                    _("Buildings"),
                    kind="multi",
                    choices=tuple((kind, BUILDING_LABELS[kind]) for kind in BUILDINGS),
                    default=[],
                ),
            ),
            group=group,
            note=msg(
                _("Lands entered so far: %(count)s owned. Enter each owned land once."),
                count=sum(1 for info in state["lands"].values() if info["owner"] is not None),
            ),
        ),
        Choice(
            msg(_("Score winter %(year)s"), year=state["year"]),
            {"type": "score_winter"},
            group=group,
            style="secondary",
            note=msg(_("First enter every land of the board as it stands now.")),
            # The winter's points are fixed by it and the year moves on (or the game ends).
            confirm=msg(
                _("Score winter %(year)s now, with the lands as entered? Only undo takes it back."),
                year=state["year"],
            ),
        ),
    ]
