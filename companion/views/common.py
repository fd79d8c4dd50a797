"""Small helpers the views share."""

from __future__ import annotations

from django.conf import settings
from django.http import Http404, HttpRequest

from companion import selectors
from companion.models import Table


def table_or_404(code: str) -> Table:
    table = selectors.table_by_code(code)
    if table is None:
        raise Http404
    return table


def public_base(request: HttpRequest) -> str:
    """The address phones use: the configured public URL, else this request's host."""
    return settings.PUBLIC_URL or f"{request.scheme}://{request.get_host()}"


def absolute(request: HttpRequest, path: str) -> str:
    return public_base(request) + path
