"""Live updates to the devices: Server-Sent Events, and a version probe for polling."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

from asgiref.sync import sync_to_async
from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse, StreamingHttpResponse
from django.views.decorators.http import require_GET

from companion import live, serving
from companion.models import Table

HEARTBEAT_SECONDS = 15.0


def _read_version(code: str) -> int | None:
    return Table.objects.filter(code=code).values_list("version", flat=True).first()


# On the shared request thread: an open stream then holds no thread or connection of its own.
_version = sync_to_async(_read_version, thread_sensitive=False, executor=serving.requests)


def _event(version: int) -> str:
    # The id lets a reconnecting browser say what it has seen (Last-Event-ID).
    return f"id: {version}\nevent: version\ndata: {version}\n\n"


@require_GET
async def stream(request: HttpRequest, code: str) -> HttpResponse:
    """``version`` events for table ``code``; a device that reconnects catches up at once."""
    current = await _version(code)
    if current is None:
        raise Http404
    try:
        known = int(request.headers.get("Last-Event-ID") or request.GET.get("v") or 0)
    except ValueError:
        known = 0

    async def events() -> AsyncIterator[str]:
        seen = known
        yield "retry: 1500\n\n"
        async with live.subscription(code) as subscriber:
            latest = await _version(code) or 0
            if latest > seen:
                seen = latest
                yield _event(seen)
            while True:
                # Spread the heartbeats, so that streams opened together do not wake together.
                version = await subscriber.next(HEARTBEAT_SECONDS * random.uniform(0.8, 1.2))
                if version is None:
                    # Quiet. Through Redis a message can be lost (Redis restarted), so then
                    # the database is asked too; a comment keeps proxies from closing.
                    version = ((await _version(code)) or 0) if settings.REDIS_URL else seen
                    if version <= seen:
                        yield ": keepalive\n\n"
                        continue
                if version > seen:
                    seen = version
                    yield _event(seen)

    response = StreamingHttpResponse(events(), content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"
    return response


@require_GET
async def version(request: HttpRequest, code: str) -> HttpResponse:
    """The table's version, for devices that cannot keep a stream open (polling)."""
    current = await _version(code)
    if current is None:
        raise Http404
    return JsonResponse({"version": current})
