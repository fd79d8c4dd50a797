"""The join flow's player part: pick a known player (or a new one) when a phone takes a seat."""

from __future__ import annotations

import secrets
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language

from companion import devices
from companion.models import Play, Player, SeatPlayer, Table
from companion.players import access, registry, rematch
from companion.services.errors import Refused
from companion.writes import write_transaction
from games.i18n import _

HOST_PREFIX = "host_"  # a host cookie's name is this and the table's code (devices.host_cookie)
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


def host_groups(request: HttpRequest) -> set[int]:
    """The groups a host device knows: its own players' (``access.reach``) and those of
    the finished tables it hosted (its host cookies, checked against the tables' secrets).

    A device passed around the table (host mode) has no player of its own; the tables it
    hosted are how it knows the group it plays with. It saw their results on its screen,
    so naming their players again tells it nothing new.
    """
    keys = set(access.reach(request).groups)  # builds the plays of finished tables first
    tokens = {
        code: request.COOKIES.get(HOST_PREFIX + code, "") for code in devices.cookie_codes(request)
    }
    hosted = Play.objects.filter(
        table__code__in=[code for code, token in tokens.items() if token]
    ).values_list("table__code", "table__host_token", "group_key")
    keys.update(key for code, secret, key in hosted if secrets.compare_digest(tokens[code], secret))
    keys.discard(0)
    return keys


def link_host_seats(request: HttpRequest, table: Table) -> None:
    """Host mode: each seat the host named, that no phone holds, is the known player of
    that name in the host device's groups (``host_groups``; names compared as
    ``registry.same_name``, the "Is this you?" rule), else no one yet (a new player when
    the play is built). Called when the host makes the table and renames a seat.

    Without this a table played only in host mode made new players at every game: at
    build time a seat nobody claimed is matched only in the groups of the phones seated
    there, and there were none. A player is linked to one seat of a table only; a phone
    that claims a seat takes its player's link from any other seat (``after_claim``).
    """
    keys = host_groups(request)
    known: dict[str, Player] = {}
    for player in Player.objects.filter(group_key__in=keys, merged_into__isnull=True).order_by(
        "hidden", "pk"
    ):
        known.setdefault(registry.same_name(player.name), player)
    with write_transaction():
        seats = list(table.seats.order_by("index"))
        links = {link.seat_id: link for link in SeatPlayer.objects.filter(seat__table=table)}
        taken = {link.player_id for link in links.values()}
        for seat in seats:
            if seat.device_token:
                continue  # a phone's seat: its player is the one the phone picked
            name = registry.same_name(seat.name)
            link = links.get(seat.pk)
            if link is not None:
                if registry.same_name(registry.current(link.player).name) == name:
                    continue  # still that player (linked before, or kept by a rematch)
                taken.discard(link.player_id)  # renamed: no longer the player it was
                link.delete()
            found = known.get(name)
            if found is not None and found.pk not in taken:
                SeatPlayer.objects.create(seat=seat, player=found)
                taken.add(found.pk)


def after_claim(
    request: HttpRequest, response: HttpResponse, table: Table, index: int, player: Player | None
) -> None:
    """Link the seat to its player (a new one if none was picked); the phone remembers it."""
    seat = table.seats.get(index=index)
    if player is not None:  # one seat per player: a host's link elsewhere gives way
        SeatPlayer.objects.filter(seat__table=table, player=player, seat__device_token="").exclude(
            seat=seat
        ).delete()
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
