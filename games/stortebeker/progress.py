"""Moving through the steps that need no entry, so that the state always waits for a person.

Apart from ``flow`` (the order of a turn) because it asks ``plays`` whether a card can
still be played, and ``plays`` reads the turn from ``flow``: one direction of imports.
"""

from __future__ import annotations

from games.base import State

from .flow import (
    active_seat,
    boardable_slots,
    cards_left_to_play,
    cards_to_draw,
    end_turn,
    new_turn,
    pending_ship,
    sail_out,
)
from .plays import any_play_possible


def play_finished(state: State) -> bool:
    """Whether the active seat's card play is over.

    Normally after exactly 3 cards (fewer if the hand holds fewer). Should no
    legal play remain before that (no ship takes a card, no provision to fire
    from), the play ends too rather than block the table.
    """
    if cards_left_to_play(state) <= 0:
        return True
    return not any_play_possible(state)


def advance(state: State) -> None:
    """Run the steps that need no entry until the game waits for someone.

    A seat with no card to play, nothing to board and nothing to draw has its turn
    passed over. Should a whole round pass so (every card beside the ships, nobody
    complete, deck and discard pile empty), nothing can change any more and the rules'
    end ("jakmile bude obsazena další loď") can never come: the game ends as it stands
    rather than pass the turns round for ever (DECISIONS.md 24).
    """
    idle_turns = 0  # turns begun and ended in this call: nobody was asked anything
    turn_begun_here = False
    while True:
        step = state["step"]
        if step == "setup":
            ready = all(state["hand_entered"]) and pending_ship(state) is None
            if ready and state["start"] is not None:
                state["turn"] = new_turn(state, state["start"], 0)
                state["step"] = "play"
                continue
            return
        if step == "play":
            if play_finished(state):
                state["step"] = "board"
                continue
            return
        if step == "board":
            if not boardable_slots(state):
                state["step"] = "reveal"
                continue
            return
        if step == "reveal":
            sail_out(state)
            if pending_ship(state):
                return
            seat = active_seat(state)
            # "Pokud před sebe hráč ve fázi 1 otevřeně vyložil karty k výměně,
            # vezme si je nyní do ruky."
            state["hands"][seat] = sorted(state["hands"][seat] + state["fronts"][seat])
            state["fronts"][seat] = []
            state["step"] = "draw"
            continue
        if step == "draw":
            if cards_to_draw(state) == 0:
                idle_turns += turn_begun_here
                if idle_turns >= len(state["players"]):
                    state["step"] = "over"
                    state["frozen"] = True
                    return
                end_turn(state)
                turn_begun_here = True
                continue
            return
        return
