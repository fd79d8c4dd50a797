"""Which door a request takes (companion/asgi.py): every async view is on the streaming
door, everything else (static files included) on the synchronous one, and nothing on the
streaming door runs through a thread of its own (issue 24)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from asgiref.sync import iscoroutinefunction
from django.conf import settings
from django.urls import URLPattern, URLResolver, get_resolver
from django.utils.module_loading import import_string

from companion.asgi import streams

SAMPLES = {"str": "ABC123", "int": "1", "slug": "babel", "path": "x/y", "uuid": "0" * 32}


def routes(patterns: list[Any] | None = None, prefix: str = "/") -> Iterator[tuple[str, Any]]:
    """(a path that reaches it, the view) for every route of the URLconf."""
    for entry in get_resolver().url_patterns if patterns is None else patterns:
        route = str(entry.pattern)
        if route.startswith("^") or "(?P" in route:  # a regex route (the admin's): leave it
            continue
        route = re.sub(r"<(?:(\w+):)?\w+>", lambda m: SAMPLES[m.group(1) or "str"], route)
        if isinstance(entry, URLResolver):
            yield from routes(entry.url_patterns, prefix + route)
        elif isinstance(entry, URLPattern):
            yield prefix + route, entry.callback


def test_every_async_view_and_only_those_are_on_the_streaming_door() -> None:
    found = list(routes())
    assert len(found) > 30  # the walk saw the whole URLconf
    asynchronous = [path for path, view in found if iscoroutinefunction(view)]
    assert sorted(asynchronous) == ["/t/ABC123/stream/", "/t/ABC123/version/"]
    for path, view in found:
        assert streams(path) == iscoroutinefunction(view), path


def test_an_async_view_added_anywhere_is_on_the_streaming_door(settings: Any) -> None:
    """Declared once: a new async route needs no list kept in step with urls.py."""
    from django.http import HttpResponse
    from django.urls import clear_url_caches, include, path

    async def probe(request: Any) -> HttpResponse:
        return HttpResponse("")

    def plain(request: Any) -> HttpResponse:
        return HttpResponse("")

    module = type("urls", (), {})()
    module.urlpatterns = [  # type: ignore[attr-defined]
        path("elsewhere/<int:n>/probe/", probe),
        path("nested/", include([path("deeper/", probe), path("plain/", plain)])),
    ]
    settings.ROOT_URLCONF = module
    clear_url_caches()
    streams.cache_clear()
    try:
        assert streams("/elsewhere/7/probe/")
        assert streams("/nested/deeper/")
        assert not streams("/nested/plain/")
        assert not streams("/t/ABC123/stream/")  # not in this URLconf
    finally:
        streams.cache_clear()
        clear_url_caches()


def test_static_files_and_unknown_paths_take_the_synchronous_door() -> None:
    assert not streams("/" + settings.STATIC_URL.strip("/") + "/companion/live.js")
    assert not streams("/no-such-page/")


def test_no_middleware_costs_the_streaming_door_a_thread() -> None:
    """A middleware that cannot run async makes Django hop to a thread for every stream
    opened and every version probe (WhiteNoise's did, before companion.staticfiles)."""
    for dotted in settings.MIDDLEWARE:
        middleware = import_string(dotted)
        assert getattr(middleware, "async_capable", False), dotted
