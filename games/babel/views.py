"""What each seat sees, the status line and the log lines."""

from __future__ import annotations

from typing import Any

from games.babel.constants import (
    CITY_NAMES,
    NATION_NAMES,
    NATIONS,
    POWER_HALVE,
    STAGE_ACTIONS,
    STAGE_DEAL,
    STAGE_DRAW,
    STAGE_OVER,
    STAGE_TEMPLE,
)
from games.babel.draws import drawing
from games.babel.endgame import distances
from games.babel.moves import SOURCE_LABELS
from games.babel.state import (
    State,
    height,
    temple_deck_unknown,
    temple_total,
)
from games.base import Phase
from games.i18n import Msg, _, msg, ngettext


def view(state: State, seat: int | None) -> State:
    """The public table plus, for a seat with a tracked hand, that hand only.

    The other seat's hand never appears: only its size (``hand_sizes``).
    The nation deck's make-up is not shown either, because with tracking it
    would reveal the opponent's hand by subtraction.
    """
    public = {key: value for key, value in state.items() if not key.startswith("_")}
    unknown = temple_deck_unknown(state)
    public["totals"] = [temple_total(state, s) for s in range(len(state["players"]))]
    public["distances"] = distances(state)
    public["temple_deck_levels"] = {
        "known_top": list(state["temple_deck"]["top"]),
        "shuffled": {str(level): count for level, count in unknown.items()},
        "possible": [level for level, count in unknown.items() if count > 0],
    }
    public["board"] = board(state)
    public["labels"] = {"nations": dict(NATION_NAMES), "cities": dict(CITY_NAMES)}
    public["hand"] = None
    public["drawing"] = []
    if seat is not None and state["_hands"] is not None and 0 <= seat < len(state["players"]):
        public["hand"] = dict(state["_hands"][seat])
        # The cards this seat has entered so far in its current draw, one tap each.
        public["drawing"] = [
            {"nation": nation, "name": NATION_NAMES[nation]} for nation in drawing(state, seat)
        ]
    public["temple_pending"] = state.get("temple_pending")
    public["last_event"] = state.get("last_event")
    public["last_event_lines"] = event_lines(state)
    return public


def event_lines(state: State) -> list[Msg]:
    """What the last build or ability did, in words for the table and the phones.

    Everything named here lies face up on the table (temples, rows, hand sizes).
    """
    event = state.get("last_event")
    if not event:
        return []
    players = state["players"]
    name = players[event["seat"]]
    city = CITY_NAMES[event["city"]]
    if event["kind"] == "build":
        return [
            msg(
                _("%(player)s built level %(level)s in %(city)s from %(source)s."),
                player=name,
                level=event["level"],
                city=city,
                source=SOURCE_LABELS[event["source"]],
            )
        ]
    other = players[event["opponent"]]
    nation = NATION_NAMES[event["nation"]]
    if event["power"] == POWER_HALVE:
        return [
            msg(
                _(
                    "%(player)s used three %(nation)s: %(opponent)s's cards in hand: %(before)s → %(after)s."
                ),
                player=name,
                nation=nation,
                opponent=other,
                before=event["hand_before"],
                after=event["hand_after"],
            )
        ]
    if "destroyed" in event:
        return [
            msg(
                _(
                    "%(player)s's Assyrians destroyed %(opponent)s's temple in %(city)s: levels %(levels)s go back on the temple deck, the lowest on top."
                ),
                player=name,
                opponent=other,
                city=city,
                levels=", ".join(str(level) for level in event["destroyed"]),
            )
        ]
    if "stolen" in event:
        return [
            msg(
                _(
                    "%(player)s's Hittites stole level %(level)s of %(opponent)s's temple in %(city)s."
                ),
                player=name,
                level=event["stolen"],
                opponent=other,
                city=city,
            )
        ]
    if "expelled" in event:
        return [
            msg(
                _(
                    "%(player)s's Medes drove the %(nation)s out of %(opponent)s's row in %(city)s (cards discarded: %(count)s)."
                ),
                player=name,
                nation=NATION_NAMES[event["expelled"]["nation"]],
                opponent=other,
                city=city,
                count=event["expelled"]["count"],
            )
        ]
    if "built" in event:
        return [
            msg(
                _("%(player)s's Persians skipped a level: level %(level)s built in %(city)s."),
                player=name,
                level=event["built"],
                city=city,
            )
        ]
    if "taken" in event:
        taken = event["taken"]
        return [
            msg(
                _(
                    "%(player)s's Sumerians took %(count)s × %(nation)s from %(opponent)s's row in %(city)s."
                ),
                player=name,
                count=len(taken),
                nation=NATION_NAMES[taken[0]] if taken else "?",
                opponent=other,
                city=city,
            )
        ]
    return [msg(_("%(player)s used the ability of the %(nation)s."), player=name, nation=nation)]


def board(state: State) -> list[dict[str, Any]]:
    """The five cities ready for the templates: names marked, cards named, heights."""
    seats = range(len(state["players"]))
    return [
        {
            "key": city,
            "name": CITY_NAMES[city],
            "nation": NATION_NAMES[city],
            "rows": [
                [
                    {"nation": card, "name": NATION_NAMES[card]}
                    for card in state["cities"][city]["rows"][s]
                ]
                for s in seats
            ],
            "temples": [list(state["cities"][city]["temples"][s]) for s in seats],
            "heights": [height(state["cities"][city]["temples"][s]) for s in seats],
            "figures": [s for s in seats if state["figures"][s] == city],
        }
        for city in NATIONS
    ]


def phase(state: State) -> Phase:
    """The status line: whose turn and which part of it."""
    stage = state["stage"]
    name = state["players"][state["active"]]
    if stage == STAGE_OVER:
        return {"key": STAGE_OVER, "label": msg(_("The game is over."))}
    if stage == STAGE_DEAL:
        return {"key": STAGE_DEAL, "label": msg(_("Both players enter their starting hands."))}
    pending = state["pending"]
    if pending is not None:
        return {
            "key": "discard",
            "label": ngettext(
                "%(player)s: discard %(count)s card",
                "%(player)s: discard %(count)s cards",
                pending["count"],
                player=state["players"][pending["seat"]],
            ),
        }
    labels = {
        STAGE_DRAW: _("%(player)s: draw 3 nation cards"),
        STAGE_ACTIONS: _("%(player)s: actions"),
        STAGE_TEMPLE: _("%(player)s: draw 2 temple cards"),
    }
    return {"key": stage, "label": msg(labels[stage], player=name)}
