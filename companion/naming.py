"""Seats' names in the engines' messages: shown as they are now, not as they were dealt."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.services.errors import Refused
from games.i18n import ngettext

MAX_NAME = 40  # a seat's or a player's name, as typed


def typed_name(name: str | None) -> str:
    """A typed name with its spaces collapsed (empty when nothing was typed); refused when
    longer than ``MAX_NAME``. Seats and players share it, so the two limits cannot drift."""
    name = " ".join((name or "").split())
    if len(name) > MAX_NAME:
        raise Refused(
            ngettext(
                "A name can have at most %(n)s character.",
                "A name can have at most %(n)s characters.",
                MAX_NAME,
                n=MAX_NAME,
            )
        )
    return name


def named(value: Any, names: Sequence[str]) -> Any:
    """``value`` (a message, or data holding messages) with each seat's name as it is now.

    An engine names a seat in a message with ``games.i18n.seat_name``; a message kept in
    the state since the start (a result, a summary) still holds the name the engine knew
    then. Shown, it takes the name of record, like ``with_current_names`` does for the
    messages the engine makes now. The input is not changed; what holds no seat's name is
    returned as it is (no copy), so a large view costs one walk.
    """
    if isinstance(value, list):
        items = [named(item, names) for item in value]
        return value if all(a is b for a, b in zip(items, value, strict=True)) else items
    if not isinstance(value, dict):
        return value
    seat = value.get("seat")
    if "text" in value and isinstance(seat, int) and 0 <= seat < len(names):
        return {**value, "args": {**(value.get("args") or {}), "name": names[seat]}}
    changed = {key: named(item, names) for key, item in value.items()}
    return value if all(changed[key] is item for key, item in value.items()) else changed
