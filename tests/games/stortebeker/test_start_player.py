"""Who starts: the table enters it at set-up; the first round and the end follow it."""

from __future__ import annotations

from games.stortebeker import GAME

from .helpers import act, new_game, past_first_round, refused, ship, started
from .test_end_and_scoring import finish_turn, take_ship


def set_up_without_start(players: int) -> dict:
    """Ships and hands entered, the start player not yet."""
    state = new_game(players)
    while state["step"] == "setup" and GAME.to_act(state) == list(range(players)):
        if not any(choice.action["type"] == "ship" for choice in GAME.choices(state, 0)):
            break
        state = act(state, 0, ship())
    for seat in range(players):
        state = act(state, seat, {"type": "hand", "by_app": True}, seed=seat + 10)
    return state


def test_the_game_waits_for_the_start_player() -> None:
    """ "Začíná hráč, jehož žeton se na bodovací tabulce nachází nejvíc nahoře (zpravidla je to
    žlutý hráč)." The app does not know the token colours: any phone enters who starts, one
    button per seat, and the first turn waits for it."""
    state = set_up_without_start(3)
    assert state["step"] == "setup"
    assert GAME.to_act(state) == [0, 1, 2]
    buttons = [c for c in GAME.choices(state, 2) if c.action["type"] == "start"]
    assert [c.action["player"] for c in buttons] == [0, 1, 2]
    assert [c.note is not None for c in buttons] == [True, False, False]  # the note once
    state = act(state, 2, {"type": "start", "player": 1})
    assert state["step"] == "play"
    assert state["turn"]["seat"] == 1
    assert GAME.to_act(state) == [1]
    assert GAME.phase(state)["label"]["args"]["player"] == "Red"


def test_start_entry_validated() -> None:
    """The start player is one of the seats, entered once."""
    state = set_up_without_start(2)
    for bad in (2, -1, "1", None, True, 1.0):
        refused(state, 0, {"type": "start", "player": bad})
    refused(state, 0, {"type": "start"})
    state = act(new_game(2), 0, {"type": "start", "player": 1})
    refused(state, 0, {"type": "start", "player": 0})


def test_first_round_counts_from_the_start_player() -> None:
    """ "V prvním kole hry nemůže žádný hráč zaútočit na žádnou loď!" With seat 2 starting in a
    3-player game, the first round is seats 2, 0, 1: nobody boards until seat 2's second turn."""
    state = started(3, sea=[ship("red", 3, 2, rum=1)], start=2)
    hands = {seat: state["hands"][seat] for seat in range(3)}
    order = []
    for _turn in range(3):
        seat = state["turn"]["seat"]
        order.append(seat)
        state = act(state, seat, {"type": "exchange", "discard": hands[seat][:3]})
        assert state["step"] in ("reveal", "draw")  # no boarding in the first round
        state = finish_turn(state)
        hands = {s: state["hands"][s] for s in range(3)}
    assert order == [2, 0, 1]
    assert state["turn"]["seat"] == 2
    assert state["turn"]["number"] == 3  # the second round: boarding is allowed again


def test_the_start_players_right_neighbour_closes_the_last_round() -> None:
    """ "Partie nyní skončí, jakmile bude obsazena další loď a soused po pravici hráče, který
    začínal, dokončí svůj tah." With seat 1 starting, seat 0 sits on its right: a ship taken
    by seat 1 lets seats 2 and 0 play, and the game ends after seat 0's turn."""
    state = started(3, sea=[ship("red", 3, 2, rum=1), ship("blue", 4, 2, water=1)], start=1)
    state = past_first_round(state)
    state["out_of_game"] += state["harbour"]["hidden"]
    state["harbour"]["hidden"] = 0
    state["harbour_emptied"] = True
    state = take_ship(state, 0, "rum")
    assert state["end_triggered"]
    state = finish_turn(state)  # seat 1 draws
    assert state["turn"]["seat"] == 2 and GAME.outcome(state) is None
    state = finish_turn(state)
    assert state["turn"]["seat"] == 0 and GAME.outcome(state) is None
    state = finish_turn(state)
    assert state["step"] == "over"
    assert GAME.outcome(state)["winners"] == [1]


def test_a_bad_seed_for_an_app_draw_is_refused() -> None:
    """Every app roll or draw uses the entry's int seed; anything else is refused, not a crash."""
    state = new_game(2)
    for seed in ("7", None, 1.5, True, [1]):
        before = dict(state)
        try:
            GAME.apply(state, {"type": "hand", "by_app": True, "seat": 0, "seed": seed})
        except Exception as error:  # noqa: BLE001 - the type is what the test checks
            assert type(error).__name__ == "IllegalAction", seed
        else:
            raise AssertionError(f"seed {seed!r} accepted")
        assert state == before
