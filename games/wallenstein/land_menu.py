"""The list of lands a field offers, shared by the entries of a game and of score-only mode."""

from __future__ import annotations

from typing import Any

from games.i18n import _, msg
from games.wallenstein.data import REGION_LABELS, REGIONS, lands


def land_choices(ids: list[str], grouped: bool = False) -> tuple[tuple[Any, Any], ...]:
    """Lands to pick from; ``grouped``: ordered by region with the region named, so a card in
    the hand is found by the region printed on it."""
    if not grouped:
        return tuple((land, lands()[land].name) for land in ids)
    ordered = sorted(
        ids, key=lambda land: (REGIONS.index(lands()[land].region), lands()[land].name)
    )
    return tuple(
        (
            land,
            msg(
                _("%(region)s: %(land)s"),
                region=REGION_LABELS[lands()[land].region],
                land=lands()[land].name,
            ),
        )
        for land in ordered
    )
