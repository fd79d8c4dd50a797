"""A game's phone templates rendered for one seat's entries, without a server: for tests that
check how a game lays out its entries (which fold, which become a board)."""

from __future__ import annotations

import re
from types import SimpleNamespace
from typing import Any

from django.template.loader import render_to_string
from django.utils import translation

from games.base import Game


def render_entries(
    template: str, game: Game, state: Any, seat: int, language: str = "en", **context: Any
) -> str:
    """``template`` with ``seat``'s entries in ``state``, each with its own key, as the phone
    page gives them (``context``: what else the template reads, such as ``view``)."""
    choices = [(choice, f"key{n}") for n, choice in enumerate(game.choices(state, seat))]
    page = {
        "choices": choices,
        "act_url": "/t/CODE/act/",
        "table": SimpleNamespace(state_version=1),
        **context,
    }
    with translation.override(language):
        return render_to_string(template, page)


def folded(html: str, classes: str) -> str:
    """The inside of the closed line ``<details class="{classes}">``; fails when there is none."""
    found = re.search(rf'<details class="{classes}">(.*?)</details>', html, re.S)
    assert found, f"no <details class={classes!r}>"
    return found.group(1)
