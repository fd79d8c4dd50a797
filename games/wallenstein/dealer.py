"""The app's draws made without a tap, for a table that chose the option "draws": "app"
(DECISIONS.md 30, issue 21).

After each entry, while the game waits for a draw only chance decides (the year's event
cards, the action cards, the current event), the engine makes it as the app's button
would, seeded from the entry (``chained_seed``: the same on a replay, an undo or a
correction), and names what it drew in the table's notes, a line each. The generals are
still a tap: they are drawn once everybody has planned ("Všichni hráči plánují své akce"
comes before "Pořadí hráčů během kola"), which only the table knows.
"""

from __future__ import annotations

from collections.abc import Callable

from games.base import Action, State, chained_seed
from games.i18n import _, msg
from games.wallenstein import board, season
from games.wallenstein.data import EVENTS, REGION_LABELS

OPTION = "draws"
BY_ITSELF = "app"

# The stages the engine draws for, with the entry type the app's button would send.
DRAWN_STAGES = {
    "year_events": "events",
    "action_card": "action_card",
    "current_event": "current_event",
}


def draws_by_itself(state: State) -> bool:
    """Whether the table chose that the app draws by itself (tables made before the
    option existed did not)."""
    return state["options"].get(OPTION) == BY_ITSELF


def deal(state: State, entry: Action) -> None:
    """The draws that follow ``entry``, each seeded from it by its place in the chain."""
    step = 0
    while state["stage"] in DRAWN_STAGES:
        step += 1
        stage = state["stage"]
        draw = {
            "type": DRAWN_STAGES[stage],
            "by_app": True,
            "rest": True,
            "seed": chained_seed(entry, step),
        }
        _DRAWS[stage](state, draw)


def _year_events(state: State, draw: Action) -> None:
    season.enter_events(state, draw)
    cards = ", ".join(str(card) for card in state["events"]["year"])
    board.note(state, _("The app draws the year's event cards: %(cards)s"), cards=cards)


def _current_event(state: State, draw: Action) -> None:
    season.set_current_event(state, draw)
    # the card drawn (the season may be over already, its current event cleared)
    event = EVENTS[state["events"]["used"][-1]]
    name = msg(event.label, region=REGION_LABELS.get(event.region or "", ""))
    board.note(state, _("The app draws the current event: %(event)s"), event=name)


_DRAWS: dict[str, Callable[[State, Action], None]] = {
    "year_events": _year_events,
    # names the cards itself (the button's draw does too)
    "action_card": season.reveal_action_card,
    "current_event": _current_event,
}
