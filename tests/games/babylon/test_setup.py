"""Set-up ("PŘÍPRAVA HRY") as the engine enforces it."""

from __future__ import annotations

import pytest

from games.babylon import GAME
from games.base import IllegalAction
from tests.games.babylon.helpers import act, with_boards


@pytest.mark.parametrize("count", [1, 5])
def test_two_to_four_players(count: int) -> None:
    """ "4 desky hráčů": Babylon is for 2 to 4 players."""
    with pytest.raises(IllegalAction):
        GAME.setup([f"P{seat}" for seat in range(count)])


@pytest.mark.parametrize(("count", "tokens", "rounds"), [(2, 14, 15), (3, 12, 13), (4, 10, 11)])
def test_round_tokens_and_rounds(count: int, tokens: int, rounds: int) -> None:
    """ "náhodně vyberte 14/12/10, podle toho, zda hrajete ve 2/3/4 hráčích" and "15 kol
    ve hře 2 hráčů, 13 kol ve hře 3 hráčů a 11 kol ve hře 4 hráčů"."""
    state = GAME.setup([f"P{seat}" for seat in range(count)])
    assert state["tokens_left"] == tokens
    assert state["rounds"] == rounds
    assert state["round"] == 1


def test_quarry_has_three_layers() -> None:
    """ "Nejprve náhodně rozložte 16 čedičových dílků na dno lomu. Poté ... 16 žulových
    dílků na čedičové dílky. Nakonec ... 16 hliněných dílků na žulové dílky.\""""
    state = GAME.setup(["A", "B", "C", "D"])
    assert len(state["quarry"]) == 16
    assert all(stack == ["basalt", "granite", "clay"] for stack in state["quarry"])


def test_each_player_takes_a_board_and_its_start_tile() -> None:
    """ "Každý hráč si vybere desku hráče ... Poté si vezme odpovídající startovní dílek
    terasy ... a umístí jej do výřezu v úložné oblasti své desky.\""""
    state = GAME.setup(["A", "B"])
    assert state["step"] == "boards"
    assert GAME.to_act(state) == [0, 1]
    state = act(state, 1, type="board", flower="pink")
    assert state["boards"][1]["stored"] == {"material": "start", "flower": "pink"}
    assert GAME.to_act(state) == [0]
    with pytest.raises(IllegalAction):
        act(state, 0, type="board", flower="pink")
    with pytest.raises(IllegalAction):
        act(state, 0, type="board", flower="green")


def test_token_stack_goes_to_the_player_right_of_the_first() -> None:
    """ "umístěte sloupeček žetonů kol před hráče po jeho pravici": seats run clockwise,
    so it is the seat before the first player, the last to play in a round."""
    assert GAME.setup(["A", "B", "C"])["token_holder"] == 2
    for seed in range(20):
        state = GAME.setup(["A", "B", "C", "D"], {"first_player": "random"}, seed=seed)
        assert state["token_holder"] == (state["first"] - 1) % 4
        assert state["current"] == state["first"]


def test_random_first_player_is_drawn_from_the_seed() -> None:
    """ "Libovolným způsobem určete hráče, který bude hrát jako první": the app may draw."""
    firsts = {
        GAME.setup(["A", "B", "C", "D"], {"first_player": "random"}, seed=seed)["first"]
        for seed in range(40)
    }
    assert firsts == {0, 1, 2, 3}


def test_three_players_remove_three_clay_tiles_clockwise() -> None:
    """ "Ve hře 3 hráčů odeberte z lomu 3 hliněné dílky: počínaje prvním hráčem a poté dále
    po směru hodinových ručiček každý hráč z lomu odebere 1 dílek dle své volby.\""""
    state = with_boards(3)
    assert state["step"] == "removal"
    order = []
    for place in (3, 7, 11):
        order.append(state["current"])
        state = act(state, state["current"], type="remove", place=place)
    assert order == [0, 1, 2]
    assert state["step"] == "extract"
    assert state["current"] == 0
    assert sum(len(stack) for stack in state["quarry"]) == 45
    assert [state["quarry"][place] for place in (3, 7, 11)] == [["basalt", "granite"]] * 3


def test_two_players_remove_six_clay_tiles() -> None:
    """ "Ve hře 2 hráčů odeberte z lomu 6 hliněných dílků: počínaje prvním hráčem každý hráč
    z lomu odebere 1 dílek dle své volby. Tento krok poté dvakrát zopakujte.\""""
    state = with_boards(2)
    order = []
    for place in range(6):
        order.append(state["current"])
        state = act(state, state["current"], type="remove", place=place)
    assert order == [0, 1, 0, 1, 0, 1]
    assert state["removed"] == 6
    assert state["step"] == "extract"


def test_only_clay_is_removed_and_only_by_the_player_in_turn() -> None:
    """ "odeberte z lomu 3 hliněné dílky": a granite tile cannot be taken out."""
    state = with_boards(3)
    state = act(state, 0, type="remove", place=5)
    with pytest.raises(IllegalAction):
        act(state, 1, type="remove", place=5)  # granite now shows there
    with pytest.raises(IllegalAction):
        act(state, 2, type="remove", place=6)  # not seat 2's turn
    choices = GAME.choices(state, 1)
    assert choices[5].disabled is not None
    assert choices[6].disabled is None


def test_four_players_remove_nothing() -> None:
    """Only the 2- and 3-player games trim the quarry."""
    state = with_boards(4)
    assert state["step"] == "extract"
    assert sum(len(stack) for stack in state["quarry"]) == 48
