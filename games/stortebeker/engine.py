"""Störtebeker (Hans im Glück 2000): the engine behind the table.

The table plays with the real cards, ships and dice; the phones enter what
happens and the engine keeps the state: the ships at sea and in the harbour,
every seat's hand, the cards laid beside the ships (pirates face down), the
deck and the discard pile, the ships taken. It enforces the order of a turn
and the limits of each action, settles boardings and counter-attacks, and
knows when the game ends. Readings of unclear rules: ``DECISIONS.md``.
"""

from __future__ import annotations

from games.base import (
    Action,
    Choice,
    Field,
    Game,
    IllegalAction,
    Option,
    Outcome,
    Phase,
    Score,
    State,
    fresh,
    seat_arg,
)
from games.i18n import Msg, _, msg, seat_name
from games.moves import Move

from . import battle
from .changes import state_changes
from .choices import seat_choices
from .flow import active_seat, pending_ship
from .moves import MOVES
from .progress import advance
from .scoring import all_scores, final_outcome
from .seen import check_seen
from .setup import (
    BASIC,
    EXTENDED,
    RESHUFFLE_AT_ONCE,
    RESHUFFLE_WHEN_NEEDED,
    initial_state,
)
from .view import seat_view
from .vocabulary import check_keys

#: Each entry type's declaration: its steps, keys, handler, facts and log line.
HANDLERS: dict[str, Move] = {move.type: move for move in MOVES.moves}

PHASE_LABELS: dict[str, str] = {
    "play": _("%(player)s: play three cards"),
    "steal": _("%(player)s: cannons"),
    "board": _("%(player)s: boarding"),
    "penalty": _("%(player)s: penalty for a failed boarding"),
    "counter": _("%(player)s: counter-attack?"),
    "reveal": _("%(player)s: a new ship comes into view"),
    "draw": _("%(player)s: draw cards"),
}


class StortebekerGame(Game):
    """Störtebeker for 2-4 players, basic or extended rules."""

    def setup(
        self, players: list[str], options: dict[str, str] | None = None, seed: int | None = None
    ) -> State:
        self.check_players(players)
        state = initial_state(players, self.normalise_options(options))
        advance(state)
        return state

    def apply(self, state: State, action: Action) -> State:
        if not isinstance(action, dict):
            raise IllegalAction(_("An entry must be a set of named values."))
        state = fresh(state)
        kind = action.get("type")
        move = HANDLERS.get(kind) if isinstance(kind, str) else None
        if move is None:
            raise IllegalAction(_("%(value)s is not an entry of this game."), value=str(kind))
        check_keys(action)
        seat = seat_arg(state, action)
        if kind == "decline" and battle.stale_decline(state, seat):
            battle.drop_stale_decline(state, seat)  # an old log's answer to a skipped question
            return state
        # Seats passed over by the entry before: only its very next entries may be their
        # old "let it pass" (see battle.stale_decline).
        state.pop("passed_over", None)
        if state["step"] == "over":
            raise IllegalAction(_("The game is over."))
        if seat not in self.to_act(state):
            raise IllegalAction(
                _("It is not %(player)s's turn."), player=seat_name(seat, state["players"][seat])
            )
        if not move.accepts(state["step"]):
            raise IllegalAction(_("That entry is not possible at this point of the turn."))
        check_seen(state, action)
        if kind in ("lay", "exchange"):
            state["last_event"] = None  # a new turn's cards: the last fight is over
        move.apply(state, seat, action)
        advance(state)
        return state

    def scores(self, state: State) -> list[Score]:
        return all_scores(state)

    def outcome(self, state: State) -> Outcome | None:
        return final_outcome(state)

    def start_seat(self, state: State) -> int | None:
        """The seat entered by "X starts": "Začíná hráč, jehož žeton se na bodovací tabulce
        nachází nejvíc nahoře (zpravidla je to žlutý hráč)." ``None`` until it is entered."""
        start = state.get("start")
        return start if isinstance(start, int) else None

    def to_act(self, state: State) -> list[int]:
        step = state["step"]
        if step == "over":
            return []
        if step == "setup":
            if pending_ship(state) or state["start"] is None:
                return list(range(len(state["players"])))
            return [seat for seat, done in enumerate(state["hand_entered"]) if not done]
        if step == "counter":
            return [state["attack"]["queue"][0]]
        return [active_seat(state)]

    def phase(self, state: State) -> Phase:
        step = state["step"]
        if step == "setup":
            return {"key": step, "label": msg(_("Set-up: enter the ships and the hands"))}
        if step == "over":
            return {"key": step, "label": msg(_("The game is over"))}
        seat = self.to_act(state)[0]
        return {"key": step, "label": msg(PHASE_LABELS[step], player=state["players"][seat])}

    def choices(self, state: State, seat: int) -> list[Choice]:
        return seat_choices(state, seat)

    def view(self, state: State, seat: int | None) -> State:
        return seat_view(state, seat)

    def facts(self, action: Action, before: State | None = None) -> tuple[Field, ...]:
        return MOVES.facts(action, before)

    def describe(self, action: Action) -> Msg:
        return MOVES.describe(action)

    def changes(self, before: State, after: State) -> list[Msg]:
        return state_changes(before, after)


GAME = StortebekerGame(
    slug="stortebeker",
    name=_("Störtebeker"),
    player_counts=(2, 3, 4),
    options=(
        Option(
            "rules",
            _("Rules"),
            choices=((BASIC, _("Basic rules")), (EXTENDED, _("Extended rules"))),
            default=BASIC,
            help=_(
                "Extended: colour bonus, 3 harbour ships face up, a failed boarding or a lost "
                "counter-attack ends the attacks, 3 ships at sea with 2 players."
            ),
        ),
        Option(
            "reshuffle",
            _("Reshuffle the discard pile"),
            choices=(
                (RESHUFFLE_WHEN_NEEDED, _("When a card must be drawn from the empty deck")),
                (RESHUFFLE_AT_ONCE, _("As soon as the deck runs out")),
            ),
            default=RESHUFFLE_WHEN_NEEDED,
            help=_(
                "The rulebook's translator recommends the first; the second is the other reading."
            ),
        ),
    ),
)
