"""What the last consequential entry did, in words for the table and the phones.

The engine records ``last_event`` in the state (an extraction, the tiles and
decorations of a turn, a revealed round token); this turns it into lines the
templates only render. Everything in Babylon is open information.
"""

from __future__ import annotations

from typing import Any

from games.babylon.components import (
    DECORATION_LABELS,
    EFFECT_LABELS,
    FLOWER_LABELS,
    MATERIAL_LABELS,
    QUARRY_SIDE,
    STAIRS,
    START_TILE,
)
from games.i18n import Msg, _, msg

State = dict[str, Any]


# Which tile was built, as a phrase inside a sentence (its own translation).
TILE_PHRASES: dict[str, str] = {
    "clay": _("a clay tile"),
    "granite": _("a granite tile"),
    "basalt": _("a basalt tile"),
    START_TILE: _("the start tile"),
}


def event_lines(state: State) -> list[Msg]:
    """One line per thing the last entry did (empty when there is nothing to show)."""
    event = state.get("last_event")
    if not event:
        return []
    player = state["players"][event["seat"]]
    if event["kind"] == "extract":
        row, column = divmod(event["place"], QUARRY_SIDE)
        return [
            msg(
                _(
                    "%(player)s took the %(material)s tile at row %(row)s, column %(column)s (%(flower)s): single pillars %(singles)s, double %(doubles)s."
                ),
                player=player,
                material=MATERIAL_LABELS[event["material"]],
                row=row + 1,
                column=column + 1,
                flower=FLOWER_LABELS[event["flower"]],
                singles=event["single"],
                doubles=event["double"],
            )
        ]
    if event["kind"] == "reveal":
        return [
            msg(
                _("%(player)s revealed the round token: %(effect)s"),
                player=player,
                effect=EFFECT_LABELS[event["effect"]],
            )
        ]
    lines = [tile_line(player, tile) for tile in event["tiles"]]
    lines += [decoration_line(player, placed) for placed in event["decorations"]]
    return lines


def tile_line(player: str, tile: dict[str, Any]) -> Msg:
    """A placed tile: which, where and on what it stands."""
    text = (
        _(
            "%(player)s built %(tile)s (%(flower)s) on floor %(floor)s on 3 pillars and a viewpoint: single %(singles)s, double %(doubles)s, statues %(statues)s."
        )
        if tile["viewpoint"]
        else _(
            "%(player)s built %(tile)s (%(flower)s) on floor %(floor)s on 4 pillars: single %(singles)s, double %(doubles)s, statues %(statues)s."
        )
    )
    return msg(
        text,
        player=player,
        tile=TILE_PHRASES[tile["material"]],
        flower=FLOWER_LABELS.get(tile["flower"], "?"),
        floor=tile["floor"],
        singles=tile["singles"],
        doubles=tile["doubles"],
        statues=tile["statues"],
    )


def decoration_line(player: str, placed: dict[str, Any]) -> Msg:
    """A decoration placed in the turn."""
    if placed["decoration"] == STAIRS:
        return msg(
            _("%(player)s placed stairs between floors %(floor)s and %(upper)s."),
            player=player,
            floor=placed["floor"],
            upper=placed["floor"] + 1,
        )
    return msg(
        _("%(player)s placed a %(decoration)s on floor %(floor)s."),
        player=player,
        decoration=DECORATION_LABELS[placed["decoration"]],
        floor=placed["floor"],
    )
