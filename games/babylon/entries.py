"""An entry's checks before its handler, shared by ``BabylonGame.apply`` and the phone's
candidate checks (``refusal``), which try the handler on a copy of only what the entry
can change (``copies.trial_copy``)."""

from __future__ import annotations

from games.babylon.copies import trial_copy
from games.babylon.moves import MOVES
from games.base import Action, Game, IllegalAction, State, seat_arg
from games.i18n import Msg, _, seat_name
from games.moves import Move

PLATFORM_KEYS = frozenset({"type", "seat", "seed"})


def checked(game: Game, state: State, action: Action) -> tuple[Move, int]:
    """The entry's declaration and seat, or ``IllegalAction`` when the entry is not one
    the game takes from that seat at this step (the checks before its handler)."""
    if not isinstance(action, dict):
        raise IllegalAction(_("An entry must be a set of named values."))
    kind = action.get("type")
    move = MOVES.get(kind)
    if move is None:
        raise IllegalAction(_("Unknown entry %(type)s."), type=str(kind))
    unknown = sorted(str(key) for key in action if key not in PLATFORM_KEYS | move.keys())
    if unknown:
        raise IllegalAction(_("This entry has no field %(field)s."), field=unknown[0])
    seat = seat_arg(state, action)
    if seat not in game.to_act(state):
        raise IllegalAction(
            _("It is not %(player)s's entry now."),
            player=seat_name(seat, state["players"][seat]),
        )
    if not move.accepts(state["step"]):
        raise IllegalAction(_("This entry is not possible at this point of the game."))
    return move, seat


def refusal(game: Game, state: State, seat: int, action: Action) -> Msg | None:
    """Why the engine refuses ``action`` for ``seat`` now (``None``: it is possible), as
    ``games.moves.refusal`` answers it: the engine's checks and handler, on a copy of
    only what the entry can change."""
    entry = {**action, "seat": seat, "seed": 0}
    try:
        move, acting = checked(game, state, entry)
        move.apply(trial_copy(state, acting, move.type), acting, entry)
    except IllegalAction as error:
        return error.message
    return None
