"""The cache the rate limits count in (kept out of settings.py: it has one job).

Without Redis each process counts for itself (enough for the one-process start).
With ``REDIS_URL`` every process shares Django's own Redis cache; its sockets give up
after a quarter of a second, and the rate limiter lets a request through when the
cache fails, so a hung Redis never stalls a request.
"""

from __future__ import annotations

from typing import Any

SOCKET_TIMEOUT = 0.25  # seconds: far below what a person notices


def shared_cache(redis_url: str) -> dict[str, dict[str, Any]]:
    if not redis_url:
        return {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    return {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": redis_url,
            "KEY_PREFIX": "companion",
            "OPTIONS": {
                "socket_timeout": SOCKET_TIMEOUT,
                "socket_connect_timeout": SOCKET_TIMEOUT,
            },
        }
    }
