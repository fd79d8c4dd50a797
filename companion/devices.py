"""Which device is asking: the seat it holds (by cookie), whether it is the host or watches.

A device knows a table by one of three cookies, each holding a secret of that table:
``host_<code>`` (the host token), ``seat_<code>`` (the token of the seat it holds) and
``watch_<code>`` (the spectator link's token). Those decide which tables it sees listed.
"""

from __future__ import annotations

import hashlib
import secrets

from django.conf import settings
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse

from companion.models import Seat, Table
from companion.services.entries import Actor

COOKIE_AGE = 60 * 60 * 24 * 30  # a month: a game night, and the rematch next week


def seat_cookie(table: Table) -> str:
    return f"seat_{table.code}"


def host_cookie(table: Table) -> str:
    return f"host_{table.code}"


def watch_cookie(table: Table) -> str:
    return f"watch_{table.code}"


COOKIE_PREFIXES = ("host_", "seat_", "watch_")
MAX_KNOWN_TABLES = 100  # cookies read for the listings: a month of game nights


def set_cookie(request: HttpRequest, response: HttpResponse, name: str, value: str) -> None:
    response.set_cookie(
        name,
        value,
        max_age=COOKIE_AGE,
        httponly=True,
        samesite="Lax",
        secure=request.is_secure(),
    )


def is_host(request: HttpRequest, table: Table) -> bool:
    token = request.COOKIES.get(host_cookie(table), "")
    return bool(token) and secrets.compare_digest(token, table.host_token)


def my_seat(request: HttpRequest, table: Table) -> Seat | None:
    token = request.COOKIES.get(seat_cookie(table), "")
    if not token:
        return None
    return table.seats.filter(device_token=token).first()


def device_tag(token: str) -> str:
    """A short, non-secret name for a device in the log."""
    return hashlib.sha256(token.encode()).hexdigest()[:8] if token else ""


# What the entry views read of a seated phone's table before the entry's own locked read:
# not the state, the scores or the clocks, whose JSON and dates would be decoded for nothing.
ENTRY_TABLE_FIELDS = ("code", "game", "status", "host_token")


def my_seat_with_table(request: HttpRequest, code: str) -> Seat | None:
    """The seat this device holds at table ``code`` with its table, in one query.

    For the entry views, which need both: most entries come from a seated phone. The
    table holds only ``ENTRY_TABLE_FIELDS``: the entry reads it whole under its lock.
    """
    token = request.COOKIES.get(f"seat_{code}", "")
    if not token:
        return None
    fields = ("index", "device_token", *(f"table__{name}" for name in ENTRY_TABLE_FIELDS))
    found = (
        Seat.objects.select_related("table")
        .only(*fields)
        .filter(table__code=code, device_token=token)[:1]
    )
    return next(iter(found), None)


def actor_for(request: HttpRequest, table: Table) -> Actor:
    return actor_with_seat(request, table, my_seat(request, table))


def actor_with_seat(request: HttpRequest, table: Table, seat: Seat | None) -> Actor:
    """Who sends an entry, given the seat this device holds (``my_seat``)."""
    host = is_host(request, table)
    token = request.COOKIES.get(seat_cookie(table)) or (
        request.COOKIES.get(host_cookie(table)) if host else ""
    )
    return Actor(seat=seat.index if seat else None, is_host=host, device=device_tag(token or ""))


def watches(request: HttpRequest, table: Table) -> bool:
    token = request.COOKIES.get(watch_cookie(table), "")
    return bool(token) and secrets.compare_digest(token, table.watch_token)


def remember_watching(request: HttpRequest, response: HttpResponse, table: Table) -> None:
    """A spectator link opened on this device lists the table on its home page."""
    set_cookie(request, response, watch_cookie(table), table.watch_token)


def knows(request: HttpRequest, table: Table) -> bool:
    """The device hosts, holds a seat at, or watches ``table`` (seats prefetched or not)."""
    if is_host(request, table) or watches(request, table):
        return True
    token = request.COOKIES.get(seat_cookie(table), "")
    return bool(token) and any(
        secrets.compare_digest(token, seat.device_token) for seat in table.seats.all()
    )


def cookie_codes(request: HttpRequest) -> list[str]:
    """The table codes named by this device's cookies (not yet checked against the tables)."""
    codes = {
        name.split("_", 1)[1]
        for name in request.COOKIES
        if name.startswith(COOKIE_PREFIXES) and len(name) < 40
    }
    return sorted(codes)[:MAX_KNOWN_TABLES]


def sees_all_tables(request: HttpRequest) -> bool:
    """The person running the server: a staff login (the admin), or the setting."""
    user = getattr(request, "user", None)
    return bool(settings.SHOW_ALL_TABLES or (user is not None and user.is_staff))


# -- the tables a device sees listed ---------------------------------------------------------


def tables_known_to(request: HttpRequest, candidates: QuerySet[Table], limit: int) -> list[Table]:
    """The ``candidates`` this device may see listed (README: who sees what).

    Everything for the person running the server; else the tables whose cookies the
    device holds with the right secret (host, seat, spectator link).
    """
    if sees_all_tables(request):
        return list(candidates[:limit])
    codes = cookie_codes(request)
    if not codes:
        return []
    known = [table for table in candidates.filter(code__in=codes) if knows(request, table)]
    return known[:limit]


def my_tables(request: HttpRequest, limit: int = 12) -> list[Table]:
    """The home page's "your tables": the games not over that this device belongs to."""
    candidates = Table.objects.exclude(status=Table.Status.FINISHED).prefetch_related("seats")
    return tables_known_to(request, candidates, limit)


def visible_history(request: HttpRequest, limit: int = 200) -> list[Table]:
    """The history page: finished and running games this device belongs to."""
    candidates = Table.objects.exclude(status=Table.Status.LOBBY).prefetch_related("seats")
    return tables_known_to(request, candidates, limit)
