"""Names by reference (issue 22): a play shows its players as they are called now.

A ``PlayResult`` keeps the name its seat had as a copy (an imported play's or a seat no
player was linked to has nothing else). Where the result names a player, the page, chart
or export shows that player's current name, and a merged-away player's kept player.
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.models import Player, PlayResult


def kept_players(player_ids: Iterable[int | None]) -> dict[int, Player]:
    """Each of ``player_ids`` to the player kept for it (merges followed), one query per
    merge step (none when no merge is in the way)."""
    wanted = {pk for pk in player_ids if pk}
    loaded: dict[int, Player] = {}
    pending = set(wanted)
    while pending:
        batch = list(Player.objects.filter(pk__in=pending))
        loaded.update((player.pk, player) for player in batch)
        pending = {
            player.merged_into_id
            for player in batch
            if player.merged_into_id is not None and player.merged_into_id not in loaded
        }
    kept: dict[int, Player] = {}
    for pk in wanted:
        player = loaded.get(pk)
        seen: set[int] = set()
        while player is not None and player.merged_into_id is not None and player.pk not in seen:
            seen.add(player.pk)
            player = loaded.get(player.merged_into_id, player)
        if player is not None:
            kept[pk] = player
    return kept


def result_names(results: Iterable[PlayResult]) -> list[tuple[PlayResult, str, Player | None]]:
    """Each result with the name to show and the player to link to (``None``: no player)."""
    rows = list(results)
    kept = kept_players(row.player_id for row in rows)
    shown: list[tuple[PlayResult, str, Player | None]] = []
    for row in rows:
        player = kept.get(row.player_id) if row.player_id else None
        shown.append((row, player.name if player else row.name, player))
    return shown
