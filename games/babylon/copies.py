"""The copies an entry's handler runs on.

``BabylonGame.apply`` runs an entry's handler on a copy of the whole state. The phone's
choices try many candidate entries on the engine (``entries.refusal``): a tile on every
floor with several pillar counts, each decoration on every floor. Those building
entries change only the acting seat's board, the turn, the supply and the turn's
summary (``turn.place_tile``, ``turn.decorate`` and what they call: ``record_build``,
``end_turn``, ``discard_stored``, ``pass_turn``, which also set a few top-level numbers
and names); the quarry and the other boards are only read. So a candidate is tried on a
copy of those parts, the rest shared with the state, not on a copy of everything: the
same answer (the same checks in the same order on the same values) with less copying.
"""

from __future__ import annotations

import json

from games.base import Action, IllegalAction, State
from games.i18n import Msg
from games.moves import Handler, Where

# The entries whose handlers change nothing but the parts ``building_copy`` copies.
BUILDING = frozenset({"place_tile", "decorate"})


def copy_state(state: State) -> State:
    """A deep copy, like ``games.base.fresh``, through JSON.

    State is JSON data by contract, so this is the same copy; it is several
    times faster than ``copy.deepcopy``, which matters because the phone's
    choices try every candidate entry on the engine.
    """
    return json.loads(json.dumps(state))


def building_copy(state: State, seat: int) -> State:
    """The state for trying a building entry of ``seat``: its own board, the turn, the
    supply and the turn's summary copied, everything else shared (only read)."""
    boards = list(state["boards"])
    boards[seat] = copy_state(boards[seat])
    return {
        **state,
        "boards": boards,
        "turn": copy_state(state["turn"]),
        "supply": dict(state["supply"]),
        "last_event": copy_state(state.get("last_event")),
    }


def trial_copy(state: State, seat: int, kind: str) -> State:
    """A copy of what an entry of type ``kind`` may change, to try it on."""
    return building_copy(state, seat) if kind in BUILDING else copy_state(state)


def attempt_building(handler: Handler, where: Where, action: Action) -> Msg | None:
    """Why building handler ``handler`` refuses ``action`` in ``where`` (``None``: it
    accepts it), as ``games.moves.attempt`` answers it, tried on ``building_copy``."""
    try:
        handler(building_copy(where.state, where.seat), where.seat, action)
    except IllegalAction as error:
        return error.message
    return None
