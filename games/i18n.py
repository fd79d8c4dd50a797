"""Translation markers for the pure engines.

The engines must not import Django, yet every text they show a person has to
reach the user in Czech, English or Russian. So engines mark their English
texts with ``_`` (a no-op here); ``makemessages`` finds the marker and the web
layer translates the text when it renders it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypedDict


def _(text: str) -> str:
    """Mark ``text`` for translation; the web layer translates it later."""
    return text


class Msg(TypedDict, total=False):
    """A translatable text with its parameters, kept as plain JSON data.

    ``text`` and ``args`` are always there; ``plural`` and ``count`` when the
    text depends on a number (see :func:`ngettext`); ``seat`` when the message is
    a seat's name (see :func:`seat_name`).
    """

    text: str
    args: dict[str, Any]
    plural: str
    count: int
    seat: int


def msg(text: str, **args: Any) -> Msg:
    """Build a :class:`Msg`; ``text`` uses ``%(name)s`` placeholders."""
    return {"text": text, "args": args}


def ngettext(singular: str, plural: str, count: int, **args: Any) -> Msg:
    """A :class:`Msg` whose wording follows ``count`` ("1 pillar", "5 pillars").

    Named like gettext's own function so that ``makemessages`` files both
    forms together; the web layer picks the form for the user's language
    (Russian has three). ``count`` is also available as ``%(count)s``.
    """
    return {"text": singular, "plural": plural, "count": count, "args": {"count": count, **args}}


def seat_name(seat: int, name: str) -> Msg:
    """A seat's name as the argument of a message: ``player=seat_name(1, "Player 2")``.

    A message kept in the state (a result, a summary) outlives the names dealt at the
    start: a phone that joins later brings its own name, the host renames a seat. The
    platform shows such an argument as the seat's current name (the name of record);
    ``name`` is the one the engine knew, for English logs and tests.
    """
    return {"text": "%(name)s", "args": {"name": name}, "seat": seat}


def listed(items: Sequence[str | Msg]) -> Msg:
    """Several texts as one argument, "A, B, C", each translated where it is shown."""
    if len(items) <= 1:
        return msg("%(item)s", item=items[0] if items else "")
    return msg("%(first)s, %(rest)s", first=items[0], rest=listed(items[1:]))


def render_english(message: Msg | str) -> str:
    """The message in English: for logs, tests and exceptions' ``str()``."""
    if isinstance(message, str):
        return message
    args = {
        key: render_english(value) if isinstance(value, dict) else value  # type: ignore[arg-type]
        for key, value in message["args"].items()
    }
    text = message["text"]
    if "plural" in message and message.get("count") != 1:
        text = message["plural"]
    return text % args if args else text
