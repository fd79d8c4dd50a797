"""Players, their statistics, ratings, exports, import and the rematch."""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

import games
from companion import devices
from companion.interop import bgg, bgstats, csvexport, jobs, runner
from companion.models import ImportJob, Play, Player, PlayerMerge, PlayResult, Table
from companion.players import (
    access,
    charts,
    names,
    ratings,
    registry,
    rematch,
    results,
    stats,
)
from companion.services import tables
from companion.services.errors import Forbidden, NotFound, Refused
from companion.services.tables import COLOURS
from companion.views.common import table_or_404
from games.i18n import _

MAX_IMPORT_BYTES = 5 * 1024 * 1024


def _refused(request: HttpRequest, refusal: Refused) -> HttpResponse:
    return render(
        request, "companion/message.html", {"message": refusal.message}, status=refusal.status
    )


def _changeable_or_refusal(request: HttpRequest, pk: int) -> Player:
    """A player this device may change (README: who sees what); raises 404 or ``Forbidden``.

    Another group's player is not found; a player the device only sees (the setting that
    shows everything) is forbidden.
    """
    player = access.player_or_404(request, pk)
    if not access.reach(request).may_change(player):
        raise Forbidden(_("Only a phone of this player's group can change them."))
    return player


def may_import(request: HttpRequest) -> bool:
    """A device with a player of its own (the import joins its group), or the operator."""
    found = access.reach(request)
    return found.operator or bool(found.groups)


@require_GET
def player_list(request: HttpRequest) -> HttpResponse:
    players = access.visible_players(request).filter(merged_into__isnull=True)
    return render(
        request,
        "companion/players/list.html",
        {
            "players": players,
            "games": games.all(),
            "remembered": registry.remembered(request),
            "may_import": may_import(request),
        },
    )


@require_GET
def player_detail(request: HttpRequest, pk: int) -> HttpResponse:
    player = access.player_or_404(request, pk)
    if player.merged_into_id:
        return redirect("player", pk=registry.current(player).pk)
    per_game = stats.player_stats(player)
    sections = []
    for slug, game_stats in per_game.items():
        rating = ratings.ratings(slug).get(player.pk)
        sections.append(
            {
                "game": _game_or_none(slug),
                "slug": slug,
                "stats": game_stats,
                "recent": _recent(game_stats.timeline),
                "rating": rating,
                "chart": charts.line_chart(
                    [(player.name, player.colour, [p["score"] or 0 for p in game_stats.timeline])],
                    title=gettext("Scores over time"),
                    x_label=gettext("Plays, oldest first"),
                ),
                "rating_chart": charts.line_chart(
                    [(player.name, player.colour, [h["ordinal"] for h in rating.history])],
                    title=gettext("Rating over time"),
                    x_label=gettext("Rated plays, oldest first"),
                )
                if rating
                else "",
            }
        )
    return render(
        request,
        "companion/players/detail.html",
        {
            "player": player,
            "sections": sections,
            "colours": COLOURS,
            "languages": settings.LANGUAGES,
            "others": registry.known_players(access.visible_players(request)),
            "may_change": access.reach(request).may_change(player),
            "merges": PlayerMerge.objects.filter(target=player, undone_at=None).select_related(
                "source"
            ),
        },
    )


RECENT = 20  # plays listed on the page; the CSV has them all


def _recent(timeline: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The latest plays, newest first, with their tables' codes for the links."""
    recent = list(reversed(timeline[-RECENT:]))
    codes = dict(
        Table.objects.filter(pk__in=[p["table_id"] for p in recent if p["table_id"]]).values_list(
            "pk", "code"
        )
    )
    return [{**p, "code": codes.get(p["table_id"])} for p in recent]


def _game_or_none(slug: str) -> Any:
    try:
        return games.get(slug)
    except KeyError:
        return None


@require_POST
def player_edit(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        player = registry.current(_changeable_or_refusal(request, pk))
        registry.update(
            player,
            name=request.POST.get("name", ""),
            colour=request.POST.get("colour", ""),
            language=request.POST.get("language", ""),
            hidden=request.POST.get("hidden") == "on",
        )
    except Refused as refusal:
        return _refused(request, refusal)
    return redirect("player", pk=player.pk)


@require_http_methods(["GET", "POST"])
def player_merge(request: HttpRequest, pk: int) -> HttpResponse:
    """``pk`` is merged into the player picked in the form: GET asks to confirm what joins
    (both names and their plays), POST merges."""
    into = request.POST.get("into") if request.method == "POST" else request.GET.get("into")
    try:
        source = registry.current(_changeable_or_refusal(request, pk))
        if not str(into or "").isdigit():
            raise Refused(_("Pick the player to merge into."))
        target = registry.current(_changeable_or_refusal(request, int(str(into))))
        if source.pk == target.pk:
            raise Refused(_("A player cannot be merged with themselves."))
        if request.method == "POST":
            registry.merge(source, target)
            return redirect("player", pk=target.pk)
    except Refused as refusal:
        return _refused(request, refusal)
    return render(
        request,
        "companion/players/merge.html",
        {
            "source": source,
            "target": target,
            "source_plays": source.results.count(),
            "target_plays": target.results.count(),
        },
    )


@require_POST
def player_unmerge(request: HttpRequest, pk: int, merge: int) -> HttpResponse:
    """Undo a merge into player ``pk``: the merged player is back with what moved."""
    try:
        target = _changeable_or_refusal(request, pk)
        record = PlayerMerge.objects.filter(pk=merge, target=target).first()
        if record is None:
            raise NotFound(_("There is no such merge."))
        source = registry.unmerge(record)
    except Refused as refusal:
        return _refused(request, refusal)
    return redirect("player", pk=source.pk)


@require_GET
def player_csv(request: HttpRequest, pk: int) -> HttpResponse:
    player = registry.current(access.player_or_404(request, pk))
    response = HttpResponse(
        csvexport.player_history(player), content_type="text/csv; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="player-{player.pk}.csv"'
    return response


@require_GET
def game_statistics(request: HttpRequest, slug: str) -> HttpResponse:
    game = _game_or_none(slug)
    if game is None:
        raise Http404
    overview = stats.game_stats(slug, access.group_keys(request))
    rated = ratings.ratings(slug)
    names = {row["id"]: row["name"] for row in overview.players if row["id"]}
    table = sorted(
        (
            {"name": names.get(pid, "?"), "id": pid, "rating": rating}
            for pid, rating in rated.items()
            if pid in names
        ),
        key=lambda row: -row["rating"].ordinal,
    )
    return render(
        request,
        "companion/players/game.html",
        {"game": game, "overview": overview, "ratings": table},
    )


def _play_for(request: HttpRequest, code: str) -> Play:
    """A finished table's play, for a device that may see it (``access.sees_play``)."""
    table = table_or_404(code)
    play = results.ensure_play(table)
    if play is None or not access.sees_play(request, play):
        raise Http404
    return play


@require_GET
def play_detail(request: HttpRequest, code: str) -> HttpResponse:
    play = _play_for(request, code)
    # Each row with its player's name as it is now (names by reference, issue 22).
    rows = names.result_names(play.results.order_by("seat"))
    return render(
        request,
        "companion/players/play.html",
        {
            "play": play,
            "game": _game_or_none(play.game),
            "rows": rows,
            "chart": race_chart(play, rows),
            "categories": list(dict.fromkeys(k for r, _n, _p in rows for k in (r.breakdown or {}))),
        },
    )


def race_chart(play: Play, rows: list[tuple[PlayResult, str, Player | None]]) -> str:
    return charts.race_chart(
        play.race,
        [name for _r, name, _p in rows],
        [player.colour if player else "" for _r, _n, player in rows],
        title=gettext("Score race"),
        x_label=gettext("Scoring entries"),
    )


@require_GET
def play_bgstats(request: HttpRequest, code: str) -> HttpResponse:
    play = _play_for(request, code)
    response = HttpResponse(
        bgstats.dumps(bgstats.export_play(play)), content_type="application/json; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{code}.bgsplay"'
    return response


@require_GET
def play_bgg(request: HttpRequest, code: str) -> HttpResponse:
    play = _play_for(request, code)
    response = HttpResponse(bgg.export_play(play), content_type="application/xml; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{code}-bgg.xml"'
    return response


@require_http_methods(["GET", "POST"])
def import_plays(request: HttpRequest) -> HttpResponse:
    """The upload: checked whole here (a refused file: a message, nothing written), then
    written in small batches by its job, whose page shows the progress (``interop.jobs``,
    written by the process's runner, ``interop.runner``)."""
    if not may_import(request):
        return _refused(
            request, Forbidden(_("Only a phone that has played here can import plays."))
        )
    error = None
    if request.method == "POST":
        upload = request.FILES.get("file")
        try:
            if upload is None:
                raise Refused(_("Choose a BG Stats play file."))
            if upload.size and upload.size > MAX_IMPORT_BYTES:
                raise Refused(_("The file is too large."))
            job = jobs.start(upload.read(), **import_target(request))
        except Refused as refusal:
            error = refusal.message
        else:
            runner.runner.wake()  # this process's runner writes it, page open or not
            response = redirect("import_job", key=job.key)
            devices.set_cookie(request, response, jobs.cookie_name(job), job.owner_token)
            return response
    return render(
        request,
        "companion/players/import.html",
        {"error": error, "jobs": _own_jobs(request)},
        status=400 if error else 200,
    )


def import_target(request: HttpRequest) -> dict[str, Any]:
    """Whose records an upload joins: names match in the groups of the device's own
    players (every group for the operator); new players join the group of the phone's
    remembered player (else one of its groups). Kept as players, not groups: groups may
    join while the job runs (``jobs.into``)."""
    found = access.reach(request)
    me = registry.remembered(request)
    return {
        "anchors": set(found.players),
        "home_player": me.pk if me is not None else None,
        "everyone": found.operator,
    }


def _own_jobs(request: HttpRequest) -> list[ImportJob]:
    """This device's import jobs (its ``import_<key>`` cookies), newest first."""
    tokens = {
        name.removeprefix(jobs.COOKIE_PREFIX): value
        for name, value in request.COOKIES.items()
        if name.startswith(jobs.COOKIE_PREFIX) and len(name) < 64
    }
    found = ImportJob.objects.defer("plays").filter(key__in=list(tokens)[:50])
    return [job for job in found if secrets.compare_digest(tokens[job.key], job.owner_token)]


def _job_or_404(request: HttpRequest, key: str) -> ImportJob:
    """A job only its uploading device (its cookie) and the operator see: to anyone else
    it does not exist."""
    job = ImportJob.objects.defer("plays").filter(key=key).first()
    if job is None:
        raise Http404
    token = request.COOKIES.get(jobs.cookie_name(job), "")
    if not secrets.compare_digest(token, job.owner_token) and not access.reach(request).operator:
        raise Http404
    return job


@require_GET
def import_job(request: HttpRequest, key: str) -> HttpResponse:
    """The job's progress ("n of m plays imported"), polling ``import_step`` until done."""
    return render(request, "companion/players/import_job.html", {"job": _job_or_404(request, key)})


@require_POST
def import_step(request: HttpRequest, key: str) -> HttpResponse:
    """One poll of the progress page: the progress; where no runner writes the job, the
    poll writes the next batches (a second at most, each its own transaction). Without
    htmx: back to the page."""
    job = runner.step(_job_or_404(request, key))
    if not request.headers.get("HX-Request"):
        return redirect("import_job", key=job.key)
    return render(request, "companion/players/_import_progress.html", {"job": job})


@require_POST
def start_rematch(request: HttpRequest, code: str) -> HttpResponse:
    """The host or a seated phone taps "Rematch": the new table opens with the same seats."""
    table = table_or_404(code)
    seat = devices.my_seat(request, table)
    if not devices.is_host(request, table) and seat is None:
        return _refused(request, Forbidden(_("Only the host or a player can start a rematch.")))
    try:
        new = rematch.start_rematch(table)
    except Refused as refusal:
        return _refused(request, refusal)
    response = redirect("table", code=new.code)
    if seat is not None:
        # The phone that tapped keeps its seat: it takes the same seat at the new table.
        response = redirect("phone", code=new.code)
        try:
            same = new.seats.get(index=seat.index)
            token = tables.claim_seat(new, seat.index, seat.name, seat.colour, same.claim_token)
        except Refused:
            response = redirect("join", code=new.code)
        else:
            devices.set_cookie(request, response, devices.seat_cookie(new), token)
    if devices.is_host(request, table):
        devices.set_cookie(request, response, devices.host_cookie(new), new.host_token)
    return response
