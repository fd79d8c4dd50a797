"""A tiny game for the platform's tests (not a deliverable).

Players take turns rolling one die and add the roll to their score; the first to
reach the target wins. A roll is a physical fact (correctable) and can be rolled
by the app. Each seat may also keep a private note, which only it may see.
"""

from __future__ import annotations

import random
import time

from games.base import (
    Choice,
    Field,
    Game,
    Option,
    Outcome,
    Phase,
    Score,
    fresh,
    int_arg,
    require,
    seat_arg,
)
from games.i18n import Msg, _, msg

NOTES = (("plan", "plan"), ("bluff", "bluff"))


def _ponder(millis: int) -> None:
    """Burn CPU for ``millis`` ms: a stand-in for a heavy engine, so replays take long."""
    deadline = time.perf_counter() + millis / 1000
    while time.perf_counter() < deadline:
        pass


class DiceRace(Game):
    def setup(self, players, options=None, seed=None):  # type: ignore[no-untyped-def]
        self.check_players(players)
        chosen = self.normalise_options(options)
        return {
            "players": list(players),
            "target": int(chosen["target"]),
            "points": [0] * len(players),
            "turn": 0,
            "rolls": 0,
            "work_ms": int(chosen["work"]),
            "_notes": [None] * len(players),
        }

    def apply(self, state, action):  # type: ignore[no-untyped-def]
        seat = seat_arg(state, action)
        require(self.outcome(state) is None, _("The game is over."))
        kind = action.get("type")
        if kind == "note":
            state = fresh(state)
            state["_notes"][seat] = str(action.get("text", ""))[:40]
            return state
        require(kind == "roll", _("This entry is not understood."))
        require(seat == state["turn"], _("It is not your turn."))
        _ponder(state.get("work_ms", 0))
        if action.get("by_app"):
            value = random.Random(action["seed"]).randint(1, 6)
        else:
            value = int_arg(action, "value", 1, 6)
        state = fresh(state)
        state["points"][seat] += value
        state["rolls"] += 1
        state["last"] = value
        state["turn"] = (seat + 1) % len(state["players"])
        return state

    def scores(self, state):  # type: ignore[no-untyped-def]
        return [Score(total=p, breakdown={_("Rolls"): p}) for p in state["points"]]

    def outcome(self, state):  # type: ignore[no-untyped-def]
        best = max(state["points"])
        if best < state["target"]:
            return None
        winners = [i for i, p in enumerate(state["points"]) if p == best]
        others = sorted({p for p in state["points"] if p != best}, reverse=True)
        ranking = [winners] + [[i for i, p in enumerate(state["points"]) if p == v] for v in others]
        return Outcome(winners=winners, ranking=ranking, reason=msg(_("Target reached")))

    def start_seat(self, state):  # type: ignore[no-untyped-def]
        return 0  # the first seat rolls first

    def to_act(self, state):  # type: ignore[no-untyped-def]
        return [] if self.outcome(state) else [state["turn"]]

    def phase(self, state):  # type: ignore[no-untyped-def]
        return Phase(
            key="roll", label=msg(_("%(player)s rolls"), player=state["players"][state["turn"]])
        )

    def choices(self, state, seat):  # type: ignore[no-untyped-def]
        # A private note, at any time: the platform stores only offered keys.
        note = Choice(
            label=msg("Keep a note"),
            action={"type": "note"},
            fields=(Field("text", "Note", kind="choice", choices=NOTES),),
            style="secondary",
        )
        if seat != state["turn"] or self.outcome(state):
            return [
                Choice(
                    label=msg(_("Roll")),
                    action={"type": "roll"},
                    disabled=msg(_("It is not your turn.")),
                ),
                note,
            ]
        return [
            Choice(
                label=msg(_("Enter the roll")),
                action={"type": "roll"},
                fields=(Field("value", _("Roll"), low=1, high=6),),
            ),
            Choice(label=msg(_("Let the app roll")), action={"type": "roll", "by_app": True}),
            note,
        ]

    def view(self, state, seat):  # type: ignore[no-untyped-def]
        public = {k: v for k, v in state.items() if not k.startswith("_")}
        if seat is not None:
            public["my_note"] = state["_notes"][seat]
        return public

    def facts(self, action):  # type: ignore[no-untyped-def]
        if action.get("type") == "roll":
            return (Field("value", _("Roll"), low=1, high=6),)
        return ()

    def describe(self, action) -> Msg:  # type: ignore[no-untyped-def]
        if action.get("type") == "roll":
            return msg(_("Roll %(value)s"), value=action.get("value", "?"))
        return msg(_("Note"))


GAME = DiceRace(
    slug="dice_race",
    name="Dice race",
    player_counts=(2, 3, 4, 5),
    options=(
        Option(
            "target",
            "Target",
            (("10", "10"), ("20", "20"), ("100", "100"), ("10000", "10000")),
            "10",
        ),
        # CPU per roll in ms (the serving tests' long replay); 0 for every other test.
        Option("work", "Work", (("0", "0"), ("20", "20")), "0"),
    ),
)
