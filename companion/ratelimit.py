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
from typing import Any

from asgiref.sync import iscoroutinefunction, markcoroutinefunction, sync_to_async
from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import render
from django.urls import Resolver404, ResolverMatch, resolve

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
    if settings.RATE_LIMITS_OFF:  # a benchmark: every phone on one address
        return Limit("miss", 10**9, 60), Limit("join", 10**9, 60)
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


def table_route(request: HttpRequest) -> ResolverMatch | None:
    """The route of a table address (one with a ``code``), else ``None``."""
    try:
        match = resolve(request.path_info)
    except Resolver404:
        return None
    return match if "code" in match.kwargs else None


def over_limit(request: HttpRequest, route: ResolverMatch) -> bool:
    """Whether this client may not reach a table address now; counts a join attempt."""
    misses, joins = limits()
    client = client_of(request)
    if used(misses, client) >= misses.count:
        return True
    if request.method == "POST" and route.url_name in JOIN_VIEWS:
        if used(joins, client) >= joins.count:
            return True
        count(joins, client)
    return False


def count_miss(request: HttpRequest, response: HttpResponseBase) -> None:
    if response.status_code == 404:
        count(limits()[0], client_of(request))


class RateLimitMiddleware:
    """Refuses a client that guessed codes or joined too often, before the view runs.

    A table address that answers 404 (no such table, a wrong spectator or seat token)
    counts as a miss; every POST to a join page counts as a join. Sync and async: under
    ASGI the cache is used from a worker thread, so a slow Redis never blocks the loop.
    """

    sync_capable = True
    async_capable = True

    def __init__(self, get_response: Callable[[HttpRequest], Any]) -> None:
        self.get_response = get_response
        self.async_mode = iscoroutinefunction(get_response)
        if self.async_mode:
            markcoroutinefunction(self)

    def __call__(self, request: HttpRequest) -> Any:
        if self.async_mode:
            return self.__acall__(request)
        route = table_route(request)
        if route is None:
            return self.get_response(request)
        if over_limit(request, route):
            return too_many(request)
        response = self.get_response(request)
        count_miss(request, response)
        return response

    async def __acall__(self, request: HttpRequest) -> HttpResponseBase:
        route = table_route(request)
        if route is None:
            return await self.get_response(request)
        if await sync_to_async(over_limit, thread_sensitive=False)(request, route):
            return await sync_to_async(too_many)(request)
        response = await self.get_response(request)
        await sync_to_async(count_miss, thread_sensitive=False)(request, response)
        return response
