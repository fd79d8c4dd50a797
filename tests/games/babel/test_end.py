"""The three ways the game ends, at their boundaries ("Konec hry")."""

from __future__ import annotations

import pytest

from games.babel import GAME
from games.babel.constants import STAGE_OVER, STAGE_TEMPLE
from games.babel.state import State
from tests.games.babel.helpers import act, arrange, check_invariants, new_game, refused

# Temples worth a given total, spread over the cities (each a stack 1..h).
CITIES = ("medes", "sumerians", "hittites", "persians", "assyrians")


def stacks(total: int) -> list[list[int]]:
    """Five temples summing to ``total`` (at most 6 each)."""
    result = []
    for _city in CITIES:
        h = min(6, total)
        result.append(list(range(1, h + 1)))
        total -= h
    assert total == 0
    return result


def position(mine: int, theirs: int, **options: str) -> State:
    """Anna (seat 0, to act) has temples worth ``mine``, Ben ``theirs``.

    Anna stands in Hatti with three Hittites and level ``x`` ready to build.
    """
    anna, ben = stacks(mine), stacks(theirs)
    return arrange(
        new_game(**options),
        temples={city: [anna[i], ben[i]] for i, city in enumerate(CITIES)},
        start_card=[False, False],
    )


def build_one_more(mine: int, theirs: int, final: bool = False, **options: str) -> State:
    """Anna, with ``mine - 1``, builds one level in Assyria to reach ``mine``."""
    state = position(mine - 1, theirs, **options)
    level = len(state["cities"]["assyrians"]["temples"][0]) + 1
    state["cities"]["assyrians"]["rows"][0] = ["medes"] * 6
    state["temple_rows"] = [[level], []]
    state["figures"] = ["assyrians", "quarry"]
    state["final_phase"] = final
    state = arrange(state)
    assert GAME.scores(state)[0]["total"] == mine - 1
    return act(state, 0, "build", source="row0")


def test_fifteen_while_the_opponent_has_under_ten_wins_at_once() -> None:
    """ "Jestliže součet hodnot (výšek) chrámů jednoho hráče dosáhl nebo překročil 15
    a protivníkovy chrámy mají v danou chvíli celkovou hodnotu menší než 10, hra
    končí a hráč s vyšší hodnotou chrámů vyhrál.\""""
    state = build_one_more(15, 9)
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome["winners"] == [0]
    assert outcome["ranking"] == [[0], [1]]
    assert state["stage"] == STAGE_OVER
    assert GAME.to_act(state) == []
    assert GAME.choices(state, 0) == []
    assert refused(state, 0, "end_actions") == "The game is over."


def test_fourteen_is_not_enough() -> None:
    state = build_one_more(14, 9)
    assert GAME.outcome(state) is None
    assert not state["final_phase"]


def test_fifteen_against_ten_begins_the_final_phase() -> None:
    """ "Pokud už má protivník 10 nebo více bodů, hra přechází do závěrečné části\""""
    state = build_one_more(15, 10)
    assert GAME.outcome(state) is None
    assert state["final_phase"]
    view = GAME.view(state, None)
    assert view["totals"] == [15, 10]
    assert view["distances"][0] == {"total": 15, "to_15": 0, "to_20": 5, "opponent_above_10": 1}


def test_twenty_in_the_final_phase_wins() -> None:
    """ "Vyhraje ten, kdo hodnotou svých chrámů dosáhne nebo překročí 20\""""
    state = build_one_more(19, 12, final=True)
    assert GAME.outcome(state) is None
    state = build_one_more(20, 12, final=True)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome["winners"] == [0]
    assert outcome["reason"]["args"]["mine"] == 20


def destroy_position(mine: int, theirs_other: int, theirs_there: int, **options: str) -> State:
    """Anna can destroy Ben's temple of height ``theirs_there`` in Assyria."""
    state = position(mine, theirs_other, **options)
    state["cities"]["assyrians"]["temples"][1] = list(range(1, theirs_there + 1))
    state["cities"]["assyrians"]["rows"][0] = ["assyrians"] * 3
    state["figures"] = ["assyrians", "quarry"]
    state["final_phase"] = True
    return arrange(state)


def test_pushing_the_opponent_under_ten_wins_in_the_final_phase() -> None:
    """ "nebo dokáže snížit hodnotu chrámů protivníka pod 10. Nezáleží na tom, kdo
    z hráčů jako první dosáhl oněch 15 bodů.\""""
    # Ben: 8 elsewhere + 3 in Assyria = 11; Anna has 12 only (Ben reached 15 before).
    state = destroy_position(12, 8, 3)
    state = act(state, 0, "ability", nation="assyrians", power="own")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome["winners"] == [0]


def test_pushing_to_exactly_ten_does_not_win() -> None:
    state = destroy_position(12, 8, 2)
    assert GAME.scores(state)[1]["total"] == 10
    state = destroy_position(12, 10, 2)
    state = act(state, 0, "ability", nation="assyrians", power="own")
    assert GAME.scores(state)[1]["total"] == 10
    assert GAME.outcome(state) is None


def test_russian_reading_needs_fifteen_kept_to_win_by_pushing() -> None:
    """ "или опустит ниже 10 счет оппонента, оставив на своем счету не менее 15
    очков" (option final_push=under10_keep15)."""
    state = destroy_position(14, 8, 3, final_push="under10_keep15")
    state = act(state, 0, "ability", nation="assyrians", power="own")
    assert GAME.outcome(state) is None
    state = destroy_position(15, 8, 3, final_push="under10_keep15")
    state = act(state, 0, "ability", nation="assyrians", power="own")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome["winners"] == [0]


def deck_end(mine: int, theirs: int, hands: list[int]) -> State:
    state = position(mine, theirs)
    state = arrange(state, stage=STAGE_TEMPLE, hand_sizes=hands)
    # Leave exactly two cards (levels 6 and 5) in the deck by putting the rest in rows.
    unknown = GAME.view(state, None)["temple_deck_levels"]["shuffled"]
    rest: list[int] = []
    for level, count in unknown.items():
        rest += [int(level)] * count
    rest.remove(6)
    rest.remove(5)
    state["temple_rows"] = [rest, []]
    state = arrange(state, stage=STAGE_TEMPLE, hand_sizes=hands)
    assert state["temple_deck"]["size"] == 2
    return state


def test_last_temple_card_ends_the_game_higher_total_wins() -> None:
    """ "Výjimečně může hra skončit, když někdo vytáhne z balíčku poslední chrámovou
    kartu a položí ji do řady čekajících karet. Hráči si sečtou hodnoty svých chrámů
    a kdo má vyšší součet, vyhrává.\""""
    state = act(deck_end(12, 13, [2, 1]), 0, "draw_temples", first=6, second=5)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome["winners"] == [1]
    check_invariants(state)


def test_one_card_left_is_drawn_alone_and_ends_the_game() -> None:
    state = deck_end(12, 13, [2, 1])
    state = act(state, 0, "draw_temples", first=6, second=5)
    assert state["temple_deck"]["size"] == 0
    state = deck_end(12, 13, [2, 1])
    state["temple_rows"][0].append(5)
    state = arrange(state, stage=STAGE_TEMPLE, hand_sizes=[2, 1])
    assert state["temple_deck"]["size"] == 1
    assert refused(state, 0, "draw_temples", first=6, second=5)
    state = act(state, 0, "draw_temples", first=6)
    assert GAME.outcome(state) is not None


@pytest.mark.parametrize(("hands", "winners"), [([3, 2], [0]), ([2, 3], [1]), ([2, 2], [0, 1])])
def test_tie_at_the_end_of_the_deck_goes_to_the_bigger_hand(
    hands: list[int], winners: list[int]
) -> None:
    """ "Při nerozhodném stavu vyhraje hráč s vyšším počtem karet národů v ruce.\""""
    state = act(deck_end(12, 12, hands), 0, "draw_temples", first=6, second=5)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome["winners"] == winners


def test_one_entry_beginning_the_final_phase_and_reaching_twenty_wins_at_once() -> None:
    """ "Pokud už má protivník 10 nebo více bodů, hra přechází do závěrečné části:
    ... Vyhraje ten, kdo hodnotou svých chrámů dosáhne nebo překročí 20" -- at 14 the
    Hittites steal a level 6 onto an empty site: 20 while the opponent keeps 10 or more."""
    hittites = ["hittites"] * 3 + ["medes"] * 3
    state = arrange(
        new_game(),
        temples={
            "medes": [[1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5]],
            "sumerians": [[1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5]],
            "persians": [[1, 2], [1, 2]],
            "hittites": [[], [1, 2, 3, 4, 5, 6]],
        },
        rows={"hittites": [hittites, []]},
        figures=["hittites", "quarry"],
        start_card=[False, False],
    )
    assert [score["total"] for score in GAME.scores(state)] == [14, 18]
    state = act(state, 0, "ability", nation="hittites", power="own")
    assert [score["total"] for score in GAME.scores(state)] == [20, 17]
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome["winners"] == [0]
    assert outcome["reason"]["args"]["mine"] == 20
