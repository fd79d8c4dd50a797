"""Which device is asking: the seat it holds (by cookie) and whether it is the host."""

from __future__ import annotations

import hashlib
import secrets

from django.http import HttpRequest, HttpResponse

from companion.models import Seat, Table
from companion.services.entries import Actor

COOKIE_AGE = 60 * 60 * 24 * 30  # a month: a game night, and the rematch next week


def seat_cookie(table: Table) -> str:
    return f"seat_{table.code}"


def host_cookie(table: Table) -> str:
    return f"host_{table.code}"


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


def actor_for(request: HttpRequest, table: Table) -> Actor:
    seat = my_seat(request, table)
    host = is_host(request, table)
    token = request.COOKIES.get(seat_cookie(table)) or (
        request.COOKIES.get(host_cookie(table)) if host else ""
    )
    return Actor(seat=seat.index if seat else None, is_host=host, device=device_tag(token or ""))
