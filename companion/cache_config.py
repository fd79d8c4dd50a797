"""Django's caches (kept out of settings.py: they have one job each).

``default``: the rate limits count in it. Without Redis each process counts for itself
(enough for the one-process start). With ``REDIS_URL`` every process shares Django's own
Redis cache; its sockets give up after a quarter of a second, and the rate limiter lets a
request through when the cache fails, so a hung Redis never stalls a request.

``fragments``: the parts of a live region that are the same for every seat, rendered once
and shared by the regions of all the seats: whose turn and the scores once per table
version and language (the template tag ``{% cache %}``), each log line's text once per
language (``regions.log_rows``). Always in the process: a
fragment is worth less than a round trip to Redis, and a version's fragment never changes.
"""

from __future__ import annotations

from typing import Any

SOCKET_TIMEOUT = 0.25  # seconds: far below what a person notices
FRAGMENTS = {
    "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
    "LOCATION": "fragments",
    # A dozen per table and language at a time; older versions are never asked for again.
    "OPTIONS": {"MAX_ENTRIES": 20000},
}


def shared_cache(redis_url: str) -> dict[str, dict[str, Any]]:
    if not redis_url:
        return {
            "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
            "fragments": FRAGMENTS,
        }
    return {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": redis_url,
            "KEY_PREFIX": "companion",
            "OPTIONS": {
                "socket_timeout": SOCKET_TIMEOUT,
                "socket_connect_timeout": SOCKET_TIMEOUT,
            },
        },
        "fragments": FRAGMENTS,
    }
