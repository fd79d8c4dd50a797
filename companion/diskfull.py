"""A full disk is a refusal that says so, not a server error.

When the disk under the database fills up, a write fails inside its transaction, which
is rolled back: nothing is half-written (SQLite and PostgreSQL both guarantee it). What
is left to do is to tell the table why: a 503 in the user's language ("the server cannot
save: its disk is full"), with ``Retry-After``, instead of a generic 500. A phone keeps
an entry that got this answer and sends it again later (``static/companion/outbox.js``).

Recognised: SQLite's SQLITE_FULL, PostgreSQL's disk_full (SQLSTATE 53100) and an
operating-system write that ran out of space (ENOSPC, or EDQUOT over a quota).
"""

from __future__ import annotations

import errno
import logging
import sqlite3
from collections.abc import Awaitable, Callable

from asgiref.sync import iscoroutinefunction, markcoroutinefunction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from games.i18n import _, msg

logger = logging.getLogger(__name__)

RETRY_AFTER_SECONDS = 30
POSTGRES_DISK_FULL = "53100"
NO_SPACE = {errno.ENOSPC, errno.EDQUOT}


def is_disk_full(error: BaseException) -> bool:
    """Whether ``error``, or an error it was raised from, is a write that found no space."""
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if getattr(current, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL:
            return True
        if getattr(current, "sqlstate", None) == POSTGRES_DISK_FULL:
            return True
        if isinstance(current, OSError) and current.errno in NO_SPACE:
            return True
        current = current.__cause__ or current.__context__
    return False


def refusal(request: HttpRequest) -> HttpResponse:
    """The 503 page that says the disk is full, in the request's language."""
    response = render(
        request,
        "companion/message.html",
        {"message": msg(_("The server cannot save: its disk is full. Nothing was changed."))},
        status=503,
    )
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    response["Cache-Control"] = "no-store"
    return response


class DiskFullRefusal:
    """Middleware: a view that failed on a full disk answers :func:`refusal`."""

    sync_capable = True
    async_capable = True

    def __init__(
        self, get_response: Callable[[HttpRequest], HttpResponse | Awaitable[HttpResponse]]
    ) -> None:
        self.get_response = get_response
        if iscoroutinefunction(get_response):
            markcoroutinefunction(self)

    def __call__(self, request: HttpRequest) -> HttpResponse | Awaitable[HttpResponse]:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not is_disk_full(exception):
            return None
        logger.error(
            "The disk is full: %s %s refused (%s)", request.method, request.path, exception
        )
        return refusal(request)
