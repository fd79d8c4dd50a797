"""The live regions of a table's pages, rendered once per version and viewer.

A region (the ``#live`` part of the table screen, a spectator's page, a phone, host mode)
depends only on the table at one version, on who looks (:class:`Viewer`) and on the
language. So each is rendered once per version for every device that sees the same
thing, and pushed to them over their streams (``companion.views.stream``); the entering
phone's own region, rendered for its POST response, is the one its stream then sends.

Nothing that differs per device goes into a region: its forms carry no CSRF token when
rendered for a stream (the page's htmx header and ``live.js`` add it), and private
information goes only into the region of the seat that may see it (``view(state, seat)``).
"""

from __future__ import annotations

import hashlib
import threading
import uuid
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from django.core.cache import caches
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.safestring import mark_safe

import games
from companion import fragments, selectors
from companion.models import Event, Table
from companion.replay import Effective
from games.base import Game
from games.i18n import Msg, _, msg

TABLE_KINDS = ("table", "watch", "host-table")
SEAT_KINDS = ("seat", "host-seat")
LOG_LINES = {"table": 8, "phone": 5}
FRAGMENT_SECONDS = 600  # a log line's text, kept while its table is played


@dataclass(frozen=True)
class Viewer:
    """Who looks at a region: the kind of view, the seat, the language, the address."""

    kind: str  # one of TABLE_KINDS or SEAT_KINDS
    language: str
    seat: int = 0  # the seat shown (phones and host mode)
    origin: str = ""  # scheme://host[:port] for the absolute links on the table screen

    @property
    def is_phone(self) -> bool:
        return self.kind in SEAT_KINDS

    @property
    def key(self) -> str:
        if self.is_phone:
            return f"{self.kind}:{self.seat}:{self.language}"
        return f"{self.kind}:{self.language}:{self.origin}"

    def query(self) -> str:
        """The stream's query string that names this view (the language comes from the cookie)."""
        if self.is_phone:
            return f"view={self.kind}&seat={self.seat}"
        return f"view={self.kind}"


@dataclass(frozen=True)
class TableData:
    """What every region of one version needs, read once for all of them."""

    table: Table
    seats: list[dict[str, Any]]
    log: list[selectors.LogLine]  # newest first
    undo: Effective | None  # what an undo takes back now (its button names it)
    # The engine's answers for this version, asked once for all its regions
    # (``selectors.game_context``): whose turn, the scores, each seat's view and choices.
    shared: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def version(self) -> int:
        return self.table.version


def data_for(table: Table) -> TableData:
    seats = selectors.seats_of(table)
    names = [seat["name"] for seat in seats]
    return TableData(
        table=table,
        seats=seats,
        log=selectors.log_lines(table, last=max(LOG_LINES.values()), names=names),
        undo=selectors.undo_target(table),
    )


def data_after_entry(table: Table, event: Event) -> TableData:
    """The data of the version that entry ``event`` made, from the version before it
    when this process has that (it rendered the last entry): an entry changes no seat
    and takes back no line, so it is the same seats and log with the entry's line on
    top, and the entry is what an undo takes back. Else read like any version."""
    before = cache.data(table.code, table.version - 1)
    if before is None or before.version != table.version - 1 or event.kind != Event.Kind.ACTION:
        return data_for(table)
    names = [seat["name"] for seat in before.seats]
    line = selectors.log_line(games.get(table.game), event, names)
    log = [line, *before.log][: max(LOG_LINES.values())]
    return TableData(
        table=table,
        seats=before.seats,
        log=log,
        undo=Effective(event.seq, event.payload),
        shared=_lines_kept(before, table, {kept.seq for kept in log}),
    )


def _lines_kept(before: TableData, table: Table, shown: set[int]) -> dict[Any, Any]:
    """The log's lines as the version before rendered them (``log_html``), for the next
    version's regions: its lines are the same objects, its seats the same, so a line
    renders the same unless the table's status changed (a "correct" link depends on it).
    Only the lines the next version still shows (``shown``, their seqs): the others would
    be carried from version to version for the whole game, each entry copying them all."""
    if before.table.status != table.status:
        return {}
    return {
        key: {item: html for item, html in store.items() if item[0] == "line" and item[1] in shown}
        for key, store in before.shared.items()
        if key[0] == "log"
    }


def load(code: str) -> TableData | None:
    table = selectors.table_by_code(code)
    return data_for(table) if table is not None else None


# -- contexts --------------------------------------------------------------------------------


def log_rows(
    data: TableData, lines: list[selectors.LogLine]
) -> list[tuple[selectors.LogLine, str]]:
    """Each log line with its text as HTML, per language, shared by every view and version.

    A line's text changes only when a seat's name or colour changes or an undo takes the
    line back, so after an entry only the new line is rendered; every seat's region then
    adds its own "correct" links around the shared texts. Kept in the ``fragments`` cache
    with whose turn and the scores (``companion/cache_config.py``).
    """
    language = translation.get_language() or "en"
    # Every region of the version in this language asks for the same lines: looked up once.
    known: list[tuple[selectors.LogLine, str]] | None = data.shared.get(
        ("log_rows", language, len(lines))
    )
    if known is not None and all(a is b for (a, _text), b in zip(known, lines, strict=True)):
        return known
    seats = repr([(seat["name"], seat["colour"]) for seat in data.seats])
    digest = hashlib.md5(seats.encode(), usedforsecurity=False).hexdigest()
    prefix = f"logline:{data.table.code}:{language}:{digest}"
    fragments = caches["fragments"]
    rows = []
    for line in lines:
        key = f"{prefix}:{line.seq}:{int(line.undone)}"
        html = fragments.get(key)
        if html is None:
            html = render_to_string("companion/_log_text.html", {"line": line, "seats": data.seats})
            fragments.set(key, html, FRAGMENT_SECONDS)
        rows.append((line, html))
    data.shared[("log_rows", language, len(lines))] = rows
    return rows


def _base(data: TableData, seat: int | None) -> dict[str, Any]:
    table = data.table
    context = selectors.game_context(table, seat, seats=data.seats, shared=data.shared)
    # The clocks are the same for every view of the version (whose turn is): worked out
    # once, as ``_status.html``, which shows them, is rendered once (companion/fragments.py).
    if "clocks" not in data.shared:
        data.shared["clocks"] = (
            selectors.clocks_of(
                table, context["game"], count=len(data.seats), to_act=context["to_act"]
            )
            if table.state
            else []
        )
    context["clocks"] = data.shared["clocks"]
    context["clock_since_ms"] = (
        int(table.clock_since.timestamp() * 1000) if table.clock_since else 0
    )
    return context


def _url(data: TableData, name: str) -> str:
    """This table's address ``name``, reversed once per version for all its regions."""
    key = ("url", name)
    if key not in data.shared:
        data.shared[key] = reverse(name, args=[data.table.code])
    url: str = data.shared[key]
    return url


def fragment_store(data: TableData, viewer: Viewer) -> dict[Any, Any]:
    """The version's shared fragments in the viewer's language (``companion.fragments``):
    they live and die with the version's data, so their memory is bounded with it."""
    store: dict[Any, Any] = data.shared.setdefault(("fragments", viewer.language), {})
    return store


def log_html(
    data: TableData,
    context: dict[str, Any],
    viewer: Viewer,
    *,
    correct_links: bool,
    back_to: str = "",
) -> str:
    """The log's section (``companion/_log.html``), shared by the regions of a version
    whose "correct" links are the same, and each of its lines by the regions that show
    that line alike.

    A line (``companion/_log_item.html``) reads the version's line, the language,
    ``correct_links``, ``host``, ``back_to`` and who looks only through ``line.seat ==
    me`` (and ``== viewer``): so whether those compare equal, not the seat, makes the
    key, and the phones whose own lines are not in the window share one section.
    """
    rows = context["log"]
    me = context["me"]
    host = bool(context.get("host"))  # not in a phone's context: false in the template
    store: dict[Any, Any] = data.shared.setdefault(("log", viewer.language), {})
    flags = (correct_links, host, back_to)
    own = [(line.seat == me, line.seat == viewer) for line, _text in rows]
    key = ("section", len(rows), flags, tuple(own))
    html: str | None = store.get(key)
    if html is not None:
        return html
    variables = {**context, "correct_links": correct_links, "back_to": back_to}
    items: list[str] = []
    for (line, text), mine in zip(rows, own, strict=True):
        item_key = ("line", line.seq, flags, mine)
        item: str | None = store.get(item_key)
        if item is None:
            # The file's last newline is not the line's (the section lays the lines out).
            item = mark_safe(
                render_to_string(
                    "companion/_log_item.html", {**variables, "line": line, "text": text}
                ).removesuffix("\n")
            )
            store[item_key] = item
        items.append(item)
    # The section around the lines reads only the version's values (the table, whether
    # it shows lines): rendered once per number of lines, the lines set into it.
    shell: list[str] | None = store.get(("shell", len(rows)))
    if shell is None:
        marks = [mark_safe(f"{_MARK}{index}{_MARK}") for index in range(len(rows))]
        rendered = render_to_string("companion/_log.html", {**variables, "log_items": marks})
        shell = [rendered]
        for mark in marks:
            before, after = shell[-1].split(mark)
            shell[-1:] = [before, after]
        store["shell", len(rows)] = shell
    html = mark_safe(
        shell[0] + "".join(item + part for item, part in zip(items, shell[1:], strict=True))
    )
    store[key] = html
    return html


# Stands for a line in the log's section while the section is rendered: a private-use
# character that no template of the section holds (the lines are set in afterwards).
_MARK = "\ue001"


def table_context(data: TableData, viewer: Viewer) -> dict[str, Any]:
    table = data.table
    host = viewer.kind == "host-table"
    watch = viewer.kind == "watch"
    context = _base(data, None)
    seat_links = [
        viewer.origin + reverse("seat_link", args=[table.code, s["index"], s["claim_token"]])
        for s in data.seats
    ]
    context.update(
        viewer=viewer,
        host=host,
        watch=watch,
        join_url=viewer.origin + reverse("join", args=[table.code]),
        watch_url=viewer.origin + reverse("watch", args=[table.code, table.watch_token]),
        log=log_rows(data, data.log[: LOG_LINES["table"]]),
        live_url=_url(data, "table_live") + ("?watch=1" if watch else ""),
        seat_links=seat_links if host else [],
    )
    context[fragments.STORE] = fragment_store(data, viewer)
    context["log_html"] = log_html(data, context, viewer, correct_links=host, back_to="table")
    return context


def phone_context(
    data: TableData,
    viewer: Viewer,
    *,
    flash: Msg | None = None,
    flash_error: bool = False,
    stale: bool = False,
) -> dict[str, Any]:
    table = data.table
    seat = viewer.seat
    host_mode = viewer.kind == "host-seat"
    context = _base(data, seat)
    last_seat = data.undo.action.get("seat") if data.undo else None
    context.update(
        viewer=viewer,
        host_mode=host_mode,
        choices=[
            (choice, uuid.uuid4().hex)
            for choice in selectors.choices_for(table, seat, data.seats, data.shared)
        ],
        # After the end only the host (in host mode) may still undo: the game is locked.
        can_undo=last_seat is not None
        and (host_mode or last_seat == seat)
        and (host_mode or table.status != Table.Status.FINISHED),
        undo_key=uuid.uuid4().hex,
        undo_label=_undo_label(data, context["game"], host_mode),
        # Reversed once here, not in every form of the region.
        act_url=_url(data, "act"),
        undo_url=_url(data, "undo"),
        log=log_rows(data, data.log[: LOG_LINES["phone"]]),
        flash=flash,
        flash_error=flash_error,
        stale=stale,
        my_turn=seat in context["to_act"],
        # Only a seated phone's own region: its one tap posts to this table's rematch
        # address, which seats that phone (a seat cookie of this table) and nobody else.
        # The new table's code is not in the region (README: who sees what).
        rematch_offer=viewer.kind == "seat" and selectors.rematch_offered(table),
        live_url=_url(data, "phone_live") + (f"?host=1&seat={seat}" if host_mode else ""),
    )
    context[fragments.STORE] = fragment_store(data, viewer)
    context["log_html"] = log_html(data, context, viewer, correct_links=True)
    return context


def _undo_label(data: TableData, game: Game, host_mode: bool) -> Msg | None:
    """The undo button names the entry it takes back; in host mode with the player's name."""
    if data.undo is None:
        return None
    if host_mode:
        names = [seat["name"] for seat in data.seats]
        entry = selectors.describe_action(game, data.undo.action, names)
    else:
        entry = game.describe(data.undo.action)
    return msg(_("Undo: %(entry)s"), entry=entry)


def context_for(data: TableData, viewer: Viewer, **extra: Any) -> dict[str, Any]:
    if viewer.is_phone:
        return phone_context(data, viewer, **extra)
    return table_context(data, viewer)


def template_for(viewer: Viewer) -> str:
    return "companion/_phone_live.html" if viewer.is_phone else "companion/_table_live.html"


def render(
    data: TableData, viewer: Viewer, request: HttpRequest | None = None, **extra: Any
) -> str:
    """The region's HTML; with ``request``, its forms carry the device's CSRF token."""
    with translation.override(viewer.language):
        return render_to_string(
            template_for(viewer), context_for(data, viewer, **extra), request=request
        )


def viewer_from(request: HttpRequest, kind: str, seat: int = 0) -> Viewer:
    return Viewer(
        kind=kind,
        language=translation.get_language() or "en",
        seat=seat,
        origin=f"{request.scheme}://{request.get_host()}",
    )


# -- the rendered regions, shared by the streams of one process -------------------------------


class RegionCache:
    """The newest rendered region per (table, viewer), and the newest table data per table.

    Thread-safe: POST handlers store the region they rendered for the entering phone,
    and the streams' renders run in the live threads.
    """

    def __init__(self, size: int = 4096) -> None:
        self._lock = threading.Lock()
        self._regions: OrderedDict[tuple[str, str], tuple[int, str]] = OrderedDict()
        self._data: OrderedDict[str, TableData] = OrderedDict()
        self._size = size

    def region(self, code: str, viewer: Viewer, at_least: int) -> tuple[int, str] | None:
        with self._lock:
            found = self._regions.get((code, viewer.key))
        return found if found and found[0] >= at_least else None

    def put_region(self, code: str, viewer: Viewer, version: int, html: str) -> None:
        with self._lock:
            key = (code, viewer.key)
            found = self._regions.get(key)
            if found is None or found[0] <= version:
                self._regions[key] = (version, html)
                self._regions.move_to_end(key)
            while len(self._regions) > self._size:
                self._regions.popitem(last=False)

    def data(self, code: str, at_least: int) -> TableData | None:
        with self._lock:
            found = self._data.get(code)
        return found if found and found.version >= at_least else None

    def put_data(self, data: TableData) -> None:
        with self._lock:
            code = data.table.code
            found = self._data.get(code)
            if found is None or found.version <= data.version:
                self._data[code] = data
                self._data.move_to_end(code)
            while len(self._data) > self._size // 4:
                self._data.popitem(last=False)


cache = RegionCache()


def region_at_least(code: str, viewer: Viewer, version: int) -> tuple[int, str] | None:
    """The region of ``viewer`` at ``version`` or newer: from the cache, else rendered.

    ``None`` when the table is gone. Runs in a live thread (it reads the database).
    """
    found = cache.region(code, viewer, version)
    if found is not None:
        return found
    data = cache.data(code, version)
    if data is None:
        data = load(code)
        if data is None:
            return None
        cache.put_data(data)
    html = render(data, viewer)
    cache.put_region(code, viewer, data.version, html)
    return data.version, html


def current_version(code: str) -> int | None:
    return Table.objects.filter(code=code).values_list("version", flat=True).first()


def versions_of(codes: list[str]) -> dict[str, int]:
    """The versions of several tables in one query (the live poller)."""
    return dict(Table.objects.filter(code__in=codes).values_list("code", "version"))
