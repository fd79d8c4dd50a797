"""Groups of players (writes): players who sat at a finished table together share a group.

A group is named by a key kept on each player and each play (``group_key``): a new player
starts a group of their own (``Player.save``), and a play joins the groups of its players
into one, the smallest key kept. Groups only grow: an unmerge or a freed seat does not
split one, because what was shown cannot be unshown.
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.models import Play, Player


def join(keys: Iterable[int]) -> int:
    """One group out of the groups ``keys`` (two updates); returns its key (0: none given)."""
    wanted = {key for key in keys if key}
    if not wanted:
        return 0
    kept = min(wanted)
    others = wanted - {kept}
    if others:
        Player.objects.filter(group_key__in=others).update(group_key=kept)
        Play.objects.filter(group_key__in=others).update(group_key=kept)
    return kept


def join_players(player_ids: Iterable[int]) -> int:
    """The players ``player_ids`` end up in one group; returns its key."""
    ids = {pk for pk in player_ids if pk}
    return join(Player.objects.filter(pk__in=ids).values_list("group_key", flat=True))
