"""Django's caches (kept out of settings.py: they have one job each).

``default``: the rate limits count in it. Without Redis each process counts for itself
(enough for the one-process start). With ``REDIS_URL`` every process shares Django's own
Redis cache; its sockets give up after a quarter of a second, and the rate limiter lets a
request through when the cache fails, so a hung Redis never stalls a request.

``fragments``: each log line's text once per language (``regions.log_rows``), shared by
every view and version of a table (what only one version shares, whose turn, the scores,
the log's section and a game's shared templates, lives with that version's data:
``companion/fragments.py``). Always in the process: a fragment is worth less than a round
trip to Redis.
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
