"""Translation markers for the pure engines.

The engines must not import Django, yet every text they show a person has to
reach the user in Czech, English or Russian. So engines mark their English
texts with ``_`` (a no-op here); ``makemessages`` finds the marker and the web
layer translates the text when it renders it.
"""

from __future__ import annotations

from typing import Any, TypedDict


def _(text: str) -> str:
    """Mark ``text`` for translation; the web layer translates it later."""
    return text


class Msg(TypedDict):
    """A translatable text with its parameters, kept as plain JSON data."""

    text: str
    args: dict[str, Any]


def msg(text: str, **args: Any) -> Msg:
    """Build a :class:`Msg`; ``text`` uses ``%(name)s`` placeholders."""
    return {"text": text, "args": args}


def render_english(message: Msg | str) -> str:
    """The message in English: for logs, tests and exceptions' ``str()``."""
    if isinstance(message, str):
        return message
    args = {
        key: render_english(value) if isinstance(value, dict) else value
        for key, value in message["args"].items()
    }
    return message["text"] % args if args else message["text"]
