"""Static files: fingerprinted names where they were collected, plain names elsewhere; served
on the synchronous door."""

from __future__ import annotations

from typing import Any

from asgiref.sync import iscoroutinefunction, markcoroutinefunction
from django.http import HttpRequest
from whitenoise.middleware import WhiteNoiseMiddleware
from whitenoise.storage import CompressedManifestStaticFilesStorage


class FingerprintedStaticFiles(CompressedManifestStaticFilesStorage):
    """WhiteNoise's storage (fingerprints, gzip/brotli copies, a year's cache).

    The start command collects the files; a test run or a dev shell that did not gets
    the plain names, which WhiteNoise serves from the app folders (``USE_FINDERS``).
    """

    def stored_name(self, name: str) -> str:
        try:
            return super().stored_name(name)
        except ValueError:  # not collected into STATIC_ROOT
            return name


class StaticFilesMiddleware(WhiteNoiseMiddleware):
    """WhiteNoise's middleware, on the synchronous door only.

    WhiteNoise's middleware is synchronous; in the list of an async handler Django would
    run it through a thread for every request of the streaming door (each stream opened,
    each version probe). Static files never go there (``companion.asgi`` sends every path
    that no async view answers to the synchronous door), so on the streaming door this
    middleware only hands the request on, without a thread.
    """

    sync_capable = True
    async_capable = True

    def __init__(self, get_response: Any) -> None:
        super().__init__(get_response)
        self.is_async = iscoroutinefunction(get_response)
        if self.is_async:
            markcoroutinefunction(self)

    def __call__(self, request: HttpRequest) -> Any:
        if self.is_async:
            return self.get_response(request)  # a coroutine: Django awaits it
        return super().__call__(request)
