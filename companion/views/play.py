"""The three views of a running table (table, phone, host) and the entry endpoints."""

from __future__ import annotations

import uuid
from dataclasses import replace
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

import games
from companion import devices, live, regions, selectors
from companion.forms import action_from_post, field_values, int_from_post
from companion.models import Event, Table
from companion.services import entries
from companion.services.errors import Refused, Stale
from companion.views.common import HtmxHttpRequest, table_and_actor, table_or_404
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
    table, actor = table_and_actor(request, code)
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
    return _entry_response(
        request, result.table, actor, host_mode_on, flash=flash, event=result.event
    )


@require_POST
@live.held
def undo(request: HtmxHttpRequest, code: str) -> HttpResponse:
    table, actor = table_and_actor(request, code)
    host_mode_on = request.POST.get("host_mode") == "1" and actor.is_host
    reopen = request.POST.get("reopen") == "1"
    if table.status == Table.Status.FINISHED and host_mode_on and not reopen:
        # A finished game reopens only after the host has seen what that does.
        return _go(request, reverse("undo_confirm", args=[table.code]))
    try:
        result = entries.undo_last(
            table.code,
            _entering_as(actor, host_mode_on),
            version=int_from_post(request.POST, "version") or 0,
            idempotency_key=request.POST.get("idem", ""),
            reopen_confirmed=reopen,
        )
    except Refused as refusal:
        return _entry_response(request, table, actor, host_mode_on, refusal=refusal)
    # A resent undo (its key already applied) undid nothing more: say so, not "undone".
    done = (
        _("This entry was already received.")
        if result.duplicate
        else _("The last entry was undone.")
    )
    return _entry_response(request, result.table, actor, host_mode_on, flash=msg(done))


@require_GET
def undo_confirm(request: HttpRequest, code: str) -> HttpResponse:
    """The host's confirmation before an undo reopens a finished game: what it changes."""
    table = table_or_404(code)
    actor = devices.actor_for(request, table)
    if not actor.is_host:
        return _message(request, msg(_("Only the host can do this.")), 403)
    host_actor = entries.Actor(seat=None, is_host=True, device=actor.device)
    try:
        preview = entries.preview_undo(table.code, host_actor)
    except Refused as refusal:
        return _message(request, refusal.message, refusal.status)
    undoing = preview.undoing
    assert undoing is not None, "an undo's preview names what it takes back"
    seats = selectors.seats_of(table)
    names = [seat["name"] for seat in seats]
    return render(
        request,
        "companion/confirm_undo.html",
        {
            "table": table,
            "preview": preview,
            "idem": uuid.uuid4().hex,
            "undoing": undoing,
            "undoing_seat": undoing.action.get("seat"),
            "undoing_text": selectors.describe_action(games.get(table.game), undoing.action, names),
            "seats": seats,
        },
    )


def _go(request: HtmxHttpRequest, url: str) -> HttpResponse:
    """Send the device to another page: htmx follows an HX-Redirect, a plain form a 302."""
    if request.htmx:
        response = HttpResponse(status=200)
        response["HX-Redirect"] = url
        return response
    return redirect(url)


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
    event: Event | None = None,
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
        table = Table.objects.get(pk=table.pk)  # whole: the view read only a few fields
    if host_mode_on:
        viewer = regions.viewer_from(request, "host-seat", _host_seat_after(request, table))
    elif actor.seat is not None:
        viewer = regions.viewer_from(request, "seat", actor.seat)
    else:
        return redirect("table", code=table.code)
    data = regions.data_for(table) if event is None else regions.data_after_entry(table, event)
    if not request.htmx:
        if refusal is None:
            target = "host" if host_mode_on else "phone"
            return redirect(reverse(target, args=[table.code]))
        context = regions.context_for(
            data, viewer, flash=refusal.message, flash_error=True, stale=isinstance(refusal, Stale)
        )
        return render(request, "companion/phone.html", context, status=refusal.status)
    if refusal is None and flash is None:
        # What the entering phone gets is what its stream would send, and the table data
        # is what every other stream of this process needs: rendered and read once.
        html = regions.render(data, viewer)
        regions.cache.put_data(data)
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
    """Correct the physical facts of one logged entry (a roll, a draw, a tower drop).

    Three steps: the form (GET), the preview of what changes (``step=preview``,
    nothing written), then the confirmation that applies it (``step=apply``,
    version-checked and idempotent like every entry).
    """
    table = table_or_404(code)
    actor = devices.actor_for(request, table)
    back = _back_from_correction(request, actor, table)
    if actor.seat is None and not actor.is_host:
        return _message(request, msg(_("Only the players at this table can make entries.")), 403)
    game = games.get(table.game)
    event = table.events.filter(seq=seq, kind="action").first()
    if event is None:
        return _message(request, msg(_("Entry %(seq)s is not in the game any more."), seq=seq), 404)
    # The entry as it counts now (a previous correction may have changed it).
    effective = selectors.effective(table)
    index = next((i for i, item in enumerate(effective) if item.seq == seq), None)
    current = effective[index].action if index is not None else event.payload
    if not actor.is_host and actor.seat != current.get("seat"):
        # The facts of an entry may be private (a drawn hand): only its seat sees them.
        return _message(
            request, msg(_("Only the player who made the entry, or the host, can correct it.")), 403
        )
    if table.status == Table.Status.FINISHED and not actor.is_host:
        return _message(
            request, msg(_("The game is over: only the host can still change it.")), 403
        )
    error: Msg | None = None
    status = 200
    preview: entries.Preview | None = None
    submitted: dict[str, Any] = {}
    version = table.state_version
    if request.method == "POST":
        submitted = field_values(request.POST)
        step = request.POST.get("step", "preview")
        try:
            version = int_from_post(request.POST, "version") or 0
            if step == "apply":
                entries.correct_entry(
                    table.code,
                    actor,
                    target=seq,
                    facts=submitted,
                    version=version,
                    idempotency_key=request.POST.get("idem", ""),
                    reopen_confirmed=request.POST.get("reopen") == "1",
                )
                return redirect(back)
            if version != table.state_version:
                raise Stale(_("Someone else made an entry first. Here is the game as it is now."))
            preview = entries.preview_correction(table.code, actor, target=seq, facts=submitted)
        except Refused as refusal:
            error, status, preview = refusal.message, refusal.status, None
            if isinstance(refusal, Stale):
                version, submitted = table.state_version, {}
    # The form starts from the values as they are now (or as just entered); its limits
    # are the entry's own, from the state the entry was made in.
    before = selectors.state_before(table, game, effective, index) if index is not None else None
    fields = [
        replace(field, default=submitted.get(field.key, current.get(field.key, field.default)))
        for field in game.facts(current, before)
    ]
    return render(
        request,
        "companion/correct.html",
        {
            "table": table,
            "seats": selectors.seats_of(table),
            "seq": seq,
            "entry": selectors.describe_action(game, current, selectors.seat_names(table)),
            "entry_seat": current.get("seat"),
            "fields": fields,
            "error": error,
            "preview": preview,
            "facts_json": [
                (key, value) for key, value in (preview.facts if preview else {}).items()
            ],
            "version": version,
            "finished": table.status == Table.Status.FINISHED,
            "idem": uuid.uuid4().hex,
            "back": back,
            "back_key": request.GET.get("back", ""),
        },
        status=status,
    )


def _message(request: HttpRequest, message: Msg, status: int) -> HttpResponse:
    return render(request, "companion/message.html", {"message": message}, status=status)


BACK_TARGETS = {"history": "history_detail", "table": "table", "phone": "phone", "host": "host"}


def _back_from_correction(request: HttpRequest, actor: entries.Actor, table: Table) -> str:
    """Back to where the correction was started: History, the table screen, the phone
    or host mode (``?back=``); by default the seat's phone, or host mode."""
    name = BACK_TARGETS.get(request.GET.get("back", ""))
    if name is None:
        name = "phone" if actor.seat is not None else "host"
    return reverse(name, args=[table.code])
