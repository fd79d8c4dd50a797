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
        return _named_list(value, names)
    if isinstance(value, dict):
        return _named_dict(value, names)
    return value


# The walk below visits every list and dict of a view once per version; it calls itself
# only for containers (a view's leaves, its many numbers and strings, are kept as they
# are without a call each) and copies a container only once something in it changed.


def _named_list(value: list[Any], names: Sequence[str]) -> list[Any]:
    copy: list[Any] | None = None
    for index, item in enumerate(value):
        if isinstance(item, list):
            new: Any = _named_list(item, names)
        elif isinstance(item, dict):
            new = _named_dict(item, names)
        else:
            continue
        if new is not item:
            if copy is None:
                copy = list(value)
            copy[index] = new
    return value if copy is None else copy


def _named_dict(value: dict[Any, Any], names: Sequence[str]) -> dict[Any, Any]:
    seat = value.get("seat")
    if "text" in value and isinstance(seat, int) and 0 <= seat < len(names):
        return {**value, "args": {**(value.get("args") or {}), "name": names[seat]}}
    copy: dict[Any, Any] | None = None
    for key, item in value.items():
        if isinstance(item, list):
            new: Any = _named_list(item, names)
        elif isinstance(item, dict):
            new = _named_dict(item, names)
        else:
            continue
        if new is not item:
            if copy is None:
                copy = dict(value)
            copy[key] = new
    return value if copy is None else copy
