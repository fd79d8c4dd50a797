"""Small helpers the views share."""

from __future__ import annotations

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django_htmx.middleware import HtmxDetails

from companion import devices, selectors
from companion.models import Table
from companion.services.entries import Actor

MAX_CODE = 16  # the length of Table.code


def table_or_404(code: str) -> Table:
    _check_code(code)
    table = selectors.table_by_code(code)
    if table is None:
        raise Http404
    return table


def table_and_actor(request: HttpRequest, code: str) -> tuple[Table, Actor]:
    """The table and who asks, for the entry views: a seated phone's seat is read
    with its table (one query where two would do on every entry). A seated phone's
    table holds only ``devices.ENTRY_TABLE_FIELDS``: read it again to show it."""
    _check_code(code)
    seat = devices.my_seat_with_table(request, code.upper())
    table = seat.table if seat is not None else table_or_404(code)
    return table, devices.actor_with_seat(request, table, seat)


def _check_code(code: str) -> None:
    # Only a code that could exist reaches the database (a NUL byte would be a DataError).
    if not 0 < len(code) <= MAX_CODE or not code.isascii() or not code.isalnum():
        raise Http404


def public_base(request: HttpRequest) -> str:
    """The address phones use: the configured public URL, else this request's host."""
    return settings.PUBLIC_URL or f"{request.scheme}://{request.get_host()}"


def absolute(request: HttpRequest, path: str) -> str:
    return public_base(request) + path


class HtmxHttpRequest(HttpRequest):
    """A request as django-htmx's middleware leaves it (the typing its docs recommend)."""

    htmx: HtmxDetails


def ok(request: HttpRequest) -> HttpResponse:
    """A bare "ok": the health check, and the framework's floor in the benchmarks."""
    return HttpResponse("ok", content_type="text/plain")
