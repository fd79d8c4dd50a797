"""Starting a table: the home page, the lobby's host controls."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST

import games
from companion import devices, selectors
from companion.models import Table
from companion.players import joining
from companion.services import tables
from companion.services.errors import Refused
from companion.templatetags.companion import translate
from companion.views.common import table_or_404


@require_http_methods(["GET", "POST"])
def home(request: HttpRequest) -> HttpResponse:
    """Pick a game, the number of players, the options and (optionally) names."""
    error = None
    if request.method == "POST":
        slug = request.POST.get("game", "")
        try:
            count = int(request.POST.get("players", ""))
        except ValueError:
            count = 0
        try:
            game = games.get(slug)
        except KeyError:
            game = None
        if game is None:
            error = gettext("Pick a game.")
        elif count not in game.player_counts:  # checked before anything is built for the seats
            error = gettext("Pick a number of players the game allows.")
        else:
            options = {
                option.key: request.POST[f"opt.{option.key}"]
                for option in game.options
                if f"opt.{option.key}" in request.POST
            }
            names = [request.POST.get(f"name.{index}", "") for index in range(count)]
            try:
                table = tables.create_table(slug, count, options, names)
            except Refused as refusal:
                error = translate(refusal.message)
            else:
                # Host mode: the names typed here are the host's group's known players.
                joining.link_host_seats(request, table)
                response = redirect("table", code=table.code)
                devices.set_cookie(request, response, devices.host_cookie(table), table.host_token)
                return response
    return render(
        request,
        "companion/home.html",
        {
            "games": games.all(),
            "mine": devices.my_tables(request),
            "open": selectors.open_tables(),
            "error": error,
        },
        status=400 if error else 200,
    )


@require_POST
def start(request: HttpRequest, code: str) -> HttpResponse:
    return _as_host(request, code, tables.start_table)


@require_POST
def free_seat(request: HttpRequest, code: str, index: int) -> HttpResponse:
    return _as_host(request, code, lambda table: tables.free_seat(table, index))


@require_POST
def rename_seat(request: HttpRequest, code: str, index: int) -> HttpResponse:
    name = request.POST.get("name", "")

    def rename(table: Table) -> None:
        tables.rename_seat(table, index, name)
        joining.link_host_seats(request, table)  # the new name may be a known player

    return _as_host(request, code, rename)


@require_POST
def listing(request: HttpRequest, code: str) -> HttpResponse:
    """The host opens the table to the room (home page) or hides it again."""
    listed = request.POST.get("listed") == "1"
    return _as_host(request, code, lambda table: tables.set_listed(table, listed))


def _as_host(request: HttpRequest, code: str, change: Callable[[Table], object]) -> HttpResponse:
    """Apply a host-only change to the table, then show the table again."""
    table = table_or_404(code)
    try:
        tables.check_host(table, request.COOKIES.get(devices.host_cookie(table)))
        change(table)
    except Refused as refusal:
        return _refused(request, refusal)
    return redirect("table", code=table.code)


def _refused(request: HttpRequest, refusal: Refused) -> HttpResponse:
    return render(
        request,
        "companion/message.html",
        {"message": refusal.message},
        status=refusal.status,
    )
