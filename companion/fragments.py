"""A game's templates that every viewer of a version sees alike, rendered once and shared.

A live region is rendered once per version for each seat and for the table screen
(``companion.regions``), and much of it is the same in all of them: whose turn, the
scores, the season's cards, the tower, a garden. A game names those of its templates
(``Game.shared_templates``), the platform its own (``PLATFORM``). Each region's context
carries a store of the version's fragments for its language (``STORE``, kept in
``regions.TableData.shared``: a fragment lives as long as its version's data, in one
process, and is never asked for at another version); a named template included into
such a region is rendered the first time and then taken from the store by every other
region of that version and language.

The store is keyed by the template's name, the values its ``{% include %}`` passes
(strings, numbers, ``None``) and, for a game's template, the view it is rendered from
(the game's ``view_key``: seats that see the same view). What else varies between
viewers must come in through those values (``with i=me``), never from ``me``, the host
mode or a loop variable of the including template. Anything else (another value, no
store, a template not named) renders as Django would. ``tests/platform/test_fragments.py``
renders every region of real games with and without the store and compares the HTML.
"""

from __future__ import annotations

from typing import Any

from django.template import Context
from django.template.base import Origin, Template
from django.template.loaders import base, cached
from django.utils.safestring import SafeString

import games

STORE = "shared_fragments"
# The platform's own: whose turn and the scores, the same on every view of a version.
PLATFORM = ("companion/_status.html", "companion/_scores.html")
Key = tuple[str, tuple[tuple[str, str, Any], ...], object]


def shared_names() -> frozenset[str]:
    """Every template the platform or a game declares shared."""
    return frozenset((*PLATFORM, *(name for game in games.all() for name in game.shared_templates)))


def key_of(name: str, context: Context, per_view: bool) -> Key | None:
    """The store's key for ``name`` rendered in ``context``: the values of its include
    (the innermost dictionary) and, for a game's template, the view it is rendered from
    (``view_key``); ``None`` when a value is not a plain one."""
    values = []
    for key, value in context.dicts[-1].items():
        if value is not None and not isinstance(value, str | int | float):
            return None
        values.append((key, type(value).__name__, value))
    return name, tuple(sorted(values)), context.get("view_key") if per_view else None


class SharedTemplate(Template):
    """A template that takes its HTML from the region's store when it can."""

    per_view = True  # a game's: one per view; the platform's read no view

    def render(self, context: Context) -> SafeString:  # type: ignore[override]
        store = context.get(STORE)
        if not isinstance(store, dict):  # not in a live region
            return super().render(context)
        key = key_of(self.name or "", context, self.per_view)
        if key is None:  # a value the key cannot hold
            return super().render(context)
        html: SafeString | None = store.get(key)
        if html is None:
            # Two live threads may both render it first: the same HTML, the last one kept.
            html = super().render(context)
            store[key] = html
        return html


class _Shared(base.Loader):
    """Builds the templates a game declares shared as :class:`SharedTemplate`."""

    def get_template(self, template_name: str, skip: list[Origin] | None = None) -> Template:
        template: Template = super().get_template(template_name, skip)
        if template_name not in shared_names():
            return template
        shared = SharedTemplate(template.source, template.origin, template.name, self.engine)
        shared.per_view = template_name not in PLATFORM
        return shared


class CachedLoader(cached.Loader, _Shared):
    """Django's cached loader, whose templates, on a miss, come through :class:`_Shared`
    (next in the method order): so the check costs nothing once a template is cached."""
