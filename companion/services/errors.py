"""Why the platform refused an entry, as data the views can translate."""

from __future__ import annotations

from typing import Any

from games.i18n import Msg, msg


class Refused(Exception):
    """An entry or a table change was refused; nothing was written.

    ``status`` is the HTTP status a plain (non-htmx) request answers with.
    """

    status = 400

    def __init__(self, text: str | Msg, **args: Any) -> None:
        self.message: Msg = text if isinstance(text, dict) else msg(text, **args)
        super().__init__(self.message["text"] % self.message["args"])


class Forbidden(Refused):
    """The device may not do this (a spectator, a stranger, another seat)."""

    status = 403


class Stale(Refused):
    """The form was made for an older version: someone else entered first."""

    status = 409


class NotFound(Refused):
    status = 404
