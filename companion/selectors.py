"""Reads: what the pages show, assembled from a table, its seats and its log."""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import QuerySet
from django.utils import timezone

import games
from companion.models import Event, Rematch, Seat, Snapshot, Table
from companion.naming import named
from companion.replay import (
    Effective,
    LoggedEvent,
    Moment,
    TimedEvent,
    effective_actions,
    fold,
    moment,
)
from companion.replay import undo_target as replay_undo_target
from games.base import Choice, Game, State
from games.i18n import Msg, _, msg


def table_by_code(code: str) -> Table | None:
    return Table.objects.filter(code=code.upper()).first()


def seat_for_device(table: Table, device_token: str | None) -> Seat | None:
    if not device_token:
        return None
    return table.seats.filter(device_token=device_token).first()


def seats_of(table: Table) -> list[dict[str, Any]]:
    return [
        {
            "index": seat.index,
            "name": seat.name,
            "colour": seat.colour,
            "free": seat.is_free,
            "claim_token": seat.claim_token,
        }
        for seat in table.seats.order_by("index")
    ]


@dataclass(frozen=True)
class Clock:
    seat: int
    seconds: float
    running: bool
    base: float = 0.0


def clocks_of(
    table: Table,
    game: Game,
    now: datetime | None = None,
    count: int | None = None,
    to_act: list[int] | None = None,
) -> list[Clock]:
    """Each seat's thinking time, counting the time since the last entry.

    ``base`` is the time charged up to the last entry: a page adds the time since
    then itself, so a region rendered once stays right for as long as it is shown.
    ``to_act``: the engine's answer for the table's state, when the caller has it.
    """
    now = now or timezone.now()
    if not table.state or table.outcome:
        running: set[int] = set()
    else:
        running = set(game.to_act(table.state) if to_act is None else to_act)
    elapsed = (
        (now - table.clock_since).total_seconds()
        if table.clock_since and table.status == Table.Status.RUNNING
        else 0.0
    )
    return [
        Clock(
            seat=index,
            seconds=float(table.clocks.get(str(index), 0.0)) + (elapsed if index in running else 0),
            running=index in running,
            base=float(table.clocks.get(str(index), 0.0)),
        )
        for index in range(table.seats.count() if count is None else count)
    ]


def game_context(
    table: Table,
    seat: int | None,
    state: State | None = None,
    seats: list[dict[str, Any]] | None = None,
    shared: dict[Any, Any] | None = None,
) -> dict[str, Any]:
    """Everything a game's templates get (see games/README.md).

    ``shared``: the engine's answers already computed for the table's current state by
    the other regions of the same version (``regions.TableData.shared``): whose turn,
    the phase, the scores and the outcome do not depend on the seat, and a seat's view
    is the same in every language and for the seats of the same ``view_key``, so each
    is asked of the engine once per version.
    """
    game = games.get(table.game)
    state = table.state if state is None else state
    seats = seats_of(table) if seats is None else seats
    context: dict[str, Any] = {
        "game": game,
        "table": table,
        "seats": seats,
        "options": table.options,
        "me": seat,
        "view": None,
        "view_key": seat,
        "phase": None,
        "to_act": [],
        "scores": table.scores,
        "outcome": table.outcome,
        "phone_top": optional_template(game.slug, "phone_top.html"),
        # A game may lay out its own entries (Wallenstein's move picker); else the list.
        "phone_choices": optional_template(game.slug, "phone_choices.html"),
    }
    if state is not None:
        known = {} if shared is None else shared
        if "state" not in known:
            shown = with_current_names(state, seats)
            names = [s["name"] for s in seats]
            # Names as dealt: every name the engine put in a message is already the name
            # of record, and the walk through each view (2 ms a version for Wallenstein's
            # five, bench) would change nothing (tests/platform/test_names_as_dealt.py).
            renamed = not names_as_dealt(state, names)
            known.update(
                state=shown,
                names=names,
                renamed=renamed,
                phase=named(game.phase(shown), names) if renamed else game.phase(shown),
                to_act=game.to_act(shown),
                scores=game.scores(shown),
                outcome=named(game.outcome(shown), names) if renamed else game.outcome(shown),
            )
        # Seats that see the same view (the game's ``view_key``) share one answer.
        key = game.view_key(known["state"], seat)
        if ("view", key) not in known:
            view = game.view(known["state"], seat)
            known["view", key] = named(view, known["names"]) if known["renamed"] else view
        context.update(
            view=known["view", key],
            view_key=key,
            phase=known["phase"],
            to_act=known["to_act"],
            scores=known["scores"],
            outcome=known["outcome"],
        )
    return context


@functools.cache
def optional_template(slug: str, name: str) -> str | None:
    """``games/<slug>/<name>`` when the game has that template, else ``None``."""
    from django.template import TemplateDoesNotExist
    from django.template.loader import get_template

    template = f"games/{slug}/{name}"
    try:
        get_template(template)
    except TemplateDoesNotExist:
        return None
    return template


def names_as_dealt(state: State, names: list[str]) -> bool:
    """Whether the seats still have the names the engine dealt at the start (the engines
    keep them in ``state["players"]``): then its messages name every seat as it is now."""
    players = state.get("players") if isinstance(state, dict) else None
    return isinstance(players, list) and players == names


def with_current_names(state: State, seats: list[dict[str, Any]]) -> State:
    """The state as shown: the seats' current names instead of those dealt at the start.

    The seat holds the name of record (a phone that takes a freed seat brings its own);
    the engines keep the names of the start in ``state["players"]`` and use them in what
    they say ("Anna: actions"), so the platform hands them the current names for display.
    The stored state and the log keep the names of the start: replaying them is unchanged.
    """
    players = state.get("players") if isinstance(state, dict) else None
    if not isinstance(players, list) or len(players) != len(seats):
        return state
    names = [seat["name"] for seat in seats]
    if names == players:
        return state
    return {**state, "players": names}


def choices_for(
    table: Table,
    seat: int,
    seats: list[dict[str, Any]] | None = None,
    shared: dict[Any, Any] | None = None,
) -> list[Choice]:
    """The entries ``seat`` may make now; ``shared`` as in :func:`game_context`."""
    if table.state is None or table.status != Table.Status.RUNNING:
        return []
    known = {} if shared is None else shared
    if ("choices", seat) not in known:
        state = known.get("state") or with_current_names(
            table.state, seats_of(table) if seats is None else seats
        )
        known["choices", seat] = games.get(table.game).choices(state, seat)
    choices: list[Choice] = known["choices", seat]
    return choices


def describe_event(game: Game, event: Event, names: list[str] | None = None) -> Msg:
    """One log line; an entry starts with the name its seat has now."""
    if event.kind == Event.Kind.ACTION:
        return describe_action(game, event.payload, names)
    if event.kind == Event.Kind.UNDO:
        return msg(_("Undo of entry %(seq)s"), seq=event.payload.get("undone", "?"))
    if event.kind == Event.Kind.CORRECT:
        return msg(
            _("Correction of entry %(seq)s: %(entry)s"),
            seq=event.target,
            entry=describe_action(game, event.payload, names),
        )
    if event.kind == Event.Kind.START:
        return msg(_("The game starts."))
    what = event.payload.get("what")
    texts = {
        "claimed": _("%(name)s takes seat %(seat)s."),
        "freed": _("The host frees seat %(seat)s."),
        "renamed": _("Seat %(seat)s is now called %(name)s."),
    }
    return msg(
        texts.get(what, _("Seat %(seat)s changes.")),
        name=event.payload.get("name", ""),
        seat=(event.seat or 0) + 1,
    )


def describe_action(game: Game, action: dict[str, Any], names: list[str] | None) -> Msg:
    seat = action.get("seat")
    entry = game.describe(action)
    if names is None:
        return entry
    entry = named(entry, names)
    if not isinstance(seat, int) or not 0 <= seat < len(names):
        return entry
    return msg(_("%(player)s: %(entry)s"), player=names[seat], entry=entry)


def seat_names(table: Table) -> list[str]:
    return list(table.seats.order_by("index").values_list("name", flat=True))


@dataclass(frozen=True)
class LogLine:
    seq: int
    kind: str
    text: Msg
    seat: int | None
    by_host: bool
    created_at: datetime
    target: int | None
    undone: bool  # taken back by a later undo
    correctable: bool  # has physical facts and still counts


def log_lines(
    table: Table, *, last: int | None = None, names: list[str] | None = None
) -> list[LogLine]:
    """The log with each entry's description, newest first (the ``last`` N only).

    Reads only the window it shows, so a phone's page costs the same late in a
    long game. The window is every event from its oldest on, and an undo always
    comes after what it undoes, so the undos that matter for it are in it.
    ``names``: the seats' names, when the caller has read the seats already.
    """
    game = games.get(table.game)
    events = table.events.order_by("-seq")
    window = list(events[:last] if last else events)
    if not window:
        return []
    names = seat_names(table) if names is None else names
    undone = {event.payload.get("undone") for event in window if event.kind == Event.Kind.UNDO}
    return [log_line(game, event, names, undone=event.seq in undone) for event in window]


def log_line(game: Game, event: Event, names: list[str], *, undone: bool = False) -> LogLine:
    """``event`` as a line of the log; ``undone``: a later undo took it back."""
    undone = undone and event.kind == Event.Kind.ACTION
    return LogLine(
        seq=event.seq,
        kind=event.kind,
        text=describe_event(game, event, names),
        seat=event.seat,
        by_host=event.by_host,
        created_at=event.created_at,
        target=event.target,
        undone=undone,
        correctable=event.kind == Event.Kind.ACTION
        and not undone
        and bool(game.facts(event.payload)),
    )


def effective(table: Table) -> list[Effective]:
    """The actions that count now, after every undo and correction."""
    rows = table.events.filter(
        kind__in=[Event.Kind.ACTION, Event.Kind.UNDO, Event.Kind.CORRECT]
    ).values_list("seq", "kind", "payload", "target")
    return effective_actions(LoggedEvent(*row) for row in rows)


def undo_target(table: Table) -> Effective | None:
    """What an undo of ``table`` takes back now (:func:`companion.replay.undo_target`)."""
    return replay_undo_target(_newest_first(table))


def _newest_first(table: Table) -> Iterator[LoggedEvent]:
    """The log's entries, undos and corrections from the newest back, read a few at a
    time: an undo's target is almost always among the last events."""
    rows = (
        table.events.filter(kind__in=[Event.Kind.ACTION, Event.Kind.UNDO, Event.Kind.CORRECT])
        .order_by("-seq")
        .values_list("seq", "kind", "payload", "target")
    )
    start, size = 0, 8
    while True:
        batch = list(rows[start : start + size])
        yield from (LoggedEvent(*row) for row in batch)
        if len(batch) < size:
            return
        start, size = start + size, size * 4


def replayed(table: Table, game: Game, actions: list[Effective], *, valid_up_to: int) -> State:
    """The state after ``actions`` without writing anything (a preview).

    Snapshots are trusted only up to position ``valid_up_to``: past it the
    actions differ from the ones the snapshots were taken of.
    """
    snapshot = (
        Snapshot.objects.filter(table=table, position__lte=min(valid_up_to, len(actions)))
        .order_by("-position")
        .first()
    )
    assert snapshot is not None, "position 0 is written when the game starts"
    return fold(game, snapshot.state, actions[snapshot.position :])


def state_before(table: Table, game: Game, actions: list[Effective], index: int) -> State:
    """The state entry ``actions[index]`` was made in (its correction's limits)."""
    return replayed(table, game, actions[:index], valid_up_to=index)


def moment_at(table: Table, seq: int) -> Moment | None:
    """The game as it stood right after log entry ``seq`` (the history stepper):
    its state and each seat's clock then."""
    game = games.get(table.game)
    initial = Snapshot.objects.filter(table=table, position=0).first()
    if initial is None or table.started_at is None:
        return None
    rows = table.events.filter(
        seq__lte=seq, kind__in=[Event.Kind.ACTION, Event.Kind.UNDO, Event.Kind.CORRECT]
    ).values_list("seq", "kind", "payload", "target", "created_at")
    return moment(
        game,
        initial.state,
        table.started_at,
        [TimedEvent(LoggedEvent(*row[:4]), row[4]) for row in rows],
        seat_count=table.seats.count(),
    )


def history(limit: int = 200) -> QuerySet[Table]:
    return Table.objects.exclude(status=Table.Status.LOBBY).prefetch_related("seats")[:limit]


def open_tables(limit: int = 12) -> list[Table]:
    """Tables their hosts opened for the room, while not over."""
    return list(Table.objects.filter(listed=True).exclude(status=Table.Status.FINISHED)[:limit])


def rematch_offered(table: Table) -> bool:
    """Whether the seated phones of finished ``table`` are offered their rematch seats.

    A read beside the others here, not in ``players.rematch`` (which makes rematches and
    publishes them): the regions ask it, and must not import what publishes to them.
    """
    return table.status == Table.Status.FINISHED and Rematch.objects.filter(table=table).exists()
