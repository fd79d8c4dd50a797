"""A table where no seat can ever act again ends instead of hanging the engine.

"Hráč na řadě se musí zbavit právě 3 karet" and "Pokud je dobírací balík prázdný,
odkládací balík se dobře zamíchá a pak ho nahradí": with every card beside the ships,
no seat complete at any ship, and deck and discard pile empty, nobody can lay, exchange,
fire, board or draw again, and the rules' end ("jakmile bude obsazena další loď") can
never come. The engine used to pass the turns round without end (``progress.advance``
never returned); now a full round in which no seat could make an entry ends the game as
it stands (DECISIONS.md 24).
"""

from __future__ import annotations

import copy
import signal
from collections.abc import Iterator
from contextlib import contextmanager

from games.stortebeker import GAME
from games.stortebeker.cards import is_pirate, kind_of
from games.stortebeker.ships import complete

from .helpers import act, assert_conserved, ship, started

# Four ships of 8 provisions: 16 sides of 7 incomplete provisions (+ pirates) hold all 66 cards.
SEA = [
    ship("blue", 5, 9, water=4, beans=4),
    ship("red", 5, 9, biscuits=4, meat=4),
    ship("black", 5, 9, rum=4, bananas=4),
    ship("green", 5, 9, water=4, beans=4),
]


@contextmanager
def at_most(seconds: int) -> Iterator[None]:
    """Fail (rather than hang the run) when the block takes longer than ``seconds``."""

    def expired(_signum: int, _frame: object) -> None:
        raise AssertionError(f"the engine did not return within {seconds} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def fits_incomplete(state: dict, slot: int, seat: int, code: str) -> bool:
    """Whether ``code`` may lie at ``slot`` on ``seat``'s side leaving that side incomplete."""
    place = state["sea"][slot]
    laid = place["laid"][seat]
    if is_pirate(code):
        return sum(map(is_pirate, laid)) < sum(1 for card in laid if kind_of(card))
    kind = kind_of(code)
    if sum(1 for card in laid if kind_of(card) == kind) >= place["needs"].get(kind, 0):
        return False
    trial = copy.deepcopy(place)
    trial["laid"][seat] = laid + [code]
    return not complete(trial, seat)


def all_beside_the_ships(last_card: str) -> dict:
    """Seat 3 to play its last card; every other card lies beside a ship, nobody complete."""
    state = started(4, sea=SEA)
    state = copy.deepcopy(state)
    cards = sorted(state["deck"] + [card for hand in state["hands"] for card in hand])
    cards.remove(last_card)
    state["deck"], state["hands"] = [], [[], [], [], [last_card]]
    for code in sorted(cards, key=is_pirate):  # provisions first: pirates need them
        place = next(
            (slot, seat)
            for slot in range(4)
            for seat in range(4)
            if fits_incomplete(state, slot, seat, code)
        )
        state["sea"][place[0]]["laid"][place[1]].append(code)
    state["turn"].update(seat=3, number=7, to_play=1, played=0)
    assert_conserved(state)
    return state


def test_a_table_nobody_can_move_ends_as_it_stands() -> None:
    state = all_beside_the_ships("water")
    slot = next(slot for slot in range(4) if fits_incomplete(state, slot, 3, "water"))
    with at_most(10):
        state = act(state, 3, {"type": "lay", "ship": slot, "card": "water"})
    assert state["step"] == "over"
    assert GAME.to_act(state) == []
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert sorted(seat for group in outcome["ranking"] for seat in group) == [0, 1, 2, 3]
    # The table is told why it ended, not the usual end of the harbour.
    assert "Nobody could lay" in str(outcome["reason"]["text"])
    assert_conserved(state)


def test_a_seat_that_can_still_play_keeps_the_game_going() -> None:
    """Seats without cards are passed over, but the game waits for the one with cards."""
    state = all_beside_the_ships("water")
    state = copy.deepcopy(state)
    # two cards go back from a ship to seat 1's hand: it can still exchange next round
    for slot in range(4):
        if len(state["sea"][slot]["laid"][0]) >= 2:
            moved = [code for code in state["sea"][slot]["laid"][0] if is_pirate(code)][:1]
            moved += [code for code in state["sea"][slot]["laid"][0] if kind_of(code)][
                : 2 - len(moved)
            ]
            for code in moved:
                state["sea"][slot]["laid"][0].remove(code)
            state["hands"][1] = sorted(moved)
            break
    slot = next(slot for slot in range(4) if fits_incomplete(state, slot, 3, "water"))
    with at_most(10):
        state = act(state, 3, {"type": "lay", "ship": slot, "card": "water"})
    assert state["step"] == "play"
    assert GAME.to_act(state) == [1]
