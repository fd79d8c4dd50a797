"""Rate limits per client: guessing table codes and joining tables.

Counts live in Django's cache (shared by all processes when Redis is configured, see
``cache_config``), in fixed windows. A failing cache lets the request through: a
limit protects the codes, it must never take the game night down with it.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Limit:
    scope: str
    count: int  # requests allowed per window
    window: int  # seconds


# 31^8 codes at 20 misses a minute: no code is found by trying.
UNKNOWN_CODES = Limit("miss", 20, 60)
# A table has at most five seats; a phone that fails to join a few times still gets in.
JOINS = Limit("join", 20, 60)
JOIN_VIEWS = {"join", "seat_link"}


def limits() -> tuple[Limit, Limit]:
    """The two limits; a deployment (or a test) may set ``COMPANION_RATE_LIMITS``."""
    configured = getattr(settings, "COMPANION_RATE_LIMITS", None) or {}
    return (
        configured.get("miss", UNKNOWN_CODES),
        configured.get("join", JOINS),
    )


def client_of(request: HttpRequest) -> str:
    """The client's address as the server sees it (the LAN address of the phone)."""
    return request.META.get("REMOTE_ADDR", "") or "unknown"


def _key(limit: Limit, client: str) -> str:
    return f"ratelimit:{limit.scope}:{client}:{int(time.time() // limit.window)}"


def used(limit: Limit, client: str) -> int:
    """Requests counted in the current window; 0 when the cache cannot be read."""
    try:
        return int(cache.get(_key(limit, client), 0))
    except Exception:  # any cache failure: fail open
        log.warning("rate limit cache unavailable", exc_info=True)
        return 0


def count(limit: Limit, client: str) -> None:
    key = _key(limit, client)
    try:
        if not cache.add(key, 1, timeout=limit.window + 1):
            cache.incr(key)
    except ValueError:  # the key expired between add and incr: the window is new
        pass
    except Exception:
        log.warning("rate limit cache unavailable", exc_info=True)


def too_many(request: HttpRequest) -> HttpResponse:
    return render(request, "companion/too_many.html", status=429)


class RateLimitMiddleware:
    """Refuses, before the view runs, a client that guessed codes or joined too often.

    A table address that answers 404 (no such table, a wrong spectator or seat token)
    counts as a miss; every POST to a join page counts as a join.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        match = request.resolver_match
        if response.status_code == 404 and match is not None and "code" in match.kwargs:
            count(limits()[0], client_of(request))
        return response

    def process_view(
        self,
        request: HttpRequest,
        view: Callable[..., HttpResponse],
        args: tuple[object, ...],
        kwargs: dict[str, object],
    ) -> HttpResponse | None:
        if "code" not in kwargs:
            return None
        misses, joins = limits()
        client = client_of(request)
        if used(misses, client) >= misses.count:
            return too_many(request)
        match = request.resolver_match
        if request.method == "POST" and match is not None and match.url_name in JOIN_VIEWS:
            if used(joins, client) >= joins.count:
                return too_many(request)
            count(joins, client)
        return None
