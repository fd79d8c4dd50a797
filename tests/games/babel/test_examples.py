"""The two worked examples of the Russian rulebook, played through the engine."""

from __future__ import annotations

from games.babel import GAME
from games.babel.constants import STAGE_DRAW
from tests.games.babel.helpers import act, arrange, check_invariants, new_game, refused


def test_building_example_in_media() -> None:
    """ "Игрок сбросил Мидийца и переместил фигурку в Мидию. Он будет строить здесь
    храм. Поскольку здесь уже 4 карты племен, можно строить храм до 4-го уровня.
    Игрок берет 2-й уровень из своей колонки, а 3-й и 4-й уровни из колонки
    оппонента, и помещает их на свою строительную площадку. Добавим в Мидию 2 карты
    с руки, карт стало 6. Теперь можно взять карты храма 5-го уровня у оппонента и
    6-го уровня в своей колонке.\""""
    state = arrange(
        new_game(hand_tracking="on"),
        rows={"medes": [["medes", "persians", "hittites", "assyrians"], []]},
        temples={"medes": [[1], []]},
        temple_rows=[[6, 2], [5, 4, 3]],
        figures=["persians", "quarry"],
        hands=[{"medes": 1, "sumerians": 2}, {"hittites": 5}],
        start_card=[False, False],
    )
    state = act(state, 0, "travel", nation="medes")
    assert state["figures"][0] == "medes"
    state = act(state, 0, "build", source="row0")
    state = act(state, 0, "build", source="row1")
    state = act(state, 0, "build", source="row1")
    assert state["cities"]["medes"]["temples"][0] == [1, 2, 3, 4]
    # Four settlers: level 5 must wait.
    assert (
        "Level 5 needs at least as many nation cards in Media as its level; you have 4"
        in refused(state, 0, "build", source="row1")
    )
    state = act(state, 0, "settle", nation="sumerians")
    state = act(state, 0, "settle", nation="sumerians")
    assert len(state["cities"]["medes"]["rows"][0]) == 6
    state = act(state, 0, "build", source="row1")
    state = act(state, 0, "build", source="row0")
    assert state["cities"]["medes"]["temples"][0] == [1, 2, 3, 4, 5, 6]
    assert state["temple_rows"] == [[], []]
    assert GAME.scores(state)[0]["total"] == 6
    check_invariants(state)


def test_ability_chain_example() -> None:
    """ "Фигурка Игрока 1 в землях Хеттов. Он желает разрушить у оппонента храм 6-го
    уровня ... Игрок 1 сбрасывает карту Шумера и использует способность Шумеров
    (сменить сторону), забирая у оппонента карту Мидийца. Теперь выполняем миграцию.
    Карты Перс, Перс, Мидиец помещаем в землю Шумеров ... Снова используем Шумера,
    забираем двух Ассирийцев у оппонента. У нас 3 Ассирийца подряд, и храм оппонента
    можно разрушить. Далее, игрок сбрасывает с руки Ассирийца, чтобы перейти в земли
    Ассирии. Он играет с руки Хетта ... Используем способность Хеттов ... украденный
    уровень 3 можно построить, поскольку сброшенный Хетт тоже учитывается ... Игрок
    использует способность общую для всех наций (убрать половину карт) два раза подряд
    с помощью карт Персов ... Если у того было 7 карт, то останется 4 карты, а затем
    всего 2 карты ... Поскольку был разрушен храм, то это будут 1 и 2 уровни.\""""
    S, A, P, M, H = "sumerians", "assyrians", "persians", "medes", "hittites"
    state = arrange(
        new_game(hand_tracking="on"),
        rows={
            "hittites": [[S, S, S, S, A, P, P], [P, S, A, A, M]],
            "sumerians": [[P, P], []],
            "assyrians": [[H, H], []],
        },
        temples={"hittites": [[], [1, 2, 3, 4, 5, 6]], "assyrians": [[], [1, 2, 3]]},
        figures=["hittites", "assyrians"],
        hands=[{A: 1, H: 1, S: 1}, {M: 3, P: 2, H: 2}],
        start_card=[False, False],
    )
    state = act(state, 0, "ability", nation=S, power="own")
    assert state["cities"]["hittites"]["rows"] == [[S, S, S, A, P, P, M], [P, S, A, A]]
    state = act(state, 0, "migrate", origin="hittites", target="sumerians")
    assert state["cities"]["sumerians"]["rows"][0] == [P, P, P, P, M]
    assert state["cities"]["hittites"]["rows"][0] == [S, S, S, A]
    state = act(state, 0, "ability", nation=S, power="own")
    assert state["cities"]["hittites"]["rows"] == [[S, S, A, A, A], [P, S]]
    state = act(state, 0, "ability", nation=A, power="own")
    assert state["cities"]["hittites"]["temples"][1] == []
    assert state["temple_deck"]["top"] == [1, 2, 3, 4, 5, 6]
    # Goal reached without laying a card from the hand.
    assert state["hand_sizes"][0] == 3
    state = act(state, 0, "travel", nation=A)
    state = act(state, 0, "settle", nation=H)
    assert state["cities"]["assyrians"]["rows"][0] == [H, H, H]
    state = act(state, 0, "ability", nation=H, power="own")
    assert state["cities"]["assyrians"]["rows"][0] == [H, H]
    assert state["cities"]["assyrians"]["temples"] == [[3], [1, 2]]
    state = act(state, 0, "travel", nation=S)
    assert state["cities"]["sumerians"]["rows"][0] == [P, P, P, P, M]
    assert state["hand_sizes"] == [0, 7]
    state = act(state, 0, "ability", nation=P, power="halve")
    assert GAME.to_act(state) == [1]
    for nation in (M, M, M):
        state = act(state, 1, "give_up", nation=nation)
    assert state["hand_sizes"][1] == 4
    assert GAME.to_act(state) == [0]
    state = act(state, 0, "ability", nation=P, power="halve")
    for nation in (P, H):
        state = act(state, 1, "give_up", nation=nation)
    assert state["hand_sizes"][1] == 2
    assert state["cities"]["sumerians"]["rows"][0] == [P, P, M]
    state = act(state, 0, "end_actions")
    # The known top of the deck: the destroyed temple's levels 1 and 2.
    choices = GAME.choices(state, 0)
    assert choices[0].action == {"type": "draw_temples", "first": 1, "second": 2}
    state = act(state, 0, "draw_temples", first=1, second=2)
    assert state["temple_rows"][0] == [2, 1]
    assert state["temple_deck"]["top"] == [3, 4, 5, 6]
    assert state["stage"] == STAGE_DRAW and state["active"] == 1
    check_invariants(state)
