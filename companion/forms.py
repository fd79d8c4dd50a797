"""Turning the posted entry forms into actions.

A choice's form carries the action as JSON in ``action``; each field adds
``f.<key>`` (one value) or ``m.<key>`` (a list). Values are JSON, so an int
stays an int and a string a string; what is not JSON is passed on as typed
for the engine to refuse with a clear reason. JSON is read through
:func:`companion.validation.parse_json` (bounded depth and size, finite numbers).
"""

from __future__ import annotations

from typing import Any

from django.http import QueryDict

from companion.services.errors import Refused
from companion.validation import parse_json
from games.i18n import _


def _value(raw: str) -> Any:
    raw = raw.strip()
    if raw == "":
        return None
    try:
        return parse_json(raw)
    except ValueError:  # also too deep or not finite: text, which the engine refuses
        return raw


def field_values(data: QueryDict) -> dict[str, Any]:
    """The values of an entry's fields: ``f.<key>`` (one) and ``m.<key>`` (a list)."""
    values: dict[str, Any] = {}
    for name in data:
        if name.startswith("f."):
            values[name[2:]] = _value(data.get(name, ""))
        elif name.startswith("m."):
            values[name[2:]] = [_value(item) for item in data.getlist(name)]
    for key in data.getlist("multi"):  # a multiple choice with nothing ticked is an empty list
        values.setdefault(key, [])
    return values


def action_from_post(data: QueryDict) -> dict[str, Any]:
    """The action of a choice's form: its JSON, completed with its fields' values."""
    try:
        action = parse_json(data.get("action", ""))
    except ValueError:
        raise Refused(_("This entry is not understood.")) from None
    if not isinstance(action, dict):
        raise Refused(_("This entry is not understood."))
    action.update(field_values(data))
    return action


def int_from_post(data: QueryDict, name: str) -> int | None:
    raw = data.get(name)
    if raw in (None, ""):
        return None
    try:
        value = int(raw)
    except ValueError:
        raise Refused(_("This form is incomplete; reload the page.")) from None
    if abs(value) > 2**31 - 1:  # no version or seat is this large; keeps the column in range
        raise Refused(_("This form is incomplete; reload the page."))
    return value
