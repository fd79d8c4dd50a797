"""The registry of games: ``games.get(slug)`` and ``games.all()``.

Each game is a sub-package of ``games`` exposing ``GAME``, an instance of
:class:`games.base.Game`. Packages are found by looking at this folder, so a
new game needs nothing but its own package. Importing this module needs no
Django settings.
"""

from __future__ import annotations

import importlib
import logging
import pkgutil

from games.base import Game

_registry: dict[str, Game] = {}
_discovered = False
# Packages that failed to import, with the error: one broken game must not take the
# others down with it. The test suite insists this stays empty.
broken: dict[str, Exception] = {}


def register(game: Game) -> Game:
    """Add ``game`` (also used by tests for their own small engines)."""
    _registry[game.slug] = game
    return game


def unregister(slug: str) -> None:
    """Remove a game added by :func:`register` (tests clean up with it)."""
    _registry.pop(slug, None)


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    _discovered = True
    for module in pkgutil.iter_modules(__path__):
        if not module.ispkg:
            continue
        try:
            package = importlib.import_module(f"{__name__}.{module.name}")
        except Exception as error:  # noqa: BLE001 - reported, and the other games still load
            broken[module.name] = error
            logging.getLogger(__name__).exception("The game package %s does not load", module.name)
            continue
        game = getattr(package, "GAME", None)
        if isinstance(game, Game):
            register(game)


def get(slug: str) -> Game:
    """The game called ``slug``; ``KeyError`` if there is none."""
    _discover()
    return _registry[slug]


def all() -> list[Game]:  # noqa: A001 - the name the contract asks for
    """Every registered game, ordered by slug."""
    _discover()
    return [_registry[slug] for slug in sorted(_registry)]
