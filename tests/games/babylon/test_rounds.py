"""C. Uskladnění/odložení, the end of a round and the end of the game."""

from __future__ import annotations

import pytest

from games.babylon import GAME
from games.base import IllegalAction
from tests.games.babylon.helpers import act, finish_turn, give_turn, in_play


def test_at_most_six_singles_are_stored() -> None:
    """ "V úložné oblasti se může nacházet až 6 jednoduchých sloupů, ale žádné dvojité sloupy.
    Případné přebytečné sloupy musíte vrátit do zásoby.\""""
    state = give_turn(in_play(), 0, singles=9, doubles=2)
    supply = dict(state["supply"])
    notes = [c.note for c in GAME.choices(state, 0) if c.action["type"] == "end_turn" and c.note]
    assert len(notes) == 1, "the note is shown once, for both ways to end the turn"
    assert notes[0]["args"] == {"kept": 6, "singles": 3, "doubles": 2}
    state = act(state, 0, type="end_turn", tile="discard")
    assert state["boards"][0]["singles"] == 6
    assert state["supply"]["single"] == supply["single"] + 3
    assert state["supply"]["double"] == supply["double"] + 2


def test_the_taken_tile_is_stored_or_discarded() -> None:
    """ "pokud nechcete umístit dílek terasy, který jste v tahu získali, můžete jej buď
    odložit, nebo uskladnit ve výřezu své desky hráče.\""""
    state = give_turn(in_play(), 0)
    with pytest.raises(IllegalAction):
        act(state, 0, type="end_turn")
    discarded = act(state, 0, type="end_turn", tile="discard")
    assert discarded["discarded"] == 1
    assert discarded["boards"][0]["stored"]["material"] == "start"


def test_storing_replaces_the_stored_tile() -> None:
    """ "Pokud se již ve výřezu nachází jiný dílek, můžete jej odložit a nahradit novým."
    and "Než ale můžete uskladnit jiný dílek, musíte dílek z výřezu nejprve umístit nebo
    odložit.\""""
    state = act(give_turn(in_play(), 0), 0, type="end_turn", tile="store")
    assert state["boards"][0]["stored"] == {"material": "clay", "flower": "pink"}
    assert state["discarded_start"] == 1
    choices = GAME.choices(give_turn(state, 0), 0)
    # The store button is one short line (issue 21); the note under the end of the turn says
    # that storing discards the tile stored before.
    (note,) = [c.note for c in choices if c.action["type"] == "end_turn" and c.note]
    assert note["text"].startswith("Storing it discards the tile stored before.")


def test_start_tile_may_stay_in_storage() -> None:
    """ "Svoji počáteční dílek terasy nemusíte nutně během prvního kola hry uskladnit":
    ending turns without touching the start tile keeps it in its slot."""
    state = in_play(2)
    for _turn in range(3):
        seat = state["current"]
        state = act(state, seat, type="extract", place=15 - _turn, flower="blue")
        state = act(state, seat, type="end_turn", tile="discard")
        if state["step"] == "reveal":
            state = act(state, state["current"], type="reveal", effect="none")
    assert state["boards"][0]["stored"]["material"] == "start"


def play_round(state: dict) -> dict:
    """Every player takes a clay tile and discards it."""
    while state["step"] in ("extract", "build"):
        seat = state["current"]
        place = next(p for p, stack in enumerate(state["quarry"]) if stack)
        state = act(state, seat, type="extract", place=place, flower="blue")
        state = finish_turn(state, seat)
    return state


def test_last_player_reveals_a_token_for_the_next_round() -> None:
    """ "Když poslední hráč dokončí svůj tah, odhalí vrchní žeton kola ze sloupečku. Pokud je
    na žetonu kola zvláštní efekt, bude platit po celé příští kolo v tahu každého hráče.
    První hráč poté zahájí nové kolo hry.\""""
    state = play_round(in_play(3))
    assert state["step"] == "reveal"
    assert GAME.to_act(state) == [2]
    with pytest.raises(IllegalAction):
        act(state, 0, type="reveal", effect="single_pillar")
    state = act(state, 2, type="reveal", effect="single_pillar")
    assert (state["round"], state["tokens_left"], state["current"]) == (2, 11, 0)
    # The effect holds for every player's turn of round 2 ...
    for seat in range(3):
        state = act(state, seat, type="extract", place=10, flower="blue")
        assert state["last"]["single"] == state["last"]["edges"] + 1
        state = finish_turn(state, seat)
    # ... and is replaced by the next token.
    state = act(state, 2, type="reveal", effect="none")
    state = act(state, 0, type="extract", place=11, flower="blue")
    assert state["last"]["single"] == state["last"]["edges"]


def test_app_draws_the_token_from_the_seed() -> None:
    """The table may let the app reveal the token; the same seed draws the same token."""
    state = play_round(in_play(4))
    first = act(state, 3, type="reveal", by_app=True, seed=7)
    again = act(state, 3, type="reveal", by_app=True, seed=7)
    assert first["effect"] == again["effect"] == first["revealed"][-1]
    drawn = {act(state, 3, type="reveal", by_app=True, seed=s)["effect"] for s in range(60)}
    assert len(drawn) == 7


def test_app_never_draws_more_tokens_of_a_face_than_the_box_holds() -> None:
    """Drawing is from what is left: two tokens of each face (see DECISIONS.md)."""
    from games.babylon.turn import tokens_left_in_box

    assert "none" not in tokens_left_in_box(["none", "none"])
    assert len(tokens_left_in_box([])) == 14


@pytest.mark.parametrize(("players", "rounds"), [(2, 15), (3, 13), (4, 11)])
def test_game_ends_when_no_token_is_left(players: int, rounds: int) -> None:
    """ "Hra končí, když poslední hráč nemůže odhalit žeton kola.\""""
    state = in_play(players)
    for _round in range(rounds - 1):
        state = play_round(state)
        state = act(state, state["current"], type="reveal", effect="none")
    assert state["round"] == rounds
    assert state["tokens_left"] == 0
    state = play_round(state)
    assert state["step"] == "final"
    assert GAME.outcome(state) is None
    assert GAME.to_act(state) == list(range(players))
