"""Live updates to the devices: Server-Sent Events carrying the rendered region.

Each stream names its view (``?view=seat&seat=2``, ``?view=table`` …). On every new
version of its table it sends the device the region of that view, rendered once per
version and view for all the devices of this process (``companion.regions``). Events:
- ``live`` (id = the version): the region's HTML, to swap in when newer than the page's;
- ``reset``: the same, for a device that claims a version the table never reached
  (a database restored from a backup): swap it in whatever the page shows;
- ``now``: the server's clock in ms, so running clocks tick right on every device;
- ``ping``: every ~10 s, so the page knows the stream is alive.
When the client accepts gzip, events are compressed as one gzip stream per connection,
flushed after each event: a region that changed a little costs little
(``companion.compression``).
"""

from __future__ import annotations

import random
import time
from collections.abc import AsyncIterator

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse, StreamingHttpResponse
from django.http.response import HttpResponseBase
from django.utils import translation
from django.views.decorators.http import require_GET

from companion import devices, live, regions
from companion.compression import EventCompressor
from companion.models import Table

PING_SECONDS = 10.0


def _viewer(request: HttpRequest, code: str) -> regions.Viewer | None:
    """The view the stream asks for, if this device may see it (else ``None``)."""
    table = Table.objects.filter(code=code).first()
    if table is None:
        raise Http404
    kind = request.GET.get("view", "table")
    try:
        seat = int(request.GET.get("seat", "0"))
    except ValueError:
        return None
    if kind in ("table", "watch"):
        return regions.viewer_from(request, kind)
    if kind == "host-table":
        return regions.viewer_from(request, kind) if devices.is_host(request, table) else None
    if kind == "host-seat":
        if not devices.is_host(request, table) or not 0 <= seat < table.seats.count():
            return None
        return regions.viewer_from(request, kind, seat)
    if kind == "seat":
        mine = devices.my_seat(request, table)
        return regions.viewer_from(request, kind, mine.index) if mine else None
    return None


_resolve = live.in_live_thread(_viewer)


def _region_after_entries(
    code: str, viewer: regions.Viewer, version: int, until: float
) -> tuple[int, str] | None:
    """The region, rendered once no entry is in progress: an entry may have started while
    the render waited for a thread, so it looks again, for what is left of its wait."""
    live.entries_first.wait(until - time.monotonic())
    return regions.region_at_least(code, viewer, version)


_render = live.in_live_thread(_region_after_entries)


async def _region(code: str, viewer: regions.Viewer, version: int) -> tuple[int, str] | None:
    """From the cache without a thread (the entering phone's own, a second table screen);
    else rendered in a live thread once no entry is in progress (``live.EntriesFirst``),
    waiting at most ``RENDER_YIELD_SECONDS`` in all, on the event loop first."""
    found = regions.cache.region(code, viewer, version)
    if found is not None:
        return found
    until = time.monotonic() + settings.RENDER_YIELD_SECONDS
    await live.entries_first.quiet(settings.RENDER_YIELD_SECONDS)
    return await _render(code, viewer, version, until)


_version = live.in_live_thread(regions.current_version)


def _event(kind: str, data: str, version: int | None = None) -> str:
    lines = [f"event: {kind}"]
    if version is not None:
        lines.append(f"id: {version}")  # Last-Event-ID on the browser's own reconnects
    lines.extend(f"data: {line}" for line in data.splitlines() or [""])
    return "\n".join(lines) + "\n\n"


def _now() -> str:
    return _event("now", str(int(time.time() * 1000)))


@require_GET
async def stream(request: HttpRequest, code: str) -> HttpResponseBase:
    """The live region of one view of table ``code``, pushed on every new version."""
    viewer = await _resolve(request, code)
    if viewer is None:
        return HttpResponse(status=403)
    try:
        known = int(request.headers.get("Last-Event-ID") or request.GET.get("v") or 0)
    except ValueError:
        known = 0

    async def events() -> AsyncIterator[str]:
        seen = known
        yield "retry: 1000\n\n" + _now()
        async with live.subscription(code) as subscriber:
            latest = await _version(code) or 0
            if seen > latest:  # more than the table ever had: start again from what it has
                found = await _region(code, viewer, latest)
                if found:
                    seen = found[0]
                    yield _event("reset", found[1], seen)
            elif latest > seen:
                found = await _region(code, viewer, latest)
                if found:
                    seen = found[0]
                    yield _event("live", found[1], seen)
            while True:
                # Spread the pings, so that streams opened together do not wake together.
                version = await subscriber.next(PING_SECONDS * random.uniform(0.8, 1.2))
                if version is None:
                    yield _event("ping", "") + _now()
                    continue
                if version <= seen:
                    continue
                found = await _region(code, viewer, version)
                if found is None:  # the table was deleted
                    return
                if found[0] > seen:
                    seen = found[0]
                    yield _event("live", found[1], seen)

    if "gzip" in request.headers.get("Accept-Encoding", ""):
        deflate = EventCompressor()

        async def compressed() -> AsyncIterator[bytes]:
            async for text in events():
                yield deflate(text)

        response = StreamingHttpResponse(compressed(), content_type="text/event-stream")
        response["Content-Encoding"] = "gzip"
    else:
        response = StreamingHttpResponse(events(), content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"
    response["Vary"] = "Accept-Encoding, Cookie"
    response["Content-Language"] = translation.get_language() or "en"
    return response


@require_GET
async def version(request: HttpRequest, code: str) -> HttpResponse:
    """The table's version, for devices that cannot keep a stream open (polling)."""
    current = await _version(code)
    if current is None:
        raise Http404
    return JsonResponse({"version": current})
