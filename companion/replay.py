"""State derived from the log: which actions count, and folding them.

Pure functions over plain data, so that undo, corrections, the history
stepper and the recovery after a crash all share one definition of what the
log means.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
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
