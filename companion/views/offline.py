"""The service worker that lets a phone reload its page without a connection.

Served from the site's root so that its scope covers the phone pages; the script is a
template, so it names the static files by their fingerprinted names and changes (and the
browser installs it anew) whenever one of them does.
"""

from __future__ import annotations

import hashlib

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.views.decorators.http import require_GET

from companion.game_styles import all_stylesheets

# The app shell: what a phone page needs besides its own HTML (and its game's stylesheet).
SHELL = [
    "companion/app.css",
    "companion/favicon.svg",
    "companion/live.js",
    "companion/outbox.js",
    "django_htmx/htmx-2.min.js",
]


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    shell = [static(name) for name in (*SHELL, *all_stylesheets())]
    version = hashlib.sha256("|".join(shell).encode()).hexdigest()[:12]
    response = render(
        request,
        "companion/service_worker.js",
        {"shell": shell, "version": version},
        content_type="text/javascript; charset=utf-8",
    )
    response["Cache-Control"] = "no-cache"  # the browser checks for a new worker on every load
    return response
