"""The web app manifest: the app's name, colours and icons for a home screen.

A view, not a static file, so that its icon addresses are the collected ones (WhiteNoise's
fingerprinted names, cached for a year) and its description is in the device's language.
The same document for everyone: it names no table.
"""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.templatetags.static import static
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

THEME = "#7a4b12"  # the header's colour (app.css --accent)
BACKGROUND = "#f6f3ec"  # the page's (app.css --bg)


@require_GET
def manifest(request: HttpRequest) -> JsonResponse:
    icons = [
        {"src": static("companion/icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
        {"src": static("companion/icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
        {
            "src": static("companion/icons/icon-maskable-512.png"),
            "sizes": "512x512",
            "type": "image/png",
            "purpose": "maskable",
        },
        {"src": static("companion/icons/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
    ]
    document = {
        "name": "Table Companion",
        "short_name": "Companion",
        "description": _("Enter what happens at the board-game table from your phone."),
        "lang": get_language() or "en",
        "start_url": "/",
        "scope": "/",
        # minimal-ui: installable in Chrome and Android, which keep the browser's cookies
        # (the seat); iOS opens it in Safari, whose cookies hold the seat, where a
        # standalone home-screen app would start with none.
        "display": "minimal-ui",
        "background_color": BACKGROUND,
        "theme_color": THEME,
        "icons": icons,
    }
    response = JsonResponse(
        document,
        content_type="application/manifest+json",
        json_dumps_params={"ensure_ascii": False},
    )
    patch_cache_control(response, public=True, max_age=3600)
    patch_vary_headers(response, ["Accept-Language", "Cookie"])
    return response
