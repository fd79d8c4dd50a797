"""Who may see and change which players (reads): README, "Who sees what".

A device's own players are the player its signed ``player`` cookie names and the players
of the seats it holds. It sees the players, statistics and plays of those players'
groups (``companion.players.groups``); the person running the server sees everything.
Two queries per request, kept on the request.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from django.db.models import QuerySet
from django.http import Http404, HttpRequest

from companion import devices
from companion.models import Play, Player, SeatPlayer
from companion.players import results
from companion.players.registry import PLAYER_COOKIE

SEAT_PREFIX = "seat_"


@dataclass(frozen=True)
class Reach:
    """What one request may see (``everything``) and change (``operator``) of the players."""

    operator: bool  # a staff login: sees and changes every player
    everything: bool  # the operator, or COMPANION_SHOW_ALL_TABLES: sees every player
    players: frozenset[int]  # the device's own players
    groups: frozenset[int]  # their groups

    def sees(self, group_key: int) -> bool:
        return self.everything or (bool(group_key) and group_key in self.groups)

    def may_change(self, player: Player) -> bool:
        return self.operator or (bool(player.group_key) and player.group_key in self.groups)


def own_players(request: HttpRequest) -> set[int]:
    """The player the cookie names and the players of the seats this device holds."""
    ids: set[int] = set()
    value = request.get_signed_cookie(PLAYER_COOKIE, default=None, salt=PLAYER_COOKIE)
    if value and str(value).isdigit():
        ids.add(int(value))
    tokens = {
        code: request.COOKIES.get(SEAT_PREFIX + code, "")
        for code in devices.cookie_codes(request)
        if request.COOKIES.get(SEAT_PREFIX + code)
    }
    if tokens:
        links = SeatPlayer.objects.filter(
            seat__table__code__in=tokens, seat__device_token__in=tokens.values()
        ).values_list("seat__table__code", "seat__device_token", "player_id")
        ids.update(
            player_id
            for code, token, player_id in links
            if secrets.compare_digest(tokens.get(code, ""), token)
        )
    return ids


def reach(request: HttpRequest) -> Reach:
    kept = getattr(request, "_players_reach", None)
    if isinstance(kept, Reach):
        return kept
    user = getattr(request, "user", None)
    operator = bool(user is not None and user.is_staff)
    # A game's players join one group when its play is built, at the game's end. A play
    # still missing (after an upgrade, or a build that failed at the end) is built here,
    # a few per request at most (one query when there are none); the statistics pages
    # say how many games are still being counted.
    results.ensure_plays(limit=results.CATCH_UP)
    players = own_players(request)
    groups = (
        set(Player.objects.filter(pk__in=players).values_list("group_key", flat=True))
        if players
        else set()
    )
    found = Reach(
        operator=operator,
        everything=operator or devices.sees_all_tables(request),
        players=frozenset(players),
        groups=frozenset(groups - {0}),
    )
    request._players_reach = found  # type: ignore[attr-defined]
    return found


def visible_players(request: HttpRequest) -> QuerySet[Player]:
    """The players this device sees (merged-away ones included)."""
    found = reach(request)
    if found.everything:
        return Player.objects.all()
    return Player.objects.filter(group_key__in=found.groups)


def player_or_404(request: HttpRequest, pk: int) -> Player:
    """A player this device sees; another group's player is not found (not: forbidden)."""
    player = Player.objects.filter(pk=pk).first()
    if player is None or not reach(request).sees(player.group_key):
        raise Http404
    return player


def sees_play(request: HttpRequest, play: Play) -> bool:
    """A play of the device's groups, or of a table this device hosts, sits at or watches:
    the table screen showed it the result already."""
    if reach(request).sees(play.group_key):
        return True
    return play.table is not None and devices.knows(request, play.table)


def group_keys(request: HttpRequest) -> frozenset[int] | None:
    """The groups whose statistics this device reads (``None``: every group)."""
    found = reach(request)
    return None if found.everything else found.groups
