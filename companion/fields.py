"""An entry's values checked against the fields the engine offered, named by their labels.

The same field (its key, label and limits) is shown in the entry form and in the
correction form, so the same check holds in both: a number out of the field's range is
refused by the platform before the engine sees it, with the field's translated label
("Visible holes on your board: from 0 to 48."), never its key. A reason the engine gives
itself about a field (``games.base.int_arg`` names the key) is relabelled the same way.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from companion.services.errors import Refused
from games.base import Action, Choice, Field
from games.i18n import Msg, _


def check_values(fields: Iterable[Field], values: dict[str, Any]) -> None:
    """Refuse a value outside its number field's limits; other values go to the engine."""
    for field in fields:
        if field.kind != "int" or values.get(field.key) is None:
            continue  # an absent value: the engine says what is missing
        value = values[field.key]
        if isinstance(value, bool) or not isinstance(value, int):
            raise Refused(_("%(field)s: enter a whole number."), field=field.label)
        if field.low is not None and field.high is not None:
            if not field.low <= value <= field.high:
                raise Refused(
                    _("%(field)s: from %(low)s to %(high)s."),
                    field=field.label,
                    low=field.low,
                    high=field.high,
                )
        elif field.low is not None and value < field.low:
            raise Refused(_("%(field)s: at least %(low)s."), field=field.label, low=field.low)
        elif field.high is not None and value > field.high:
            raise Refused(_("%(field)s: at most %(high)s."), field=field.label, high=field.high)


def offered_fields(action: Action, offered: Iterable[Choice]) -> tuple[Field, ...]:
    """The fields of the offered choice that ``action`` was made from.

    That is the enabled choice whose own keys the action carries with the same values;
    of several (a drop entered by hand and one the app simulates) the most specific.
    A disabled choice has none: the engine gives the reason it is not possible.
    """
    matching = [
        choice
        for choice in offered
        if choice.disabled is None
        and all(action.get(key) == value for key, value in choice.action.items())
    ]
    if not matching:
        return ()
    return max(matching, key=lambda choice: len(choice.action)).fields


def labelled(message: Msg, fields: Iterable[Field]) -> Msg:
    """``message`` with a field's key in its ``field`` argument replaced by its label."""
    args = message.get("args") or {}
    key = args.get("field")
    label = next((field.label for field in fields if field.key == key), None)
    if label is None:
        return message
    return {**message, "args": {**args, "field": label}}
