"""Phones taking seats: through the table's QR code or a seat's own link."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

import games
from companion import devices, selectors
from companion.models import Table
from companion.players import joining, rematch
from companion.services import tables
from companion.services.errors import Refused
from companion.views.common import table_or_404
from games.i18n import _, msg


@require_http_methods(["GET", "POST"])
def join(request: HttpRequest, code: str) -> HttpResponse:
    """The page the table's QR code opens: take a free seat (name, colour)."""
    table = table_or_404(code)
    if devices.my_seat(request, table) is not None:
        return redirect("phone", code=table.code)
    inherited = rematch.inherited_seat(request, table)
    if inherited is not None:  # this phone held that seat in the game before the rematch
        return _claim(request, table, claim_token=inherited.claim_token, only_index=inherited.index)
    return _claim(request, table, claim_token=None, only_index=None)


@require_http_methods(["GET", "POST"])
def seat_link(request: HttpRequest, code: str, index: int, token: str) -> HttpResponse:
    """A seat's own QR code: this phone takes exactly that seat."""
    table = table_or_404(code)
    mine = devices.my_seat(request, table)
    if mine is not None and mine.index == index:
        return redirect("phone", code=table.code)
    if not table.seats.filter(index=index, claim_token=token).exists():
        # 404, so that guessing seat links counts against the client's rate limit.
        return render(
            request,
            "companion/message.html",
            {"message": msg(_("This seat link is no longer valid. Ask the host for a new one."))},
            status=404,
        )
    return _claim(request, table, claim_token=token, only_index=index)


def _claim(
    request: HttpRequest, table: Table, *, claim_token: str | None, only_index: int | None
) -> HttpResponse:
    error = None
    if request.method == "POST":
        try:
            index = int(request.POST.get("seat", ""))
            if only_index is not None and index != only_index:
                raise ValueError
        except ValueError:
            index = -1
        try:
            player = joining.chosen_player(request, table)
            if player is None:
                question = joining.ask_if_known(request, table)
                if question is not None:
                    return question
            token = tables.claim_seat(
                table,
                index,
                joining.name_for(request, player),
                request.POST.get("colour", ""),
                claim_token,
            )
        except Refused as refusal:
            error = refusal
        else:
            response = redirect("phone", code=table.code)
            devices.set_cookie(request, response, devices.seat_cookie(table), token)
            joining.after_claim(request, response, table, index, player)
            return response
    seats = selectors.seats_of(table)
    # Without a seat link, free seats are offered only before the start (tables.claim_seat).
    by_link_only = only_index is None and table.status != table.Status.LOBBY
    offered = [
        s
        for s in seats
        if s["free"] and not by_link_only and (only_index is None or s["index"] == only_index)
    ]
    taken_colours = {s["colour"] for s in seats if not s["free"]}
    return render(
        request,
        "companion/join.html",
        joining.context(
            request,
            {
                "table": table,
                "seats": seats,
                "offered": offered,
                "colours": [
                    (key, label)
                    for key, label in tables.colours_for(games.get(table.game))
                    if key not in taken_colours
                ],
                "error": error.message if error else None,
                "single": only_index is not None,
                "by_link_only": by_link_only,
            },
        ),
        status=error.status if error else 200,
    )
