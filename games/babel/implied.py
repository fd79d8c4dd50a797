"""Steps the rules make automatic: the app takes them before the entry that follows them.

- Without hands on the phones the draw at the start of a turn only counts cards ("Na začátku
  tahu si hráč vytáhne 3 karty národů"): the turn's first entry draws them first, and the
  phone says so above its buttons. With hands on the phones the cards drawn are facts to
  enter, so nothing is drawn by itself.
- The last action of a turn may carry ``"app_temples": true`` (the phone offers it to a
  seat that let the app draw its temple cards last time, when nothing else is possible
  after it): the actions then end and the app draws the two temple cards, one tap less.
- Turning up the first temple card ends the actions ("Po ukončení všech svých akcí si hráč
  vytáhne dvě chrámové karty"): a temple entry made during the actions ends them first, with
  the same check as "End actions".

The separate entries (``draw``, ``end_actions``) stay accepted as before (DECISIONS.md 21).
"""

from __future__ import annotations

from games.babel import actions
from games.babel.constants import STAGE_ACTIONS, STAGE_DRAW
from games.babel.state import State, is_tracked
from games.base import Action, require
from games.i18n import _

# The entries a turn can begin with once the draw is taken by the app. Not "end_actions": a
# turn of no action at all ends with its first temple card (after the question the phone asks).
AFTER_DRAW = frozenset(
    {"travel", "settle", "build", "migrate", "ability", "temple_card", "draw_temples"}
)
# The entries that turn up temple cards: made during the actions, they end them.
TEMPLE_ENTRIES = frozenset({"temple_card", "draw_temples"})


def draws_by_itself(state: State) -> bool:
    """Whether this turn's nation draw is the app's to take (it only counts cards)."""
    return state["stage"] == STAGE_DRAW and not is_tracked(state) and state["pending"] is None


def with_draw(state: State) -> State:
    """``state`` (a fresh copy) with the active player's nation draw taken, if it is automatic."""
    if draws_by_itself(state):
        actions.draw(state, state["active"], {"type": "draw"})
    return state


def take_implied_steps(state: State, seat: int, kind: str) -> None:
    """Before entry ``kind`` of ``seat``: the automatic draw, then the end of the actions."""
    if kind in AFTER_DRAW and seat == state["active"]:
        with_draw(state)
    if kind in TEMPLE_ENTRIES and state["stage"] == STAGE_ACTIONS:
        actions.end_actions(state, seat, {"type": "end_actions"})


def close_turn(state: State, seat: int, action: Action) -> None:
    """After an action carrying ``"app_temples": true``: "End actions" and the app's draw of
    the temple cards, seeded by the entry (a replay draws the same)."""
    if "app_temples" not in action or state["result"] is not None:
        return
    require(action["app_temples"] is True, _("app_temples must be true or absent."))
    actions.end_actions(state, seat, {"type": "end_actions"})
    actions.draw_temple_cards(state, seat, {**action, "by_app": True})
