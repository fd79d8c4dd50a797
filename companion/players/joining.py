"""The join flow's player part: pick a known player (or a new one) when a phone takes a seat."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language

from companion.models import Player, SeatPlayer, Table
from companion.players import access, registry, rematch
from companion.services.errors import Refused
from games.i18n import _

ASKED = "asked"  # the "Is this you?" step was answered: "new" now means a new player


def namesakes(request: HttpRequest, table: Table, name: str) -> list[Player]:
    """Known players named ``name`` (``registry.same_name``) this phone may mean: of the
    groups of the players seated at ``table`` by a phone, or of this phone's own player.

    Only those groups: a stranger typing a name learns nothing of other groups. Players
    seated here are left out (a second person of that name), so are merged-away players
    and hidden ones, except the phone's own player (hidden, not forgotten). The phone's
    own player comes first.
    """
    typed = registry.same_name(name)
    if not typed:
        return []
    seated = set(
        SeatPlayer.objects.filter(seat__table=table)
        .exclude(seat__device_token="")
        .values_list("player_id", flat=True)
    )
    keys = set(Player.objects.filter(pk__in=seated).values_list("group_key", flat=True))
    me = registry.remembered(request)
    if me is not None:
        keys.add(me.group_key)
    keys.discard(0)
    if not keys:
        return []
    mine = me.pk if me is not None else None
    found = [
        player
        for player in Player.objects.filter(group_key__in=keys, merged_into__isnull=True).exclude(
            pk__in=seated
        )
        if registry.same_name(player.name) == typed and (not player.hidden or player.pk == mine)
    ]
    return sorted(found, key=lambda player: (player.pk != mine, player.pk))


def ask_if_known(request: HttpRequest, table: Table) -> HttpResponse | None:
    """The "Is this you?" step: a typed name that a known player of this table's groups
    has is not made a new player silently (five joins as "Petr" made five Petrs). ``None``
    when there is nothing to ask or the phone has answered "a new player"."""
    if request.POST.get(ASKED):
        return None
    found = namesakes(request, table, request.POST.get("name", ""))
    if not found:
        return None
    return render(
        request,
        "companion/players/join_namesake.html",
        {
            "table": table,
            "namesakes": found,
            "seat": request.POST.get("seat", ""),
            "name": request.POST.get("name", ""),
            "colour": request.POST.get("colour", ""),
            "asked": ASKED,
        },
    )


def chosen_player(request: HttpRequest, table: Table) -> Player | None:
    """The known player picked in the form (``None``: a new player); raises ``Refused``.

    A phone picks a player it sees, its own player (even hidden), or one the "Is this
    you?" step offered for the name it typed. A player sits at a table once: a second
    phone cannot pick someone already seated.
    """
    me = registry.remembered(request)
    among = access.visible_players(request)
    choice = request.POST.get("player", "")
    if choice and choice != registry.NEW:
        offered = [p.pk for p in namesakes(request, table, request.POST.get("name", ""))]
        if offered:
            among = among | Player.objects.filter(pk__in=offered)
    player = registry.chosen(choice, among, me)
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
        "known_players": registry.known_players(access.visible_players(request), me),
        "me": me,
    }
