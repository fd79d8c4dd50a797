"""The end of the game at its boundaries, the scores and the ranking."""

from __future__ import annotations

import copy

from games.stortebeker import GAME
from games.stortebeker.scoring import colour_bonus

from .helpers import act, assert_conserved, lay_from_deck, past_first_round, set_hand, ship, started


def finish_turn(state: dict) -> dict:
    """Play out the active seat's turn without boarding: exchange 3, stop, draw."""
    seat = state["turn"]["seat"]
    while state["step"] != "over" and state["turn"]["seat"] == seat:
        step = state["step"]
        if step == "play":
            state = act(state, seat, {"type": "exchange", "discard": state["hands"][seat][:3]})
        elif step == "board":
            state = act(state, seat, {"type": "stop"})
        elif step == "reveal":
            state = act(state, seat, ship())
        elif step == "draw":
            state = act(state, seat, {"type": "draw", "by_app": True})
        else:
            raise AssertionError(step)
    return state


def last_harbour_ship(players: int) -> dict:
    """Past the first round, the harbour down to its last (face-up) ship.

    The removed harbour ships are counted out of the game, so all 30 stay accounted for.
    """
    state = started(players, sea=[ship("red", 3, 2, rum=1), ship("blue", 4, 2, water=1)])
    state = past_first_round(state)
    state["out_of_game"] += state["harbour"]["hidden"]
    state["harbour"]["hidden"] = 0
    for seat in range(players):
        state = set_hand(state, seat, ["beans"] * 2 + ["water"] + ["biscuits"] * 2 + ["bananas"])
    return state


def take_ship(state: dict, slot: int, kind: str) -> dict:
    """The active seat lays what ``slot`` needs, spends its cards and takes the ship."""
    seat = state["turn"]["seat"]
    state = lay_from_deck(state, slot, seat, [kind])
    taken = len(state["taken"][seat])
    state = act(state, seat, {"type": "exchange", "discard": state["hands"][seat][:3]})
    state = act(state, seat, {"type": "board", "ship": slot, "dice": [1, 1]})
    assert len(state["taken"][seat]) == taken + 1
    return act(state, seat, {"type": "stop"}) if state["step"] == "board" else state


def test_capture_that_empties_the_harbour_does_not_trigger_the_end() -> None:
    """ "Když se na moře vydá poslední loď z přístavu, je konec hry blízko. Partie nyní skončí,
    jakmile bude obsazena další loď" — the ship whose place the last harbour ship fills does
    not count: it was taken before that ship sailed."""
    state = take_ship(last_harbour_ship(2), 0, "rum")
    assert state["harbour_emptied"]
    assert not state["end_triggered"]
    state = finish_turn(state)  # seat 0 draws
    state = finish_turn(state)  # seat 1, the start player's right-hand neighbour
    assert GAME.outcome(state) is None
    assert state["turn"]["seat"] == 0


def test_trigger_by_the_last_seat_ends_with_its_own_turn() -> None:
    """ "... a soused po pravici hráče, který začínal, dokončí svůj tah." The last seat takes
    the next ship: the game ends when that seat's turn is over."""
    state = take_ship(last_harbour_ship(2), 0, "rum")
    state = finish_turn(state)
    assert state["turn"]["seat"] == 1
    state = take_ship(state, 1, "water")
    assert state["end_triggered"]
    assert GAME.outcome(state) is None  # the draw is still to come
    state = act(state, 1, {"type": "draw", "by_app": True})
    assert state["step"] == "over"
    assert GAME.to_act(state) == []
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome["winners"] == [1]  # 4 points against 3
    assert_conserved(state)


def test_trigger_by_the_first_seat_plays_the_round_out() -> None:
    """ "Partie nyní skončí, jakmile bude obsazena další loď a soused po pravici hráče, který
    začínal, dokončí svůj tah." With 3 players, a trigger in seat 0's turn lets seats 1 and 2
    play; the game ends after seat 2's turn."""
    state = last_harbour_ship(3)
    state["harbour_emptied"] = True  # the last ship sailed in an earlier turn
    state = take_ship(state, 0, "rum")
    state = finish_turn(state)
    assert state["turn"]["seat"] == 1 and GAME.outcome(state) is None
    state = finish_turn(state)
    assert state["turn"]["seat"] == 2 and GAME.outcome(state) is None
    state = finish_turn(state)
    assert GAME.outcome(state) is not None
    assert GAME.outcome(state)["winners"] == [0]


def test_middle_seat_trigger_and_no_trigger_without_a_capture() -> None:
    """A round without a capture after the harbour emptied does not end the game ("jakmile
    bude obsazena další loď")."""
    state = last_harbour_ship(3)
    state["harbour_emptied"] = True
    for _turn in range(3):
        state = finish_turn(state)
    assert GAME.outcome(state) is None
    state = finish_turn(state)  # seat 0
    state = take_ship(state, 1, "water")  # seat 1 triggers
    state = finish_turn(state)
    assert GAME.outcome(state) is None
    state = finish_turn(state)  # seat 2 closes the round
    assert GAME.outcome(state)["winners"] == [1]


def test_a_counter_attack_capture_triggers_the_end_too() -> None:
    """ "jakmile bude obsazena další loď" — whoever takes it."""
    state = last_harbour_ship(2)
    state["harbour_emptied"] = True
    state = lay_from_deck(state, 0, 0, ["rum"])
    state = lay_from_deck(state, 0, 1, ["rum"])
    state = act(state, 0, {"type": "exchange", "discard": state["hands"][0][:3]})
    state = act(state, 0, {"type": "board", "ship": 0, "dice": [1, 1]})
    state = act(state, 1, {"type": "counter", "dice": [6, 6]})
    assert state["end_triggered"]
    state = finish_turn(state)
    state = finish_turn(state)
    assert GAME.outcome(state)["winners"] == [1]


def ended(points: list[list[tuple[str, int]]], rules: str = "basic") -> dict:
    """A finished game in which each seat took the given (colour, points) ships."""
    state = started(len(points), rules)
    state = copy.deepcopy(state)
    for seat, ships in enumerate(points):
        state["taken"][seat] = [
            {"id": 100 + i, "colour": c, "points": p, "defence": 5, "needs": {"rum": 1}}
            for i, (c, p) in enumerate(ships)
        ]
    state["step"] = "over"
    return state


def test_most_points_wins() -> None:
    """ "Vítězem je hráč s nejvíce body na bodovací tabulce.\""""
    state = ended([[("red", 5)], [("red", 7)]])
    assert GAME.outcome(state)["ranking"] == [[1], [0]]


def test_exact_total_beyond_the_44_track() -> None:
    """ "Kdo překročí 44 bodů, začne znova od jedničky." The app keeps the exact total."""
    state = ended([[("red", 20), ("blue", 20), ("green", 10)], [("red", 7)]])
    assert GAME.scores(state)[0]["total"] == 50
    assert GAME.outcome(state)["winners"] == [0]


def test_tie_goes_to_more_ships() -> None:
    """ "Při rovnosti bodů vyhraje hráč, který obsadil nejvíce lodí.\""""
    state = ended([[("red", 8)], [("red", 4), ("blue", 4)], [("red", 8)]])
    assert GAME.outcome(state)["ranking"] == [[1], [0, 2]]
    assert GAME.outcome(state)["winners"] == [1]


def test_full_tie_is_shared() -> None:
    """Equal points and equal ships: the rules name no further tie-break, so the win is shared."""
    state = ended([[("red", 8)], [("blue", 8)]])
    assert GAME.outcome(state)["winners"] == [0, 1]


def test_no_outcome_while_running() -> None:
    """The game ends only as "Konec hry" says."""
    assert GAME.outcome(started(2)) is None


def test_bonus_example() -> None:
    """ "Jestliže hráč obsadil 3 nebo více stejnobarevných lodí, dostane prémii za barvu. Dostane
    tolik bodů, kolik ukazuje jeho nejhodnotnější loď této barvy ... Červený dostane za své lodě
    39 bodů + prémii 9 bodů za žluté lodě.\""""
    red = [("yellow", 9), ("yellow", 4), ("yellow", 6), ("black", 8), ("blue", 7), ("green", 5)]
    state = ended([[("red", 2)], red], "extended")
    score = GAME.scores(state)[1]
    assert score["breakdown"] == {"Points for ships": 39, "Colour bonus": 9}
    assert score["total"] == 48


def test_bonus_needs_three_of_a_colour_and_the_extended_rules() -> None:
    """ "3 nebo více stejnobarevných lodí" — two are not enough; the basic rules have no bonus."""
    assert colour_bonus([{"colour": "red", "points": 5}] * 2) == 0
    assert colour_bonus([{"colour": "red", "points": 5}] * 3) == 5
    four = [("red", 3), ("red", 6), ("red", 2), ("red", 1), ("blue", 1), ("blue", 1), ("blue", 2)]
    assert colour_bonus([{"colour": c, "points": p} for c, p in four]) == 6 + 2
    basic = ended([[("yellow", 9), ("yellow", 4), ("yellow", 6)], []])
    assert GAME.scores(basic)[0] == {"total": 19, "breakdown": {"Points for ships": 19}}


def test_bonus_can_decide_the_game() -> None:
    """ "Prémie za barvu často rozhodne hru.\""""
    ships = [[("red", 3), ("red", 3), ("red", 3)], [("blue", 10)]]
    assert GAME.outcome(ended(ships, "basic"))["winners"] == [1]
    assert GAME.outcome(ended(ships, "extended"))["winners"] == [0]
