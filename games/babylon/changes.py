"""What a correction changes on the table, in Babylon's terms (``Game.changes``)."""

from __future__ import annotations

from typing import Any

from games.babylon.components import EFFECT_LABELS, QUARRY_SIDE
from games.babylon.garden import visible_garden
from games.babylon.scoring import FLOOR_COUNTS, tiles_on
from games.i18n import Msg, _, msg

State = dict[str, Any]


def changes(before: State, after: State) -> list[Msg]:
    """One line per thing that differs between ``before`` and ``after``."""
    lines: list[Msg] = []
    for place, (old, new) in enumerate(zip(before["quarry"], after["quarry"], strict=True)):
        if len(old) != len(new):
            row, column = divmod(place, QUARRY_SIDE)
            lines.append(
                msg(
                    _("Quarry row %(row)s, column %(column)s: tiles %(before)s → %(after)s."),
                    row=row + 1,
                    column=column + 1,
                    before=len(old),
                    after=len(new),
                )
            )
    if before.get("effect") != after.get("effect") and after.get("effect"):
        lines.append(
            msg(_("The round token becomes: %(effect)s"), effect=EFFECT_LABELS[after["effect"]])
        )
    for seat, name in enumerate(after["players"]):
        old_board, new_board = before["boards"][seat], after["boards"][seat]
        old_garden, new_garden = visible_garden(old_board), visible_garden(new_board)
        for number in range(1, max(len(old_garden), len(new_garden)) + 1):
            old = old_garden[number - 1] if number <= len(old_garden) else None
            new = new_garden[number - 1] if number <= len(new_garden) else None
            if old == new:
                continue
            lines.append(
                msg(
                    _(
                        "%(player)s, floor %(floor)s: visible tiles %(before)s → %(after)s, decorations %(old)s → %(new)s."
                    ),
                    player=name,
                    floor=number,
                    before=tiles_on(old) if old else 0,
                    after=tiles_on(new) if new else 0,
                    old=pieces_on(old),
                    new=pieces_on(new),
                )
            )
        if old_board["holes"] != new_board["holes"]:
            lines.append(
                msg(
                    _("%(player)s: visible holes %(before)s → %(after)s."),
                    player=name,
                    before=old_board["holes"] if old_board["holes"] is not None else "-",
                    after=new_board["holes"] if new_board["holes"] is not None else "-",
                )
            )
        old_hand = old_board["singles"]
        if old_hand != new_board["singles"]:
            lines.append(
                msg(
                    _("%(player)s: single pillars in storage %(before)s → %(after)s."),
                    player=name,
                    before=old_hand,
                    after=new_board["singles"],
                )
            )
    return lines


def pieces_on(floor: dict[str, Any] | None) -> int:
    """The visible decorations and viewpoints of a floor."""
    if floor is None:
        return 0
    return sum(floor[kind] for kind in FLOOR_COUNTS)
