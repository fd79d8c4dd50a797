"""The ASGI application that the start command serves with uvicorn.

Two doors into the same Django project:
- the streaming door: the live streams and the version probe are async views, served by
  Django's ASGI handler: hundreds of open streams cost no threads. A path goes there
  because the view the URLconf resolves it to is async: the routes are declared once, in
  ``companion/urls.py``, and an async view added anywhere is on this door by being async;
- the synchronous door: every other request (static files included: WhiteNoise is the
  first thing there) is a plain synchronous view, served by Django's WSGI handler on a
  bounded pool of threads (``companion.wsgi_door``: one hop to the thread and one back).
  Entries (POST) have a pool of their own, so a burst of page loads never queues an entry.

Around the synchronous door (``companion.deadlines``): the request body is read in full
on the event loop before a thread is taken, so a slow client never holds a thread, and
every request has a deadline after which the client gets a 503 page.
"""

from __future__ import annotations

import gc
import os
from functools import lru_cache

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")

from asgiref.sync import iscoroutinefunction  # noqa: E402
from django.conf import settings  # noqa: E402
from django.core.asgi import get_asgi_application  # noqa: E402
from django.core.wsgi import get_wsgi_application  # noqa: E402
from django.urls import Resolver404, resolve  # noqa: E402

from companion.deadlines import ASGIApp, Receive, Scope, Send, bounded  # noqa: E402
from companion.wsgi_door import ThreadedWSGI  # noqa: E402

_async_django = get_asgi_application()
_wsgi_django = get_wsgi_application()
_entries: ASGIApp = bounded(ThreadedWSGI(_wsgi_django, settings.ENTRY_THREADS, "entries"))
_pages: ASGIApp = bounded(ThreadedWSGI(_wsgi_django, settings.PAGE_THREADS, "pages"))

from companion.interop import runner  # noqa: E402  (models: after Django's set-up above)

# The garbage collector, tuned for a server that holds a thousand open streams. With the
# defaults a full collection ran every few seconds under load and, walking every stream's
# objects, stopped the whole process for 50-240 ms each time (measured with bench/live.py
# at 200 tables: the entries' p99 was that pause). What is loaded now stays loaded, so it
# is kept out of every collection (gc.freeze), and the youngest generation is collected
# after 7,000 new objects instead of 700, so that a request's own short-lived objects are
# mostly gone before a collection and are not promoted to be walked again and again.
# (20,000 made each young collection a 20-40 ms pause of its own; 7,000 keeps it near 10.)
gc.freeze()
gc.set_threshold(7_000, 20, 10)


@lru_cache(maxsize=4096)
def streams(path: str) -> bool:
    """Whether ``path`` is answered by an async view: the streaming door's requests.

    Cached per path (a table's stream and version probe are asked for again and again);
    static files and unknown paths resolve to no view and go to the synchronous door.
    """
    try:
        view, _args, _kwargs = resolve(path)  # a ResolverMatch unpacks as this triple
    except Resolver404:
        return False
    return iscoroutinefunction(view)


async def application(scope: Scope, receive: Receive, send: Send) -> None:
    if scope["type"] == "lifespan":  # the process's start and stop: its import runner
        await runner.lifespan(receive, send)
    elif scope["type"] != "http" or streams(scope["path"]):
        await _async_django(scope, receive, send)  # type: ignore[arg-type]
    elif scope["method"] == "POST":
        await _entries(scope, receive, send)
    else:
        await _pages(scope, receive, send)
