"""Template filters shared by the platform and the games' templates."""

from __future__ import annotations

import functools
import json
from typing import Any

from django import template
from django.templatetags.static import static
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext

from companion.game_styles import stylesheet_of
from companion.markers import marker_html, seat_marks

register = template.Library()


def translate(message: Any) -> str:
    """Translate a ``Msg`` (``{"text", "args"}``) or a marked string.

    String arguments are translated too, so an engine can pass a marked word
    (a nation, a colour) as an argument. A translation whose placeholders do
    not fit falls back to the English text rather than failing the page.
    """
    if message is None:
        return ""
    if isinstance(message, str):
        return gettext(message) if message else ""
    if isinstance(message, dict) and "seat" in message and "text" in message:
        return str((message.get("args") or {}).get("name", ""))  # a name is never translated
    if isinstance(message, dict) and "text" in message:
        args = {
            key: translate(value) if isinstance(value, str | dict) else value
            for key, value in (message.get("args") or {}).items()
        }
        if "plural" in message:
            text = ngettext(message["text"], message["plural"], int(message.get("count", 0)))
        else:
            text = gettext(message["text"])
        for candidate in (text, message["text"]):
            try:
                return candidate % args if args else candidate
            except (KeyError, ValueError, TypeError):
                continue
        return message["text"]  # a text whose placeholders do not fit: shown as it is
    return str(message)


@register.filter(name="tr")
def tr(message: Any) -> str:
    return translate(message)


# Stands for the echoed argument while the label is translated: a private-use character
# that no catalogue and no player's name holds.
_ECHO = "\ue000"


@register.filter
def tr_echo(message: Any, key: str) -> SafeString:
    """A choice's label translated, with its ``key`` argument in a span that the page keeps
    equal to the value of the form's field ``f.<key>`` (static/companion/live.js)."""
    args = message.get("args") if isinstance(message, dict) else None
    if not key or not isinstance(args, dict) or key not in args:
        return conditional_escape(translate(message))
    text = translate({**message, "args": {**args, key: _ECHO}})
    if text.count(_ECHO) != 1:  # a translation that drops or repeats it: no echo
        return conditional_escape(translate(message))
    before, after = text.split(_ECHO)
    echo = format_html('<span data-echo="f.{}">{}</span>', key, args[key])
    return mark_safe(conditional_escape(before) + echo + conditional_escape(after))


@register.filter
def seat_name(seats: list[dict[str, Any]], index: Any) -> str:
    """The name of seat ``index`` from the ``seats`` context list."""
    try:
        return str(seats[int(index)]["name"])
    except (IndexError, KeyError, TypeError, ValueError):
        return "?"


@register.filter
def seat_colour(seats: list[dict[str, Any]], index: Any) -> str:
    try:
        return str(seats[int(index)]["colour"])
    except (IndexError, KeyError, TypeError, ValueError):
        return ""


@register.simple_tag
def seat_marker(seats: list[dict[str, Any]], index: Any, named: bool = False) -> SafeString:
    """Seat ``index``'s marker: its colour and its mark (companion/markers.py), wherever a
    seat is shown. ``named=True`` where no name is written beside it."""
    try:
        position = int(index)
        seat = seats[position]
        marks = _marks(tuple(str(other["name"]) for other in seats))
        return _marker(str(seat["colour"]), marks[position], str(seat["name"]), bool(named))
    except (IndexError, KeyError, TypeError, ValueError):
        return SafeString("")


# A region draws a few markers per seat, the same ones in every region of a table: the
# marks and each marker's HTML are worked out once (both depend on their arguments only).
@functools.lru_cache(maxsize=1024)
def _marks(names: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(seat_marks(names))


@functools.lru_cache(maxsize=4096)
def _marker(colour: str, mark: str, name: str, named: bool) -> SafeString:
    return marker_html(colour, mark, name, named)


@register.simple_tag
def game_stylesheet(game: Any) -> SafeString:
    """The ``<link>`` to the game's own stylesheet (``companion/game_styles.py``), for the
    head of a page that shows the game; nothing for a game without one."""
    name = stylesheet_of(str(getattr(game, "slug", "")))
    if name is None:
        return SafeString("")
    return format_html('<link rel="stylesheet" href="{}">', static(name))


@register.simple_tag
def colour_marker(colour: Any, name: Any = "") -> SafeString:
    """A marker outside a table's seats (a player's page, the join page's colours): the
    colour with the name's initial."""
    text = str(name or "")
    return marker_html(str(colour or ""), seat_marks([text])[0] if text else "")


@register.filter
def get(mapping: Any, key: Any) -> Any:
    """``mapping[key]`` for dicts (also with int keys given as str) and lists."""
    try:
        if isinstance(mapping, dict):
            if key in mapping:
                return mapping[key]
            return mapping.get(str(key))
        return mapping[int(key)]
    except (IndexError, KeyError, TypeError, ValueError):
        return None


@register.filter
def greyed(entries: Any, kind: str) -> list[Any]:
    """The greyed entries of one kind among a group's ``(choice, idempotency key)`` pairs, for
    a game's phone list that folds them under one line (Babel's temple levels)."""
    return [
        (choice, idem)
        for choice, idem in entries
        if choice.disabled is not None and choice.action.get("type") == kind
    ]


@register.filter
def by_action(entries: Any, key: str) -> dict[Any, Any]:
    """A group's ``(choice, idempotency key)`` pairs by one value of their actions, for a game's
    phone list that lays its buttons out as its board (Babylon's quarry: by ``place``)."""
    return {choice.action.get(key): (choice, idem) for choice, idem in entries}


# ``json.dumps`` with these options builds an encoder on every call; a form writes one
# value per option of its lists (issue 25), so the encoder is built once (it keeps no state
# between calls).
_COMPACT_JSON = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)


@register.filter
def as_json(value: Any) -> str:
    """A value as JSON, for a form field's value attribute."""
    return _COMPACT_JSON.encode(value)


@register.filter
def duration(seconds: Any) -> str:
    """Seconds as h:mm:ss or m:ss; an unknown time (an imported play's) as a dash."""
    try:
        total = int(float(seconds))
    except (TypeError, ValueError):
        return "–"
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


@register.filter
def times(count: Any) -> range:
    """``range(count)`` for repeating a piece of markup."""
    try:
        return range(int(count))
    except (TypeError, ValueError):
        return range(0)
