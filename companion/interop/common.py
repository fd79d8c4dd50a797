"""What the export formats share: the game's name, its BoardGameGeek id, newcomers."""

from __future__ import annotations

import os
import unicodedata

import games
from companion.models import Play, PlayResult
from companion.players.results import ensure_plays

# BoardGameGeek ids of our games, only where a public source confirmed them (the
# sources are listed in companion/players/README.md). The others stay unknown rather
# than guessed; COMPANION_BGG_ID_<SLUG> in the environment sets or overrides one.
KNOWN_BGG_IDS: dict[str, int] = {
    "babel": 986,
    "babylon": 418354,
    "wallenstein": 3307,
}


def bgg_id(slug: str) -> int | None:
    value = os.environ.get(f"COMPANION_BGG_ID_{slug.upper()}", "").strip()
    if value.isdigit():
        return int(value)
    return KNOWN_BGG_IDS.get(slug)


def first_plays(play: Play) -> set[int]:
    """The players for whom ``play`` is their first play of its game (BGG's "new")."""
    # Plays are built at a game's end and at upgrade time; this bounded catch-up only
    # covers a play whose build failed there (a first play counted late is a rare miss).
    ensure_plays()
    earlier = Play.objects.filter(
        game=play.game, played_at__lt=play.played_at
    ) | Play.objects.filter(game=play.game, played_at=play.played_at, pk__lt=play.pk)
    seated = set(play.results.exclude(player=None).values_list("player_id", flat=True))
    before = set(
        PlayResult.objects.filter(play__in=earlier, player_id__in=seated).values_list(
            "player_id", flat=True
        )
    )
    return seated - before


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
