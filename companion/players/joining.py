"""The join flow's player part: pick a known player (or a new one) when a phone takes a seat."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.translation import get_language

from companion.models import Player, SeatPlayer, Table
from companion.players import access, registry, rematch
from companion.services.errors import Refused
from games.i18n import _


def chosen_player(request: HttpRequest, table: Table) -> Player | None:
    """The known player picked in the form (``None``: a new player); raises ``Refused``.

    A player sits at a table once: a second phone cannot pick someone already seated.
    """
    player = registry.chosen(request.POST.get("player", ""), access.visible_players(request))
    if (
        player is not None
        and SeatPlayer.objects.filter(seat__table=table, player=player)
        .exclude(seat__device_token="")
        .exists()
    ):
        raise Refused(_("%(name)s already sits at this table."), name=player.name)
    return player


def name_for(request: HttpRequest, player: Player | None) -> str:
    return player.name if player is not None else request.POST.get("name", "")


def after_claim(
    request: HttpRequest, response: HttpResponse, table: Table, index: int, player: Player | None
) -> None:
    """Link the seat to its player (a new one if none was picked); the phone remembers it."""
    seat = table.seats.get(index=index)
    player = registry.link_seat(seat, player, language=get_language() or "")
    registry.remember(request, response, player)


def context(request: HttpRequest, page: dict[str, Any]) -> dict[str, Any]:
    """The join page's context with the player part added.

    The phone's remembered player comes first: their own seat at a rematch, their
    colour (the one they keep) when it is still free, and their name checked.
    """
    me = registry.remembered(request)
    mine = rematch.seat_for_player(page["table"], me.pk if me else None)
    offered = sorted(page["offered"], key=lambda seat: seat["index"] != mine)
    colours = page["colours"]
    if me is not None and me.colour:
        colours = sorted(colours, key=lambda item: item[0] != me.colour)
    return {
        **page,
        "offered": offered,
        "colours": colours,
        "known_players": registry.known_players(access.visible_players(request)),
        "me": me,
    }
