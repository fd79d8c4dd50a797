"""State derived from the log: which actions count, and folding them.

Pure functions over plain data, so that undo, corrections, the history
stepper and the recovery after a crash all share one definition of what the
log means.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from games.base import Action, Game, IllegalAction, State
from games.i18n import _


@dataclass(frozen=True)
class LoggedEvent:
    """The part of an :class:`companion.models.Event` that replay needs."""

    seq: int
    kind: str
    payload: dict[str, Any]
    target: int | None = None


@dataclass(frozen=True)
class Effective:
    """An action that counts: its log seq and its payload as corrected."""

    seq: int
    action: Action


class ReplayError(Exception):
    """An action in the log is illegal in the state replay reaches."""

    def __init__(self, seq: int, action: Action, error: IllegalAction) -> None:
        super().__init__(f"entry {seq}: {error.reason}")
        self.seq = seq
        self.action = action
        self.error = error


def effective_actions(events: Iterable[LoggedEvent]) -> list[Effective]:
    """The actions that count after every undo and correction in ``events``."""
    result: list[Effective] = []
    for event in events:
        if event.kind == "action":
            result.append(Effective(event.seq, event.payload))
        elif event.kind == "undo" and result:
            result.pop()
        elif event.kind == "correct":
            result = [
                Effective(item.seq, event.payload) if item.seq == event.target else item
                for item in result
            ]
    return result


def undo_target(newest_first: Iterable[LoggedEvent]) -> Effective | None:
    """What an undo takes back now: the last action that counts, with its corrected payload.

    The same answer as the last of :func:`effective_actions` (a property test holds them
    together), read from the newest event back and stopped at that action, so it costs
    the few events since it, not the whole log. Everything that names or performs an
    undo (the button, its confirmation, the undo itself) asks this.
    """
    undos = 0  # undos seen that take back an older action than the one reached
    corrections: dict[int, dict[str, Any]] = {}  # the newest correction of each entry
    for event in newest_first:
        if event.kind == "undo":
            undos += 1
        elif event.kind == "correct" and event.target is not None:
            corrections.setdefault(event.target, event.payload)
        elif event.kind == "action":
            if not undos:
                return Effective(event.seq, corrections.get(event.seq, event.payload))
            undos -= 1
    return None


def fold(game: Game, state: State, actions: Sequence[Effective]) -> State:
    """``state`` with ``actions`` applied in order; :class:`ReplayError` if one is illegal."""
    for item in actions:
        try:
            state = game.apply(state, item.action)
        except IllegalAction as error:
            raise ReplayError(item.seq, item.action, error) from error
    return state


def corrected(game: Game, action: Action, facts: dict[str, Any]) -> Action:
    """``action`` with the physical facts in ``facts`` replaced.

    Only the keys the game names in ``facts(action)`` may change: a correction
    fixes what was seen on the table, it does not rewrite a decision.
    """
    allowed = {field.key for field in game.facts(action)}
    unknown = set(facts) - allowed
    if not allowed or unknown:
        raise IllegalAction(_("Only the physical facts of an entry can be corrected."))
    new_action = dict(action)
    new_action.update(facts)
    new_action.pop("by_app", None)  # the corrected values are now entered, not drawn
    return new_action


@dataclass(frozen=True)
class TimedEvent:
    """A logged event and when it was written."""

    event: LoggedEvent
    at: datetime


@dataclass(frozen=True)
class Moment:
    """The game right after one log entry: its state, its clocks, the entries that counted."""

    state: State
    clocks: list[float]  # seconds per seat
    running: list[int]  # the seats whose clock ran on from there
    applied: int


def moment(
    game: Game,
    initial: State,
    started_at: datetime,
    events: Sequence[TimedEvent],
    *,
    seat_count: int,
) -> Moment:
    """Walk the log as it was written: the state after each event, and the time between
    events charged to the seats that had to act, as the services charged it then.

    ``events`` are the entry, undo and correction events up to the chosen one, in order.
    """
    states = [initial]  # states[i]: after the first i effective actions
    actions: list[Effective] = []
    clocks = [0.0] * seat_count
    since = started_at
    for timed in events:
        elapsed = max(0.0, (timed.at - since).total_seconds())
        for seat in game.to_act(states[-1]):
            if 0 <= seat < seat_count:
                clocks[seat] += elapsed
        since = timed.at
        event = timed.event
        if event.kind == "action":
            actions.append(Effective(event.seq, event.payload))
            states.append(fold(game, states[-1], actions[-1:]))
        elif event.kind == "undo" and actions:
            actions.pop()
            states.pop()
        elif event.kind == "correct":
            index = next((i for i, a in enumerate(actions) if a.seq == event.target), None)
            if index is not None:
                actions[index] = Effective(actions[index].seq, event.payload)
                del states[index + 1 :]
                for item in actions[index:]:
                    states.append(fold(game, states[-1], [item]))
    return Moment(
        state=states[-1],
        clocks=[round(value, 3) for value in clocks],
        running=list(game.to_act(states[-1])),
        applied=len(actions),
    )
