"""The Babel engine: the :class:`games.base.Game` the platform talks to."""

from __future__ import annotations

from games.babel import choices, views
from games.babel.changes import changes as table_changes
from games.babel.constants import (
    CITY_NAMES,
    FINAL_CZECH,
    FINAL_RUSSIAN,
    HAND_OFF,
    HAND_ON,
    NATIONS,
    OPT_FINAL,
    OPT_HAND,
    OPT_SUMERIANS,
    STAGE_DEAL,
    SUMERIANS_NATION,
    SUMERIANS_RUN,
)
from games.babel.endgame import check_totals
from games.babel.implied import close_turn, take_implied_steps
from games.babel.moves import ACTIONS_OF_A_TURN, MOVES, describe
from games.babel.state import State, height, initial_state, temple, temple_total
from games.base import (
    Action,
    Choice,
    Field,
    Game,
    Option,
    Outcome,
    Phase,
    Score,
    fresh,
    require,
    seat_arg,
)
from games.i18n import Msg, _

PLATFORM_KEYS = frozenset({"type", "seat", "seed"})

OPTIONS: tuple[Option, ...] = (
    Option(
        OPT_HAND,
        _("Hands on the phones"),
        choices=(
            (HAND_OFF, _("No: the app counts the cards in each hand")),
            (HAND_ON, _("Yes: each player keeps their hand on their phone")),
        ),
        default=HAND_OFF,
        help=_(
            "With hands on the phones the players enter the nation cards they draw "
            "(or let the app draw them) and the app checks every card they play."
        ),
    ),
    Option(
        OPT_SUMERIANS,
        _("Sumerians take"),
        choices=(
            (SUMERIANS_RUN, _("The run of one nation at the end of the opponent's row")),
            (SUMERIANS_NATION, _("Every card of the nation of the opponent's last card")),
        ),
        default=SUMERIANS_RUN,
        help=_("The Czech rules say the run at the end; the Russian rules say every card."),
    ),
    Option(
        OPT_FINAL,
        _("Final phase: pushing the opponent under 10"),
        choices=(
            (FINAL_CZECH, _("Wins")),
            (FINAL_RUSSIAN, _("Wins only while keeping 15 yourself")),
        ),
        default=FINAL_CZECH,
        help=_("The Czech rules need nothing more; the Russian rules add keeping 15."),
    ),
)


class BabelGame(Game):
    """Babel (Kosmos 2000) for two players, every rule enforced."""

    def setup(
        self,
        players: list[str],
        options: dict[str, str] | None = None,
        seed: int | None = None,
    ) -> State:
        self.check_players(players)
        return initial_state(players, self.normalise_options(options))

    def apply(self, state: State, action: Action) -> State:
        require(isinstance(action, dict), _("An entry must be a set of named values."))
        require(state["result"] is None, _("The game is over."))
        kind = action.get("type")
        move = MOVES.get(kind)
        require(move is not None, _("Unknown entry."))
        assert move is not None
        unknown = sorted(str(key) for key in action if key not in PLATFORM_KEYS | move.keys())
        require(
            not unknown,
            _("This entry has no field %(field)s."),
            field=unknown[0] if unknown else "",
        )
        seat = seat_arg(state, action)
        require(seat in self.to_act(state), _("It is not your turn."))
        new = fresh(state)
        if kind != "give_up":
            # The summary of an ability or a build stays up until the next entry; the
            # halved player's discards belong to the ability and keep it.
            new["last_event"] = None
        take_implied_steps(new, seat, str(kind))
        move.apply(new, seat, action)
        if kind in ACTIONS_OF_A_TURN:
            new["acted"] = True  # ending the actions after this needs no second question
        check_totals(new, seat)
        close_turn(new, seat, action)
        return new

    def scores(self, state: State) -> list[Score]:
        return [
            {
                "total": temple_total(state, seat),
                "breakdown": {
                    CITY_NAMES[city]: height(temple(state, seat, city)) for city in NATIONS
                },
            }
            for seat in range(len(state["players"]))
        ]

    def outcome(self, state: State) -> Outcome | None:
        result = state["result"]
        if result is None:
            return None
        return {
            "winners": list(result["winners"]),
            "ranking": [list(group) for group in result["ranking"]],
            "reason": result["reason"],
        }

    def start_seat(self, state: State) -> int | None:
        """Seat 0: "Starší hráč smí začít" and the platform seats the eldest first
        (DECISIONS.md 14); the first turn is seat 0's in every set-up, hand tracking or not."""
        return 0

    def to_act(self, state: State) -> list[int]:
        if state["result"] is not None:
            return []
        if state["stage"] == STAGE_DEAL:
            return [seat for seat, dealt in enumerate(state["dealt"]) if not dealt]
        if state["pending"] is not None:
            return [state["pending"]["seat"]]
        return [state["active"]]

    def phase(self, state: State) -> Phase:
        return views.phase(state)

    def choices(self, state: State, seat: int) -> list[Choice]:
        return choices.choices(self, state, seat)

    def view(self, state: State, seat: int | None) -> State:
        return views.view(state, seat)

    def facts(self, action: Action, before: State | None = None) -> tuple[Field, ...]:
        return MOVES.facts(action, before)

    def describe(self, action: Action) -> Msg:
        return describe(action)

    def changes(self, before: State, after: State) -> list[Msg]:
        return table_changes(before, after)
