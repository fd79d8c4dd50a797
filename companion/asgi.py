"""The ASGI application that the start command serves with uvicorn.

Two doors into the same Django project:
- the live streams (and the version probe) are async views, served by Django's ASGI
  handler, so that hundreds of open streams cost no threads;
- every other request is a plain synchronous view. It goes through Django's WSGI
  handler on one request thread: under the ASGI handler each middleware would hop
  between the event loop and a thread twice per request, which costs more than many
  views themselves.

The request thread (``companion.serving``) takes entries before page loads.
"""

from __future__ import annotations

import os
import re
from typing import Any

from asgiref.sync import sync_to_async
from asgiref.wsgi import WsgiToAsgi, WsgiToAsgiInstance

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")

from django.core.asgi import get_asgi_application  # noqa: E402
from django.core.wsgi import get_wsgi_application  # noqa: E402

from companion import serving  # noqa: E402

ASYNC_PATHS = re.compile(r"^/t/[^/]+/(stream|version)/$")
# asgiref's own method, unwrapped from its decorator, to run it on our thread.
_run_wsgi_app = WsgiToAsgiInstance.__dict__["run_wsgi_app"].func


class _Request(WsgiToAsgiInstance):
    @sync_to_async(thread_sensitive=False, executor=serving.requests)
    def run_wsgi_app(self, body: Any) -> None:
        _run_wsgi_app(self, body)


class _SyncDjango(WsgiToAsgi):
    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        serving.priority.set(serving.ENTRY if scope.get("method") == "POST" else serving.PAGE)
        await _Request(self.wsgi_application, self.duplicate_header_limit)(scope, receive, send)


_async_django = get_asgi_application()
_sync_django = _SyncDjango(get_wsgi_application())


async def application(scope: dict[str, Any], receive: Any, send: Any) -> None:
    if scope["type"] == "http" and not ASYNC_PATHS.match(scope["path"]):
        await _sync_django(scope, receive, send)
    else:
        await _async_django(scope, receive, send)
