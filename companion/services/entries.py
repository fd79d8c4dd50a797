"""Services that write to a table's log: entries, undo and corrections.

Each runs in one transaction holding the table's row lock, checks the form's
version and idempotency key, appends one event and updates the cached state.
Live updates go out only after the commit, so no device ever hears of an
entry that could still be rolled back.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

import games
from companion import live, selectors
from companion.consequences import consequences
from companion.fields import check_values, labelled, offered_fields
from companion.models import Event, Snapshot, Table
from companion.naming import named
from companion.players import results
from companion.replay import Effective, ReplayError, corrected, fold
from companion.services.errors import Forbidden, NotFound, Refused, Stale
from companion.validation import keep_offered_keys
from companion.writes import write_transaction
from games.base import Action, Game, IllegalAction, State
from games.i18n import Msg, _, msg

SNAPSHOT_EVERY = 25  # effective actions between snapshots: bounds every replay
MAX_ACTION_BYTES = 8_000


@dataclass(frozen=True)
class Actor:
    """Who sends an entry: the seat the device holds, and/or the host."""

    seat: int | None
    is_host: bool = False
    device: str = ""


@dataclass(frozen=True)
class Result:
    table: Table
    duplicate: bool = False  # the same form was already applied (a double tap)
    event: Event | None = None  # the event written (none for a double tap)


def submit_action(
    code: str,
    actor: Actor,
    *,
    version: int,
    idempotency_key: str,
    action: Any,
    on_behalf: int | None = None,
) -> Result:
    """Apply one entry from a phone (or the host) to table ``code``."""
    _check_player(actor)
    action = _checked_payload(action)
    _check_key(idempotency_key)
    with write_transaction():
        table = _locked(code)
        try:
            _check_running(table)
            _check_version(table, version)
        except Refused:
            # A form applied already moved the version on, so only a form that fails
            # these checks can be a double tap: asked then, not on every entry.
            if _already_applied(table, idempotency_key):
                return Result(table, duplicate=True)
            raise
        game = games.get(table.game)
        seat = _acting_seat(table, game, actor, on_behalf)
        offered = game.choices(_state(table), seat)
        action = keep_offered_keys(action, offered)
        # The limits the form showed hold here too, and a refusal names the field's label.
        fields = offered_fields(action, offered)
        check_values(fields, action)
        action.update(seat=seat, seed=secrets.randbits(31))
        try:
            state = game.apply(_state(table), action)
        except IllegalAction as error:
            # A reason that names a seat (games.i18n.seat_name) shows its name of record.
            reason = labelled(error.message, fields)
            raise Refused(named(reason, selectors.seat_names(table))) from error
        event = _append(table, game, actor, Event.Kind.ACTION, action, idempotency_key, seat=seat)
        table.applied += 1
        table.undo_seat = seat
        _store_state(table, game, state)
        if table.applied % SNAPSHOT_EVERY == 0:
            Snapshot.objects.update_or_create(
                table=table, position=table.applied, defaults={"state": state}
            )
        _finish(table)
    # An entry is made only at a running table (``_check_running``): it never reopens a
    # finished one, so there is no play to forget, only one to build when it ends the game.
    if table.status == Table.Status.FINISHED:
        results.build_finished(table.pk)
    return Result(table, event=event)


def undo_last(
    code: str,
    actor: Actor,
    *,
    version: int,
    idempotency_key: str,
    reopen_confirmed: bool = False,
) -> Result:
    """Take back the last effective entry (its own seat or the host).

    After the end only the host may, having seen what it does (``reopen_confirmed``).
    """
    _check_player(actor)
    with write_transaction():
        table = _locked(code)
        if _already_applied(table, idempotency_key):
            return Result(table, duplicate=True)
        if table.status == Table.Status.LOBBY:
            raise Refused(_("The game has not started yet."))
        _check_version(table, version)
        _check_finished_lock(table, actor, reopen_confirmed)
        game = games.get(table.game)
        last, remaining = _undoable(table, actor)
        state = _rebuild(table, game, remaining)
        _append(table, game, actor, Event.Kind.UNDO, {"undone": last.seq}, idempotency_key)
        table.applied = len(remaining)
        table.undo_seat = remaining[-1].action.get("seat") if remaining else None
        _store_state(table, game, state)
        _finish(table)
    _record_if_finished(table)
    return Result(table)


@dataclass(frozen=True)
class CorrectionPlan:
    """A correction worked out from the log, not yet written."""

    seen_version: int  # the table's version it was worked out from
    index: int  # position of the corrected entry among the effective actions
    action: Action  # the entry as corrected
    state: State  # the state after the whole corrected log
    snapshots: list[tuple[int, State]]  # fresh snapshots for positions after ``index``


def plan_correction(
    code: str,
    actor: Actor,
    *,
    target: int,
    facts: dict[str, Any],
    version: int,
    reopen_confirmed: bool = False,
) -> CorrectionPlan:
    """Replay the log with entry ``target``'s facts replaced, without writing anything.

    Refused, with the reason, when a later entry would no longer be legal.
    """
    _check_player(actor)
    table = _existing(code)
    _check_version(table, version)
    _check_finished_lock(table, actor, reopen_confirmed)
    game = games.get(table.game)
    actions = selectors.effective(table)
    names = selectors.seat_names(table)  # a refusal names seats as they are called now
    index, new_action = _corrected_at(table, game, actions, actor, target, facts, names)
    new_actions = [*actions[:index], Effective(target, new_action), *actions[index + 1 :]]
    snapshot = (
        Snapshot.objects.filter(table=table, position__lte=index).order_by("-position").first()
    )
    assert snapshot is not None, "position 0 is written when the game starts"
    state, position, fresh_snapshots = snapshot.state, snapshot.position, []
    try:
        while position < len(new_actions):
            step = min(SNAPSHOT_EVERY - position % SNAPSHOT_EVERY, len(new_actions) - position)
            state = fold(game, state, new_actions[position : position + step])
            position += step
            if position % SNAPSHOT_EVERY == 0:
                fresh_snapshots.append((position, state))
    except ReplayError as error:
        raise _impossible(game, error, target, names) from error
    return CorrectionPlan(table.version, index, new_action, state, fresh_snapshots)


def correct_entry(
    code: str,
    actor: Actor,
    *,
    target: int,
    facts: dict[str, Any],
    version: int,
    idempotency_key: str,
    reopen_confirmed: bool = False,
) -> Result:
    """Replace the physical facts of the entry logged at ``target``; replay what follows.

    After the end only the host may, having seen the preview (``reopen_confirmed``).
    The replay runs before the write lock is taken: on SQLite that lock is the whole
    database's, and a long game's replay under it would hold every other table. Under
    the lock it is only checked that nothing was entered meanwhile, then written.
    """
    _check_player(actor)
    if _seen_key(code, idempotency_key):
        return Result(_existing(code), duplicate=True)
    plan = plan_correction(
        code, actor, target=target, facts=facts, version=version, reopen_confirmed=reopen_confirmed
    )
    with write_transaction():
        table = _locked(code)
        if _already_applied(table, idempotency_key):
            return Result(table, duplicate=True)
        _check_version(table, version)
        _check_finished_lock(table, actor, reopen_confirmed)
        if table.version != plan.seen_version:
            raise Stale(_("Someone else made an entry first. Here is the game as it is now."))
        game = games.get(table.game)
        Snapshot.objects.filter(table=table, position__gt=plan.index).delete()
        for position, state in plan.snapshots:
            Snapshot.objects.create(table=table, position=position, state=state)
        _append(table, game, actor, Event.Kind.CORRECT, plan.action, idempotency_key, target=target)
        _store_state(table, game, plan.state)
        table.status = Table.Status.RUNNING
        _finish(table)
    _record_if_finished(table)
    return Result(table)


def _seen_key(code: str, key: str) -> bool:
    """A form already applied (a double tap): answered without replaying anything."""
    return bool(key) and Event.objects.filter(table__code=code, idempotency_key=key).exists()


@dataclass(frozen=True)
class Preview:
    """What a change would do, worked out without writing anything."""

    lines: list[Msg]  # consequences, most important first
    finished: bool  # the game is over now: the change needs the host's confirmation
    reopens: bool  # the change would take the game back to running
    facts: dict[str, Any] = field(default_factory=dict)  # the corrected values, as sent
    undoing: Effective | None = None  # an undo's preview: the entry it takes back


def preview_correction(code: str, actor: Actor, *, target: int, facts: dict[str, Any]) -> Preview:
    """What correcting entry ``target`` to ``facts`` would change: a replay, never a write.

    Refused with the same reasons as :func:`correct_entry` (rights, the lock
    after the end, a later entry that would become impossible).
    """
    _check_player(actor)
    table = _existing(code)
    _check_finished_lock(table, actor, confirmed=True)
    game = games.get(table.game)
    actions = selectors.effective(table)
    names = selectors.seat_names(table)  # a refusal names seats as they are called now
    index, new_action = _corrected_at(table, game, actions, actor, target, facts, names)
    new_actions = [*actions[:index], Effective(target, new_action), *actions[index + 1 :]]
    try:
        after = selectors.replayed(table, game, new_actions, valid_up_to=index)
    except ReplayError as error:
        raise _impossible(game, error, target, names) from error
    return _preview(table, game, after, facts)


def preview_undo(code: str, actor: Actor) -> Preview:
    """What undoing the last entry would change (shown before a finished game reopens)."""
    _check_player(actor)
    table = _existing(code)
    _check_finished_lock(table, actor, confirmed=True)
    game = games.get(table.game)
    last, remaining = _undoable(table, actor)
    after = selectors.replayed(table, game, remaining, valid_up_to=len(remaining))
    return replace(_preview(table, game, after, {}), undoing=last)


def _undoable(table: Table, actor: Actor) -> tuple[Effective, list[Effective]]:
    """What an undo by ``actor`` takes back (the entry its button names) and what remains."""
    last = selectors.undo_target(table)
    if last is None:
        raise Refused(_("There is nothing to undo."))
    if not actor.is_host and actor.seat != last.action.get("seat"):
        raise Forbidden(_("Only the player who made the last entry, or the host, can undo it."))
    return last, [item for item in selectors.effective(table) if item.seq != last.seq]


def _preview(table: Table, game: Game, after: State, facts: dict[str, Any]) -> Preview:
    seats = selectors.seats_of(table)
    names = [seat["name"] for seat in seats]
    # The game's own lines name the seats as they are called now, like every page does.
    before_shown = selectors.with_current_names(_state(table), seats)
    after_shown = selectors.with_current_names(after, seats)
    lines = consequences(game, names, before_shown, after_shown)
    finished = table.status == Table.Status.FINISHED
    return Preview(
        lines=lines or [msg(_("Nothing else changes."))],
        finished=finished,
        reopens=finished and game.outcome(after) is None,
        facts=facts,
    )


# -- helpers -------------------------------------------------------------------


def _existing(code: str) -> Table:
    table = Table.objects.filter(code=code).first()
    if table is None:
        raise NotFound(_("There is no table with the code %(code)s."), code=code)
    if table.status == Table.Status.LOBBY:
        raise Refused(_("The game has not started yet."))
    return table


def _check_finished_lock(table: Table, actor: Actor, confirmed: bool) -> None:
    """A finished game stays finished unless the host reopens it knowingly."""
    if table.status != Table.Status.FINISHED:
        return
    if not actor.is_host:
        raise Forbidden(_("The game is over: only the host can still change it."))
    if not confirmed:
        raise Refused(_("The game is over: look at what this changes and confirm it first."))


def _corrected_at(
    table: Table,
    game: Game,
    actions: list[Effective],
    actor: Actor,
    target: int,
    facts: dict[str, Any],
    names: list[str],
) -> tuple[int, Action]:
    """The index of entry ``target`` among the effective actions, and its corrected action."""
    index = next((i for i, item in enumerate(actions) if item.seq == target), None)
    if index is None:
        raise NotFound(_("Entry %(seq)s is not in the game any more."), seq=target)
    original = actions[index].action
    if not actor.is_host and actor.seat != original.get("seat"):
        raise Forbidden(_("Only the player who made the entry, or the host, can correct it."))
    # The limits of the correction form are the entry's own (from the state it was made in).
    fields = game.facts(original, selectors.state_before(table, game, actions, index))
    try:
        new_action = corrected(game, original, facts)
    except IllegalAction as error:
        raise Refused(named(error.message, names)) from error
    check_values(fields, facts)
    if new_action == original:
        raise Refused(_("The correction changes nothing."))
    return index, new_action


def _impossible(game: Game, error: ReplayError, target: int, names: list[str]) -> Refused:
    """The replay's reason comes from states that hold the names dealt at the start: shown
    with the names of record (``companion.naming.named``)."""
    if error.seq == target:
        # The corrected entry itself is refused: its own reason, with its fields' labels.
        return Refused(named(labelled(error.error.message, game.facts(error.action)), names))
    return Refused(
        named(
            msg(
                _("This correction would make entry %(seq)s (%(entry)s) impossible: %(reason)s"),
                seq=error.seq,
                entry=game.describe(error.action),
                reason=error.error.message,
            ),
            names,
        )
    )


def _checked_payload(action: Any) -> Action:
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise Refused(_("This entry is not understood."))
    if len(json.dumps(action)) > MAX_ACTION_BYTES:
        raise Refused(_("This entry is too large."))
    # The platform decides these two, never the form.
    return {key: value for key, value in action.items() if key not in {"seat", "seed"}}


def _check_player(actor: Actor) -> None:
    if actor.seat is None and not actor.is_host:
        raise Forbidden(_("Only the players at this table can make entries."))


def _locked(code: str) -> Table:
    table = Table.objects.select_for_update().filter(code=code).first()
    if table is None:
        raise NotFound(_("There is no table with the code %(code)s."), code=code)
    return table


def _check_key(key: str) -> None:
    if not key or len(key) > 64:
        raise Refused(_("This form is incomplete; reload the page."))


def _already_applied(table: Table, key: str) -> bool:
    _check_key(key)
    return Event.objects.filter(table=table, idempotency_key=key).exists()


def _check_running(table: Table) -> None:
    if table.status == Table.Status.LOBBY:
        raise Refused(_("The game has not started yet."))
    if table.status == Table.Status.FINISHED:
        raise Refused(_("The game is over."))


def _state(table: Table) -> State:
    """The state of a started table (the lobby has none; the callers checked that)."""
    if table.state is None:
        raise Refused(_("The game has not started yet."))
    return table.state


def _check_version(table: Table, version: int) -> None:
    if version != table.state_version:
        raise Stale(_("Someone else made an entry first. Here is the game as it is now."))


def _acting_seat(table: Table, game: Game, actor: Actor, on_behalf: int | None) -> int:
    """The seat the entry is for: the device's own, or any seat for the host."""
    to_act = game.to_act(_state(table))
    if actor.is_host:
        if on_behalf is None:
            if len(to_act) != 1:
                raise Refused(_("Choose the player this entry is for."))
            return to_act[0]
        seat = on_behalf
    elif on_behalf is not None and on_behalf != actor.seat:
        raise Forbidden(_("You can only make entries for your own seat."))
    else:
        assert actor.seat is not None  # _check_player
        seat = actor.seat
    if seat not in to_act:
        names = selectors.seat_names(table)  # the name of record, not the one dealt at the start
        name = names[seat] if 0 <= seat < len(names) else str(seat)
        raise Refused(_("It is not %(player)s's turn."), player=name)
    return seat


def _rebuild(table: Table, game: Game, actions: list[Effective]) -> State:
    """The state after ``actions``, from the nearest snapshot at or before them.

    Snapshots past the end of ``actions`` are stale after an undo and are removed.
    """
    Snapshot.objects.filter(table=table, position__gt=len(actions)).delete()
    snapshot = (
        Snapshot.objects.filter(table=table, position__lte=len(actions))
        .order_by("-position")
        .first()
    )
    assert snapshot is not None, "position 0 is written when the game starts"
    state = snapshot.state
    position = snapshot.position
    while position < len(actions):
        step = min(SNAPSHOT_EVERY - position % SNAPSHOT_EVERY, len(actions) - position)
        state = fold(game, state, actions[position : position + step])
        position += step
        if position % SNAPSHOT_EVERY == 0:
            Snapshot.objects.update_or_create(
                table=table, position=position, defaults={"state": state}
            )
    return state


def _append(
    table: Table,
    game: Game,
    actor: Actor,
    kind: str,
    payload: Action,
    idempotency_key: str,
    *,
    seat: int | None = None,
    target: int | None = None,
) -> Event:
    """Write the event and charge the time since the last one to whoever had to act."""
    now = timezone.now()
    _charge_clocks(table, game, now)
    table.version += 1
    try:
        return Event.objects.create(
            table=table,
            seq=table.version,
            kind=kind,
            seat=seat if seat is not None else actor.seat,
            by_host=actor.is_host,
            device=actor.device,
            payload=payload,
            target=target,
            idempotency_key=idempotency_key,
        )
    except IntegrityError as error:  # the same form twice at the same instant
        raise Stale(_("This entry was already received.")) from error


def _charge_clocks(table: Table, game: Game, now: datetime) -> None:
    """Chess clocks: the time since the last event goes to the seats that had to act."""
    if table.clock_since is None or table.state is None:
        return
    elapsed = max(0.0, (now - table.clock_since).total_seconds())
    clocks = dict(table.clocks)
    for seat in game.to_act(table.state):
        clocks[str(seat)] = round(clocks.get(str(seat), 0.0) + elapsed, 3)
    table.clocks = clocks
    table.clock_since = now


def _store_state(table: Table, game: Game, state: State) -> None:
    table.state = state
    table.state_version = table.version
    table.outcome = game.outcome(state)
    table.scores = game.scores(state)


def _record_if_finished(table: Table) -> None:
    """The play of a finished table (its statistics), built once the entry is committed and
    the write lock released: the replay of its log never holds another table's entry, and
    no statistics request has to build it later. A failure is logged, never raised."""
    if table.status == Table.Status.FINISHED:
        results.build_finished(table.pk)
    else:
        results.forget_reopened(table.pk)


def _finish(table: Table) -> None:
    """Save the table, close or reopen the game, and tell the devices after commit."""
    if table.outcome is not None:
        table.status = Table.Status.FINISHED
        table.finished_at = table.finished_at or timezone.now()
    else:
        table.status = Table.Status.RUNNING
        table.finished_at = None
    table.save()
    code, version = table.code, table.version
    transaction.on_commit(lambda: live.publish(code, version))
