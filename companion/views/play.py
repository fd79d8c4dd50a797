"""The three views of a running table (table, phone, host) and the entry endpoints."""

from __future__ import annotations

import uuid
from dataclasses import replace

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

import games
from companion import devices, live, regions, selectors
from companion.forms import action_from_post, field_values, int_from_post
from companion.models import Table
from companion.services import entries
from companion.services.errors import Refused, Stale
from companion.views.common import HtmxHttpRequest, table_or_404
from games.i18n import Msg, _, msg

# -- table view (shared screen) and spectators -----------------------------------------


@require_GET
def table_page(request: HttpRequest, code: str) -> HttpResponse:
    table = table_or_404(code)
    kind = "host-table" if devices.is_host(request, table) else "table"
    return _page(request, table, regions.viewer_from(request, kind), "companion/table.html")


@require_GET
def watch_page(request: HttpRequest, code: str, token: str) -> HttpResponse:
    table = table_or_404(code)
    if token != table.watch_token:
        return render(
            request,
            "companion/message.html",
            {"message": msg(_("This spectator link is not valid."))},
            status=404,
        )
    response = _page(request, table, regions.viewer_from(request, "watch"), "companion/table.html")
    devices.remember_watching(request, response, table)  # lists the table on this device
    return response


@require_GET
def table_live(request: HttpRequest, code: str) -> HttpResponse:
    """The table's live region alone: for pages that poll because no stream stays open."""
    table = table_or_404(code)
    if request.GET.get("watch") == "1":
        kind = "watch"
    else:
        kind = "host-table" if devices.is_host(request, table) else "table"
    return _region(request, table, regions.viewer_from(request, kind))


# -- phone view (one seat) and host mode ------------------------------------------------


@require_GET
def phone(request: HttpRequest, code: str) -> HttpResponse:
    table = table_or_404(code)
    seat = devices.my_seat(request, table)
    if seat is None:
        return redirect("join", code=table.code)
    viewer = regions.viewer_from(request, "seat", seat.index)
    return _page(request, table, viewer, "companion/phone.html")


@require_GET
def host_mode(request: HttpRequest, code: str) -> HttpResponse:
    """One device passed around the table: it enters for whoever must act."""
    table = table_or_404(code)
    if not devices.is_host(request, table):
        return render(
            request,
            "companion/message.html",
            {"message": msg(_("Only the host can do this."))},
            status=403,
        )
    viewer = regions.viewer_from(request, "host-seat", _host_seat(request, table))
    return _page(request, table, viewer, "companion/phone.html")


@require_GET
def phone_live(request: HttpRequest, code: str) -> HttpResponse:
    """The phone's live region alone: for pages that poll because no stream stays open."""
    table = table_or_404(code)
    if request.GET.get("host") == "1" and devices.is_host(request, table):
        viewer = regions.viewer_from(request, "host-seat", _host_seat(request, table))
    else:
        mine = devices.my_seat(request, table)
        if mine is None:
            return HttpResponse(status=403)
        viewer = regions.viewer_from(request, "seat", mine.index)
    return _region(request, table, viewer)


def _page(
    request: HttpRequest, table: Table, viewer: regions.Viewer, template: str
) -> HttpResponse:
    return render(request, template, regions.context_for(regions.data_for(table), viewer))


def _region(request: HttpRequest, table: Table, viewer: regions.Viewer) -> HttpResponse:
    data = regions.data_for(table)
    html = regions.render(data, viewer, request)
    return HttpResponse(html)


def _host_seat(request: HttpRequest, table: Table) -> int:
    seat_count = table.seats.count()
    try:
        seat = int(request.GET.get("seat", ""))
        if 0 <= seat < seat_count:
            return seat
    except ValueError:
        pass
    if table.state is not None:
        to_act = games.get(table.game).to_act(table.state)
        if to_act:
            return to_act[0]
    return 0


# -- entries ------------------------------------------------------------------------------


@require_POST
@live.held
def act(request: HtmxHttpRequest, code: str) -> HttpResponse:
    table = table_or_404(code)
    actor = devices.actor_for(request, table)
    host_mode_on = request.POST.get("host_mode") == "1" and actor.is_host
    try:
        on_behalf = int_from_post(request.POST, "on_behalf") if host_mode_on else None
        result = entries.submit_action(
            table.code,
            _entering_as(actor, host_mode_on),
            version=int_from_post(request.POST, "version") or 0,
            idempotency_key=request.POST.get("idem", ""),
            action=action_from_post(request.POST),
            on_behalf=on_behalf,
        )
    except Refused as refusal:
        return _entry_response(request, table, actor, host_mode_on, refusal=refusal)
    flash = msg(_("This entry was already received.")) if result.duplicate else None
    return _entry_response(request, result.table, actor, host_mode_on, flash=flash)


@require_POST
@live.held
def undo(request: HtmxHttpRequest, code: str) -> HttpResponse:
    table = table_or_404(code)
    actor = devices.actor_for(request, table)
    host_mode_on = request.POST.get("host_mode") == "1" and actor.is_host
    try:
        result = entries.undo_last(
            table.code,
            _entering_as(actor, host_mode_on),
            version=int_from_post(request.POST, "version") or 0,
            idempotency_key=request.POST.get("idem", ""),
        )
    except Refused as refusal:
        return _entry_response(request, table, actor, host_mode_on, refusal=refusal)
    return _entry_response(
        request, result.table, actor, host_mode_on, flash=msg(_("The last entry was undone."))
    )


def _entering_as(actor: entries.Actor, host_mode_on: bool) -> entries.Actor:
    """Host rights apply in host mode only: a host's own phone acts as its seat."""
    if host_mode_on or actor.seat is None:
        return actor
    return entries.Actor(seat=actor.seat, is_host=False, device=actor.device)


def _entry_response(
    request: HtmxHttpRequest,
    table: Table,
    actor: entries.Actor,
    host_mode_on: bool,
    *,
    refusal: Refused | None = None,
    flash: Msg | None = None,
) -> HttpResponse:
    """The phone's fresh live region with the outcome of the entry.

    htmx swaps the region in place (status 200 so that it does); a plain form
    post gets the whole page, with the refusal's status code. An accepted entry's
    region (without the flash) goes into the region cache, so that the stream of
    the phone that made it sends it nothing new to render.
    """
    if actor.seat is None and not actor.is_host:  # a spectator or a stranger
        message = (
            refusal.message
            if refusal
            else msg(_("Only the players at this table can make entries."))
        )
        return render(request, "companion/message.html", {"message": message}, status=403)
    if refusal is not None:  # the table did not change here, but may have elsewhere
        table.refresh_from_db()
    if host_mode_on:
        viewer = regions.viewer_from(request, "host-seat", _host_seat_after(request, table))
    elif actor.seat is not None:
        viewer = regions.viewer_from(request, "seat", actor.seat)
    else:
        return redirect("table", code=table.code)
    data = regions.data_for(table)
    if not request.htmx:
        if refusal is None:
            target = "host" if host_mode_on else "phone"
            return redirect(reverse(target, args=[table.code]))
        context = regions.context_for(
            data, viewer, flash=refusal.message, flash_error=True, stale=isinstance(refusal, Stale)
        )
        return render(request, "companion/phone.html", context, status=refusal.status)
    if refusal is None and flash is None:
        html = regions.render(data, viewer)
        regions.cache.put_region(table.code, viewer, data.version, html)
        return HttpResponse(html)
    return HttpResponse(
        regions.render(
            data,
            viewer,
            request,
            flash=refusal.message if refusal else flash,
            flash_error=refusal is not None,
            stale=isinstance(refusal, Stale),
        )
    )


def _host_seat_after(request: HttpRequest, table: Table) -> int:
    """In host mode the device follows the game to whoever must act next."""
    if table.state is not None:
        to_act = games.get(table.game).to_act(table.state)
        if to_act:
            return to_act[0]
    try:
        return int(request.POST.get("on_behalf", "0"))
    except ValueError:
        return 0


# -- corrections --------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def correct(request: HttpRequest, code: str, seq: int) -> HttpResponse:
    """Correct the physical facts of one logged entry (a roll, a draw, a tower drop)."""
    table = table_or_404(code)
    actor = devices.actor_for(request, table)
    if actor.seat is None and not actor.is_host:
        return render(
            request,
            "companion/message.html",
            {"message": msg(_("Only the players at this table can make entries."))},
            status=403,
        )
    game = games.get(table.game)
    event = table.events.filter(seq=seq, kind="action").first()
    if event is None:
        return render(
            request,
            "companion/message.html",
            {"message": msg(_("Entry %(seq)s is not in the game any more."), seq=seq)},
            status=404,
        )
    # The entry as it counts now (a previous correction may have changed it).
    current = next(
        (item.action for item in selectors.effective(table) if item.seq == seq), event.payload
    )
    if not actor.is_host and actor.seat != current.get("seat"):
        # The facts of an entry may be private (a drawn hand): only its seat sees them.
        return render(
            request,
            "companion/message.html",
            {"message": msg(_("Only the player who made the entry, or the host, can correct it."))},
            status=403,
        )
    # The form starts from the values as they are now.
    fields = [
        replace(field, default=current.get(field.key, field.default))
        for field in game.facts(current)
    ]
    error: Msg | None = None
    status = 200
    if request.method == "POST":
        facts = field_values(request.POST)
        try:
            entries.correct_entry(
                table.code,
                actor,
                target=seq,
                facts=facts,
                version=int_from_post(request.POST, "version") or 0,
                idempotency_key=request.POST.get("idem", ""),
            )
        except Refused as refusal:
            error = refusal.message
            status = refusal.status
        else:
            return redirect(_back_from_correction(actor), code=table.code)
    return render(
        request,
        "companion/correct.html",
        {
            "table": table,
            "seq": seq,
            "entry": game.describe(current),
            "fields": fields,
            "current": current,
            "error": error,
            "idem": uuid.uuid4().hex,
            "back": reverse(_back_from_correction(actor), args=[table.code]),
        },
        status=status,
    )


def _back_from_correction(actor: entries.Actor) -> str:
    """Back to where the correction was started: the seat's phone, or host mode."""
    return "phone" if actor.seat is not None else "host"
