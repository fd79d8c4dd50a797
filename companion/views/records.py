"""History of games, the rules pages and QR images."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET

import games
from companion import devices, qr, selectors
from companion.replay import ReplayError
from companion.views.common import absolute, table_or_404


@require_GET
def history_list(request: HttpRequest) -> HttpResponse:
    rows = []
    for table in devices.visible_history(request):
        seats = list(table.seats.all())
        rows.append(
            {
                "table": table,
                "game": games.get(table.game),
                "seats": seats,
                "names": [s.name for s in seats],
            }
        )
    return render(request, "companion/history.html", {"rows": rows})


@require_GET
def history_detail(request: HttpRequest, code: str) -> HttpResponse:
    """A game's result, clocks and full log; ``?step=N`` shows the game right after log
    entry N (the numbers the log shows), with the clocks as they stood then."""
    table = table_or_404(code)
    if table.state is None:
        raise Http404
    game = games.get(table.game)
    # The last entry of the log, not the table's version: a rematch moves the version on
    # without an entry (companion/players/rematch.py).
    total = table.events.order_by("-seq").values_list("seq", flat=True).first() or 0
    step = None
    state = None
    clocks = selectors.clocks_of(table, game)
    if "step" in request.GET:
        try:
            step = max(0, min(int(request.GET["step"]), total))
        except ValueError:
            step = total
        try:
            moment = selectors.moment_at(table, step)
        except ReplayError:  # pragma: no cover - the log was checked when written
            moment = None
        if moment is not None:
            state = moment.state
            clocks = [
                selectors.Clock(seat=seat, seconds=seconds, running=False)
                for seat, seconds in enumerate(moment.clocks)
            ]
    actor = devices.actor_for(request, table)
    context = selectors.game_context(table, None, state=state)
    context.update(
        step=step,
        total=total,
        log=selectors.log_lines(table),
        clocks=clocks,
        final_scores=table.scores,
        host=actor.is_host,
        viewer=actor.seat,
        correct_links=True,
        back_to="history",
    )
    return render(request, "companion/history_detail.html", context)


@require_GET
def history_export(request: HttpRequest, code: str) -> HttpResponse:
    """The whole record of a finished game as JSON: enough to replay it with the engine.

    Only once the game is over: the log holds private facts (hands) that no
    other seat may see while the game runs.
    """
    table = table_or_404(code)
    if table.status != table.Status.FINISHED:
        raise Http404
    record = {
        "game": table.game,
        "code": table.code,
        "options": table.options,
        "seed": table.seed,
        "started_at": table.started_at.isoformat() if table.started_at else None,
        "finished_at": table.finished_at.isoformat() if table.finished_at else None,
        "seats": [
            {"index": s.index, "name": s.name, "colour": s.colour} for s in table.seats.all()
        ],
        "events": [
            {
                "seq": event.seq,
                "kind": event.kind,
                "seat": event.seat,
                "by_host": event.by_host,
                "device": event.device,
                "at": event.created_at.isoformat(),
                "payload": event.payload,
                "target": event.target,
            }
            for event in table.events.order_by("seq")
        ],
        "clocks": table.clocks,
        "scores": table.scores,
        "outcome": table.outcome,
    }
    response = JsonResponse(record, json_dumps_params={"ensure_ascii": False, "indent": 1})
    response["Content-Disposition"] = f'attachment; filename="{table.game}-{table.code}.json"'
    return response


@require_GET
def rules(request: HttpRequest, slug: str) -> HttpResponse:
    try:
        game = games.get(slug)
    except KeyError:
        raise Http404 from None
    return render(request, "companion/rules.html", {"game": game})


@require_GET
def join_qr(request: HttpRequest, code: str) -> HttpResponse:
    table = table_or_404(code)
    return _svg(absolute(request, reverse("join", args=[table.code])))


@require_GET
def seat_qr(request: HttpRequest, code: str, index: int, token: str) -> HttpResponse:
    table = table_or_404(code)
    seat = table.seats.filter(index=index, claim_token=token).first()
    if seat is None:
        raise Http404
    return _svg(absolute(request, reverse("seat_link", args=[table.code, index, token])))


def _svg(data: str) -> HttpResponse:
    response = HttpResponse(qr.svg(data), content_type="image/svg+xml")
    response["Cache-Control"] = "private, max-age=3600"
    return response
