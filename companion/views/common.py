"""Small helpers the views share."""

from __future__ import annotations

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django_htmx.middleware import HtmxDetails

from companion import selectors
from companion.models import Table

MAX_CODE = 16  # the length of Table.code


def table_or_404(code: str) -> Table:
    # Only a code that could exist reaches the database (a NUL byte would be a DataError).
    if not 0 < len(code) <= MAX_CODE or not code.isascii() or not code.isalnum():
        raise Http404
    table = selectors.table_by_code(code)
    if table is None:
        raise Http404
    return table


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
