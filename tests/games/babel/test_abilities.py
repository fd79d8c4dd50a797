"""The nation abilities ("Zvláštní schopnosti národů")."""

from __future__ import annotations

import pytest

from games.babel import GAME
from games.babel.state import State
from tests.games.babel.helpers import act, arrange, check_invariants, new_game, refused

S, A, P, M, H = "sumerians", "assyrians", "persians", "medes", "hittites"


def at(city: str, mine: list[str], theirs: list[str], **kwargs) -> State:  # type: ignore[no-untyped-def]
    """Anna's figure in ``city`` with the given rows there (no starting cards left)."""
    options = kwargs.pop("options", {})
    return arrange(
        new_game(**options),
        rows={city: [mine, theirs]},
        figures=[city, "quarry"],
        start_card=[False, False],
        **kwargs,
    )


def test_run_of_three_need_not_lie_at_the_end() -> None:
    """ "Tato trojice nemusí ležet na konci vyložené řady karet.\""""
    state = at(H, [A, A, A, P, M], [], temples={H: [[], [1, 2]]})
    state = act(state, 0, "ability", nation=A, power="own")
    assert state["cities"][H]["temples"][1] == []
    assert state["cities"][H]["rows"][0] == [A, A, P, M]
    assert state["discard"] == [A]


def test_two_apart_are_not_a_run() -> None:
    """ "tři (nebo více) karty daného národa bezprostředně za sebou\""""
    state = at(H, [A, A, P, A], [], temples={H: [[], [1, 2]]})
    assert "three" in refused(state, 0, "ability", nation=A, power="own")


def test_ability_only_in_the_figures_city() -> None:
    """ "Schopnost lze aplikovat pouze na město, ve kterém stojí figurka a ve kterém se
    nachází dotyčná trojice karet.\""""
    state = arrange(
        new_game(),
        rows={H: [[A, A, A], []]},
        temples={H: [[], [1]], M: [[], [1]]},
        figures=[M, "quarry"],
        start_card=[False, False],
    )
    assert "three" in refused(state, 0, "ability", nation=A, power="own")


def test_more_than_three_allow_repeated_use() -> None:
    """ "Pokud za sebou leželo více než tři karty téže barvy, může hráč tutéž
    schopnost využít i několikrát za sebou.\""""
    state = at(
        H,
        [A, A, A, A],
        [],
        temples={
            H: [[], [1]],
        },
        hand_sizes=[0, 9],
    )
    state = act(state, 0, "ability", nation=A, power="halve")
    for _ in range(4):
        state = act(state, 1, "give_up", nation=M)
    state = act(state, 0, "ability", nation=A, power="own")
    assert state["cities"][H]["rows"][0] == [A, A]
    assert "three" in refused(state, 0, "ability", nation=A, power="halve")


def test_assyrians_put_the_temple_back_highest_first() -> None:
    """ "Protivníkův chrám v daném městě se zbourá. Chrámové karty se odloží lícem dolů
    na dobírací balíček ... první se odloží karta nejvyššího patra, na ni karta
    druhého nejvyššího patra atd.\""""
    state = at(H, [A, A, A], [], temples={H: [[], [1, 2, 4]]})
    state = act(state, 0, "ability", nation=A, power="own")
    assert state["temple_deck"]["top"] == [1, 2, 4]
    view = GAME.view(state, None)
    assert view["temple_deck_levels"]["known_top"] == [1, 2, 4]
    state = act(arrange(state, stage="temple"), 0, "draw_temples", first=2, second=1)
    assert state["temple_deck"]["top"] == [4]
    check_invariants(state)


def test_known_top_refuses_other_levels() -> None:
    state = at(H, [A, A, A], [], temples={H: [[], [1, 2]]})
    state = arrange(act(state, 0, "ability", nation=A, power="own"), stage="temple")
    assert refused(state, 0, "draw_temples", first=3, second=1) == (
        "The next temple card is known to be level 2."
    )


def test_assyrians_need_a_temple_to_destroy() -> None:
    state = at(H, [A, A, A], [])
    assert "no temple" in refused(state, 0, "ability", nation=A, power="own")


def test_hittites_steal_a_higher_level_with_the_discarded_card_counting() -> None:
    """ "Ukradené patro musí být vyšší než nejvyšší vlastní patro ... Právě odložená
    karta Chetitů se do tohoto počtu ještě počítá. Hráč může loupit i když ještě sám
    v tomto městě žádné chrámové karty nemá.\""""
    state = at(M, [H, H, H, P], [], temples={M: [[], [1, 2, 3, 4]]})
    state = act(state, 0, "ability", nation=H, power="own")
    assert state["cities"][M]["temples"] == [[4], [1, 2, 3]]
    assert state["cities"][M]["rows"][0] == [H, H, P]


def test_hittites_need_enough_cards() -> None:
    state = at(M, [H, H, H], [], temples={M: [[], [1, 2, 3, 4]]})
    assert "Level 4 needs at least as many" in refused(state, 0, "ability", nation=H, power="own")


def test_hittites_need_a_higher_level() -> None:
    """ "Je ale dovoleno několik pater přeskočit" -- yet the stolen level must be higher."""
    state = at(M, [H, H, H, H], [], temples={M: [[1, 2, 3], [1, 2, 3]]})
    assert "higher" in refused(state, 0, "ability", nation=H, power="own")
    state = at(M, [H, H, H, H], [], temples={M: [[1], [1, 2, 3, 4]]})
    state = act(state, 0, "ability", nation=H, power="own")
    assert state["cities"][M]["temples"] == [[1, 4], [1, 2, 3]]


def test_medes_make_the_opponent_discard_one_nation_wherever_it_lies() -> None:
    """ "Protivník musí všechny karty tohoto národa (bez ohledu na to, kde se v jeho
    karetní řadě nacházely) odevzdat na odkládací balíček.\""""
    state = at(P, [M, M, M], [S, P, S, A, S])
    state = act(state, 0, "ability", nation=M, power="own", target=S)
    assert state["cities"][P]["rows"][1] == [P, A]
    assert state["discard"] == [S, S, S, M]
    assert "no cards of the Hittites" in refused(
        at(P, [M, M, M], [S]), 0, "ability", nation=M, power="own", target=H
    )
    assert "not a valid" in refused(
        at(P, [M, M, M], [S]), 0, "ability", nation=M, power="own", target="elves"
    )


def test_sumerians_czech_reading_takes_the_run_at_the_end() -> None:
    """ "Všechny karty z konce protivníkovy řady, které mají stejnou barvu, přeběhnou
    na stranu hráče ... Nový majitel si je položí na konec své řady.\""""
    state = at(P, [S, S, S, A], [A, P, A, A])
    state = act(state, 0, "ability", nation=S, power="own")
    assert state["cities"][P]["rows"] == [[S, S, A, A, A], [A, P]]


def test_sumerians_russian_reading_takes_every_card_of_that_nation() -> None:
    """ "Все карты того же племени, что и верхняя карта оппонента в этой земле,
    переходят на сторону игрока." (option sumerians=nation)"""
    state = at(P, [S, S, S, A], [A, P, A, A], options={"sumerians": "nation"})
    state = act(state, 0, "ability", nation=S, power="own")
    assert state["cities"][P]["rows"] == [[S, S, A, A, A, A], [P]]


def test_persians_skip_exactly_one_level() -> None:
    """ "V daném městě lze při stavbě chrámu přeskočit právě jedno patro ... Potřebná
    chrámová karta je alespoň v jedné z obou zásobáren k dispozici ... Právě odložená
    karta Peršanů se do tohoto počtu ještě počítá.\""""
    state = at(M, [P, P, P], [], temples={M: [[1], []]}, temple_rows=[[2], [3]])
    state = act(state, 0, "ability", nation=P, power="own", source="row1")
    assert state["cities"][M]["temples"][0] == [1, 3]
    assert state["cities"][M]["rows"][0] == [P, P]
    state = at(M, [P, P, P], [], temples={M: [[1], []]}, temple_rows=[[4], [2]])
    assert "level 3, not 4" in refused(state, 0, "ability", nation=P, power="own", source="row0")
    assert "level 3, not 2" in refused(state, 0, "ability", nation=P, power="own", source="row1")
    state = at(M, [P, P, P], [], temples={M: [[1, 2], []]}, temple_rows=[[4], []])
    assert "Level 4 needs at least as many" in refused(
        state, 0, "ability", nation=P, power="own", source="row0"
    )


@pytest.mark.parametrize(("hand", "kept"), [(5, 3), (7, 4), (4, 2), (2, 1), (9, 5)])
def test_halving_rounds_in_the_opponents_favour(hand: int, kept: int) -> None:
    """ "Pokud má lichý počet karet, stanoví se polovina v jeho prospěch (tj. např. 5
    karet se zredukuje na 3).\""""
    state = at(P, [S, S, S], [], hand_sizes=[0, hand])
    state = act(state, 0, "ability", nation=S, power="halve")
    assert state["pending"] == {"seat": 1, "count": hand - kept}
    assert refused(state, 0, "end_actions") == "It is not your turn."
    for _ in range(hand - kept):
        state = act(state, 1, "give_up", nation=A)
    assert state["hand_sizes"][1] == kept
    assert state["pending"] is None
    check_invariants(state)


def test_halving_a_hand_of_one_is_refused() -> None:
    state = at(P, [S, S, S], [], hand_sizes=[0, 1])
    assert "too few" in refused(state, 0, "ability", nation=S, power="halve")


def test_the_opponent_chooses_what_to_discard_from_a_tracked_hand() -> None:
    """ "Protivník si sám vybere, které karty to budou.\""""
    state = at(P, [S, S, S], [], hands=[{}, {M: 1, H: 3}], options={"hand_tracking": "on"})
    state = act(state, 0, "ability", nation=S, power="halve")
    assert "no card of the Persians" in refused(state, 1, "give_up", nation=P)
    state = act(state, 1, "give_up", nation=M)
    state = act(state, 1, "give_up", nation=H)
    assert state["_hands"][1][H] == 2 and state["_hands"][1][M] == 0
    check_invariants(state)
