"""Setup, the three phases of a turn, and the five actions (Czech rulebook)."""

from __future__ import annotations

import json

import pytest

from games.babel import GAME
from games.babel.constants import STAGE_ACTIONS, STAGE_DRAW, STAGE_TEMPLE
from tests.games.babel.helpers import act, arrange, check_invariants, new_game, refused


def test_setup_gives_start_cards_and_figures_in_the_quarry() -> None:
    """ "Z chrámových karet se vyberou dvě karty prvního patra. Každý hráč dostane
    jednu ... Každý hráč si vybere figurku a postaví ji na obrázek lomu"; Russian:
    "Игрокам раздается в руки по 5 карт"."""
    state = new_game()
    assert state["start_card"] == [True, True]
    assert state["figures"] == ["quarry", "quarry"]
    assert state["temple_deck"] == {"size": 43, "top": []}
    assert state["hand_sizes"] == [5, 5]
    assert state["nation_deck"]["size"] == 50
    assert GAME.to_act(state) == [0]
    check_invariants(state)
    assert json.loads(json.dumps(state)) == state


def test_the_temple_deck_holds_the_counts_of_the_czech_list() -> None:
    """ "10× první patro, 9× druhé, 8× třetí, 7× čtvrté, 6× páté a 5× šesté" (the
    two level-1 start cards are out of the deck)."""
    view = GAME.view(new_game(), None)
    assert view["temple_deck_levels"]["shuffled"] == {
        "1": 8,
        "2": 9,
        "3": 8,
        "4": 7,
        "5": 6,
        "6": 5,
    }


def test_first_turn_draws_three_even_with_five_in_hand() -> None:
    """ "Na začátku tahu si hráč vytáhne 3 karty národů ... To platí i pro první
    kolo, kdy už má každý v ruce 5 karet.\""""
    state = act(new_game(), 0, "draw")
    assert state["hand_sizes"] == [8, 5]
    assert state["stage"] == STAGE_ACTIONS
    assert refused(state, 0, "draw")
    assert refused(new_game(), 1, "draw") == "It is not your turn."


def test_travel_discards_the_card_and_moves_the_figure() -> None:
    """ "Hráč odloží jednu kartu národa na odkládací balíček (lícem nahoru) a
    přesune svou figurku na pole v barvě daného národa.\""""
    state = act(act(new_game(), 0, "draw"), 0, "travel", nation="medes")
    assert state["figures"] == ["medes", "quarry"]
    assert state["discard"] == ["medes"]
    assert state["hand_sizes"][0] == 7
    assert refused(state, 0, "travel", nation="medes").startswith("Your figure already")


def test_both_figures_may_stand_in_one_city() -> None:
    """ "Figurky obou hráčů mohou stát na ve stejném městě\""""
    state = arrange(new_game(), figures=["medes", "quarry"], active=1)
    state = act(state, 1, "travel", nation="medes")
    assert state["figures"] == ["medes", "medes"]


def test_settle_lays_at_the_end_of_the_own_row_in_the_figures_city() -> None:
    """ "Hráč položí kartu národa k městu, ve kterém právě stojí jeho figurka ...
    Může jít o karty různých národů\""""
    state = arrange(new_game(), figures=["sumerians", "quarry"], hand_sizes=[8, 5])
    state = act(state, 0, "settle", nation="assyrians")
    state = act(state, 0, "settle", nation="persians")
    assert state["cities"]["sumerians"]["rows"][0] == ["assyrians", "persians"]
    assert state["cities"]["sumerians"]["rows"][1] == []
    assert state["hand_sizes"][0] == 6


def test_settle_needs_the_figure_on_the_board() -> None:
    """ "Hráč položí kartu národa k městu, ve kterém právě stojí jeho figurka.\""""
    state = act(new_game(), 0, "draw")
    assert "quarry" in refused(state, 0, "settle", nation="medes")


def test_russian_settling_example() -> None:
    """ "Фигурка находится в Шумерии ... Игрок кладет 2 карты (Ассирийца и Перса)
    из руки. После этого в Шумерии оказываются 3 Ассирийца и Перс. Затем игрок
    берет карту Ассирийца с руки и кладет в стопку сброса, чтобы переместить свою
    фигурку в Ассирию. Напоследок игрок выкладывает двух Шумеров с руки в Ассирию.\""""
    state = arrange(
        new_game(hand_tracking="on"),
        rows={"sumerians": [["assyrians", "assyrians"], []]},
        figures=["sumerians", "quarry"],
        hands=[{"assyrians": 2, "persians": 1, "sumerians": 2}, {"medes": 5}],
        start_card=[False, False],
    )
    state = act(state, 0, "settle", nation="assyrians")
    state = act(state, 0, "settle", nation="persians")
    assert state["cities"]["sumerians"]["rows"][0] == ["assyrians"] * 3 + ["persians"]
    state = act(state, 0, "travel", nation="assyrians")
    state = act(state, 0, "settle", nation="sumerians")
    state = act(state, 0, "settle", nation="sumerians")
    assert state["cities"]["assyrians"]["rows"][0] == ["sumerians", "sumerians"]
    assert state["hand_sizes"][0] == 0
    check_invariants(state)


def test_build_needs_levels_in_sequence() -> None:
    """ "na prázdné staveniště přijde první patro, na něj druhé patro atd.\""""
    state = arrange(
        new_game(),
        rows={"medes": [["medes"] * 4, []]},
        figures=["medes", "quarry"],
        temple_rows=[[3, 2], [4]],
    )
    assert "next level" in refused(state, 0, "build", source="row1")
    state = act(state, 0, "build", source="start")
    state = act(state, 0, "build", source="row0")
    state = act(state, 0, "build", source="row0")
    state = act(state, 0, "build", source="row1")
    assert state["cities"]["medes"]["temples"][0] == [1, 2, 3, 4]
    assert state["temple_rows"] == [[], []]


def test_build_needs_as_many_nation_cards_as_the_level() -> None:
    """ "musí před přistavěním dalšího patra být ve městě alespoň tolik karet
    národů, kolikáté patro má být přistavěno.\""""
    state = arrange(
        new_game(),
        rows={"medes": [["medes", "persians"], ["medes"] * 5]},
        temples={"medes": [[1], []]},
        figures=["medes", "quarry"],
        temple_rows=[[3], [2]],
        start_card=[False, True],
    )
    state = act(state, 0, "build", source="row1")  # level 2 with 2 cards: exactly enough
    reason = refused(state, 0, "build", source="row0")
    assert reason == (
        "Level 3 needs at least as many nation cards in Media as its level; you have 2 there."
    )


def test_only_the_last_card_of_a_row_can_be_taken() -> None:
    """ "Z každé řady lze však odebrat pouze poslední, naposledy vyloženou kartu.\""""
    state = arrange(
        new_game(),
        rows={"medes": [["medes"] * 3, []]},
        figures=["medes", "quarry"],
        temple_rows=[[2, 1], []],
        start_card=[False, True],
    )
    # The 2 lies under the 1: level 1 must be taken first.
    state = act(state, 0, "build", source="row0")
    state = act(state, 0, "build", source="row0")
    assert state["cities"]["medes"]["temples"][0] == [1, 2]


def test_a_temple_stays_when_its_settlers_leave() -> None:
    """ "Po stavbě mohou být karty národů opět staženy (např. kvůli stěhování
    národů), aniž by bylo nutné opět snižovat chrám.\""""
    state = arrange(
        new_game(),
        rows={"medes": [["medes"] * 3, []]},
        temples={"medes": [[1, 2, 3], []]},
        figures=["medes", "quarry"],
        start_card=[False, True],
    )
    state = act(state, 0, "migrate", origin="medes", target="persians")
    assert state["cities"]["medes"]["temples"][0] == [1, 2, 3]
    assert GAME.scores(state)[0]["total"] == 3


def test_the_starting_card_must_be_built_in_the_first_turn() -> None:
    """ "Na začátku hry má každý hráč v ruce jednu chrámovou kartu pro první patro,
    kterou musí použít ve svém prvním tahu ke stavbě chrámu.\""""
    state = act(new_game(), 0, "draw")
    assert "starting" in refused(state, 0, "end_actions")
    state = act(state, 0, "travel", nation="persians")
    state = act(state, 0, "settle", nation="hittites")
    state = act(state, 0, "build", source="start")
    state = act(state, 0, "end_actions")
    assert state["stage"] == STAGE_TEMPLE
    assert state["start_card"] == [False, True]


def test_starting_card_waits_when_the_player_has_spent_every_means() -> None:
    """Decision: a player who can no longer build it may end the turn (see DECISIONS.md)."""
    state = arrange(new_game(), figures=["medes", "quarry"], hand_sizes=[0, 5])
    state = act(state, 0, "end_actions")
    assert state["start_card"][0] is True


def test_migration_moves_the_last_three_in_order_once_per_turn() -> None:
    """ "vezme tři naposledy vyložené karty národů a přemístí je do jiného města ...
    Jejich pořadí se při přesunu nesmí změnit." and "nejvýše jednou za tah\""""
    state = arrange(
        new_game(),
        rows={
            "medes": [["medes", "sumerians", "sumerians", "hittites"], []],
            "persians": [["persians", "sumerians", "sumerians"], []],
        },
        figures=["hittites", "quarry"],
        start_card=[False, True],
    )
    after = act(state, 0, "migrate", origin="medes", target="persians")
    assert after["cities"]["persians"]["rows"][0] == [
        "persians",
        "sumerians",
        "sumerians",
        "sumerians",
        "sumerians",
        "hittites",
    ]
    assert after["cities"]["medes"]["rows"][0] == ["medes"]
    assert refused(after, 0, "migrate", origin="persians", target="medes") == (
        "You may migrate only once per turn."
    )


def test_russian_migration_example() -> None:
    """ "Игрок перемещает 3 последние карты (Шумер, Шумер, Хетт) из Мидии в Персию,
    создавая колонку: Перс, 3 Шумера, Хетт ... Храм в Мидии сохранится, хоть там и
    осталась всего 1 карта племен\""""
    state = arrange(
        new_game(),
        rows={
            "medes": [["medes", "sumerians", "sumerians", "hittites"], []],
            "persians": [["persians", "sumerians"], []],
        },
        temples={"medes": [[1, 2, 3, 4], []]},
        figures=["hittites", "quarry"],
        start_card=[False, True],
    )
    state = act(state, 0, "migrate", origin="medes", target="persians")
    assert state["cities"]["persians"]["rows"][0] == [
        "persians",
        "sumerians",
        "sumerians",
        "sumerians",
        "hittites",
    ]
    assert state["cities"]["medes"]["rows"][0] == ["medes"]
    assert state["cities"]["medes"]["temples"][0] == [1, 2, 3, 4]


@pytest.mark.parametrize("cards", [0, 1, 2])
def test_no_migration_from_fewer_than_three(cards: int) -> None:
    """ "Z města, ve kterém leží méně než tři karty, nelze stěhování národů provést.\""""
    state = arrange(new_game(), rows={"medes": [["medes"] * cards, []]}, start_card=[False, True])
    assert "at least three" in refused(state, 0, "migrate", origin="medes", target="persians")


def test_temple_draw_lays_the_higher_card_first() -> None:
    """ "Nejdříve obě karty odkryje, pak položí tu s vyšší hodnotou a na ni tu s
    nižší hodnotou.\""""
    state = arrange(new_game(), stage=STAGE_TEMPLE, start_card=[False, True])
    state = act(state, 0, "draw_temples", first=2, second=5)
    assert state["temple_rows"] == [[5, 2], []]
    assert state["temple_deck"]["size"] == 42
    assert state["stage"] == STAGE_DRAW
    assert state["active"] == 1
    assert state["turn"] == 2
    check_invariants(state)


def test_temple_draw_refuses_levels_the_deck_cannot_hold() -> None:
    """The deck holds 5 cards of level 6; when all are in sight none can be drawn."""
    state = arrange(
        new_game(),
        stage=STAGE_TEMPLE,
        temple_rows=[[6, 6, 6], [6, 6]],
        start_card=[False, True],
    )
    assert refused(state, 0, "draw_temples", first=6, second=1) == (
        "The temple deck holds no card of level 6."
    )
    assert "from 1 to 6" in refused(state, 0, "draw_temples", first=7, second=1)
    assert "from 1 to 6" in refused(state, 0, "draw_temples", first="3", second=1)


def test_app_temple_draw_is_reproducible_and_possible() -> None:
    state = arrange(new_game(), stage=STAGE_TEMPLE, start_card=[False, True])
    one = act(state, 0, "draw_temples", seed=42, by_app=True)
    two = act(state, 0, "draw_temples", seed=42, by_app=True)
    assert one == two
    assert one["temple_rows"][0] == sorted(one["temple_rows"][0], reverse=True)
    check_invariants(one)


def test_hand_of_four_or_more_is_announced() -> None:
    """ "Pokud má hráč nyní čtyři nebo více karet v ruce, musí jejich počet sdělit
    protivníkovi.\""""
    state = arrange(new_game(), stage=STAGE_TEMPLE, hand_sizes=[4, 5], start_card=[False, True])
    after = act(state, 0, "draw_temples", first=1, second=1)
    assert after["announcement"] == {"seat": 0, "count": 4}
    assert GAME.view(after, None)["announcement"] == {"seat": 0, "count": 4}
    state = arrange(state, stage=STAGE_TEMPLE, hand_sizes=[3, 5])
    assert act(state, 0, "draw_temples", first=1, second=1)["announcement"] is None


def test_nation_deck_is_reshuffled_from_the_discard_pile() -> None:
    """ "Když se balíček spotřebuje, zamíchá se odkládací balíček, otočí se lícem
    dolů a je z něj nový dobírací balíček.\""""
    state = arrange(new_game(), stage=STAGE_DRAW, hand_sizes=[5, 5])
    state["discard"] = ["medes"] * 5
    state["nation_deck"]["size"] = 1
    state["hand_sizes"] = [5, 49]
    check_invariants(state)
    after = act(state, 0, "draw")
    assert after["hand_sizes"][0] == 8
    assert after["nation_deck"] == {"size": 3, "reshuffles": 1}
    assert after["discard"] == []
    check_invariants(after)


def test_starting_card_is_not_demanded_when_no_travel_can_reach_an_empty_site() -> None:
    """ "Cestování: Hráč odloží jednu kartu národa ... a přesune svou figurku na pole
    v barvě daného národa." -- travelling to Media needs a Medes card: with only a
    Hittite in hand, standing at a built site, the starting card cannot be built."""
    state = arrange(
        new_game(hand_tracking="on"),
        rows={"medes": [["persians"], []]},
        temples={"persians": [[1], []]},
        figures=["persians", "quarry"],
        hands=[{"hittites": 1}, {"medes": 5}],
    )
    state = act(state, 0, "end_actions")
    assert state["start_card"][0] is True
    # With a Medes card the figure can go to Media and build there.
    state = arrange(state, hands=[{"medes": 1}, {"medes": 4}])
    assert "starting" in refused(state, 0, "end_actions")
