"""What the export formats share: the game's name and its BoardGameGeek id."""

from __future__ import annotations

import os

import games

# The BGG ids of the four games are not known here: one setting per game,
# COMPANION_BGG_ID_<SLUG> in the environment, empty until someone fills it in.


def bgg_id(slug: str) -> int | None:
    value = os.environ.get(f"COMPANION_BGG_ID_{slug.upper()}", "").strip()
    return int(value) if value.isdigit() else None


def english_name(slug: str) -> str:
    """The game's name as the other apps know it (untranslated)."""
    try:
        return str(games.get(slug).name)
    except KeyError:
        return slug


def slug_for(name: str, bgg: object = None) -> str | None:
    """Which of our games a play file's game is: by BGG id when set, else by name."""
    folded = _fold(name)
    for game in games.all():
        known = bgg_id(game.slug)
        if known is not None and str(bgg) == str(known):
            return game.slug
        if folded and folded in {_fold(str(game.name)), _fold(game.slug)}:
            return game.slug
    return None


def _fold(name: str) -> str:
    import unicodedata

    text = unicodedata.normalize("NFKD", name or "").encode("ascii", "ignore").decode()
    return "".join(ch for ch in text.lower() if ch.isalnum())


def breakdown_line(names: list[str], breakdowns: list[dict[str, int]]) -> str:
    """The per-category scores in one readable line per player (for a comments field)."""
    lines = []
    for name, breakdown in zip(names, breakdowns, strict=True):
        if breakdown:
            parts = ", ".join(f"{category} {points}" for category, points in breakdown.items())
            lines.append(f"{name}: {parts}")
    return "\n".join(lines)
