"""What a correction would change, in the game's terms ("Kursachsen goes back to unowned")."""

from __future__ import annotations

from games.base import State
from games.i18n import Msg, _, msg
from games.wallenstein.data import BUILDING_LABELS, BUILDINGS, lands


def _owner_name(state: State, owner: int | None) -> str:
    return state["players"][owner] if owner is not None else ""


def _land_changes(before: State, after: State) -> list[Msg]:
    result: list[Msg] = []
    for land, old in before["lands"].items():
        new = after["lands"].get(land)
        if new is None:
            continue
        name = lands()[land].name
        if old["owner"] != new["owner"]:
            if new["owner"] is None:
                result.append(msg(_("%(land)s goes back to unowned"), land=name))
            else:
                result.append(
                    msg(
                        _("%(land)s goes to %(player)s"),
                        land=name,
                        player=_owner_name(after, new["owner"]),
                    )
                )
        if old["armies"] != new["armies"]:
            result.append(
                msg(
                    _("Armies in %(land)s: %(before)s → %(after)s"),
                    land=name,
                    before=old["armies"],
                    after=new["armies"],
                )
            )
        for kind in BUILDINGS:
            if old[kind] != new[kind]:
                text = (
                    _("%(land)s gets a %(building)s")
                    if new[kind]
                    else _("%(land)s loses its %(building)s")
                )
                result.append(msg(text, land=name, building=BUILDING_LABELS[kind]))
    return result


def _player_changes(before: State, after: State) -> list[Msg]:
    result: list[Msg] = []
    counters = (
        ("gold", _("%(player)s: gold %(before)s → %(after)s")),
        ("grain", _("%(player)s: grain %(before)s → %(after)s")),
        ("supply", _("%(player)s: armies in supply %(before)s → %(after)s")),
    )
    for seat, name in enumerate(after["players"]):
        for key, text in counters:
            old, new = before[key][seat], after[key][seat]
            if old != new:
                result.append(msg(text, player=name, before=old, after=new))
    return result


def between(before: State, after: State) -> list[Msg]:
    """Lands (owner, armies, buildings), then each player's gold, grain and supply."""
    return _land_changes(before, after) + _player_changes(before, after)
