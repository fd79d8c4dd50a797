"""A game's own stylesheet, linked in the head of the pages that show the game.

A game brings its styles in its own package, ``games/<slug>/static/games/<slug>/style.css``
(``settings.STATICFILES_DIRS`` holds every game's ``static`` folder). The page loads it once;
the live regions, rendered and sent again at every version, carry only the game's HTML.
A game without styles (the test suite's small engines) has none, and its pages link none.
"""

from __future__ import annotations

import functools

from django.contrib.staticfiles import finders

import games


def stylesheet_of(slug: str) -> str | None:
    """The static name of the game's stylesheet, or ``None`` when the game has none."""
    return _found(f"games/{slug}/style.css")


def all_stylesheets() -> list[str]:
    """Every game's stylesheet (the service worker keeps them for a phone without a network)."""
    return [name for game in games.all() if (name := stylesheet_of(game.slug))]


@functools.cache
def _found(name: str) -> str | None:
    # The files are part of the install: looked for once per process, not once per page.
    return name if finders.find(name) else None
