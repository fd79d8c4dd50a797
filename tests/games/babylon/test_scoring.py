"""Závěrečné hodnocení: the final scoring, its tie-breaks and the scoring-only mode."""

from __future__ import annotations

import pytest

from games.babylon import GAME
from games.babylon.scoring import empty_floor, score_garden
from games.base import IllegalAction
from tests.games.babylon.helpers import act


def garden(*floors: dict) -> list[dict]:
    """A garden from per-floor counts, e.g. ``{"white": 1, "statue": 1}``."""
    result = []
    for counts in floors:
        floor = empty_floor()
        for key, value in counts.items():
            if key in floor["flowers"]:
                floor["flowers"][key] = value
            else:
                floor[key] = value
        result.append(floor)
    return result


def points(category: str, *floors: dict) -> int:
    return score_garden(garden(*floors))["breakdown"][category]


def test_statue_on_third_floor() -> None:
    """ "Každá socha má hodnotu 1 VB vynásobeno patrem, v němž je postavena. Například za
    sochu ve třetím patře získáte 3 VB.\""""
    assert points("Statues", {"white": 1}, {"white": 1}, {"white": 1, "statue": 1}) == 3


def test_fountain_on_second_floor() -> None:
    """ "Každá fontána má hodnotu 3 VB vynásobeno patrem ... Například za fontánu ve druhém
    patře získáte 6 VB.\""""
    assert points("Fountains", {"white": 1}, {"white": 2, "fountain": 1}) == 6


def test_bridge_three_times_floor() -> None:
    """ "Lávka: Každá lávka má hodnotu 3 VB vynásobeno patrem, v němž je postavena.\""""
    assert points("Bridges", {"white": 2, "bridge": 2}, {"pink": 2, "bridge": 1}) == 12


def test_stairs_sum_of_the_floors() -> None:
    """ "Například za schodiště mezi prvním a druhým patrem získáte 3 VB; za schodiště mezi
    druhým a třetím patrem získáte 5 VB atd.\""""
    assert points("Stairs", {"white": 1, "stairs": 1}, {"white": 1}) == 3
    assert points("Stairs", {"white": 1}, {"white": 1, "stairs": 1}, {"white": 1}) == 5


def test_set_of_four_decorations() -> None:
    """ "Každá sada 4 různých dekorací (1 socha + 1 fontána + 1 lávka + 1 schodiště) má
    hodnotu 4 VB.\""""
    full = {"white": 2, "statue": 2, "fountain": 2, "bridge": 2, "stairs": 1}
    assert points("Sets of four decorations", full, {"pink": 1}) == 4
    full["stairs"] = 2
    assert points("Sets of four decorations", full, {"pink": 1}) == 8


def test_set_of_four_flowers() -> None:
    """ "Každá sada 4 květin různých druhů má hodnotu 4 VB.\""""
    assert points("Sets of four flowers", {"white": 2, "pink": 2, "yellow": 1, "blue": 1}) == 4
    assert points("Sets of four flowers", {"white": 2, "pink": 2, "yellow": 1}, {"blue": 2}) == 4
    assert points("Sets of four flowers", {"white": 2, "pink": 2, "yellow": 2}) == 0


def test_viewpoint_one_point_whatever_the_floor() -> None:
    """ "Každá vyhlídka má hodnotu 1 VB (bez ohledu na patro, v němž se nachází).\""""
    assert points("Viewpoints", {"white": 1, "viewpoint": 1}, {"white": 1, "viewpoint": 2}) == 3


@pytest.mark.parametrize(("height", "expected"), [(0, 0), (1, 2), (2, 4), (3, 6)])
def test_highest_point(height: int, expected: int) -> None:
    """ "Získáte počet VB odpovídající dvojnásobku nejvyššího patra, ve kterém máte dílek
    terasy (první patro = 2 VB, druhé patro = 4 VB, třetí patro = 6 VB atd.).\""""
    assert points("Highest point", *[{"pink": 1}] * height) == expected


def test_total_is_the_sum_of_categories() -> None:
    """All categories together, in the order of the rulebook."""
    score = score_garden(
        garden(
            {"white": 2, "pink": 1, "statue": 1, "viewpoint": 1, "stairs": 1},
            {"yellow": 1, "blue": 1, "fountain": 1, "bridge": 1},
        )
    )
    assert score["breakdown"] == {
        "Statues": 1,
        "Fountains": 6,
        "Bridges": 6,
        "Stairs": 3,
        "Sets of four decorations": 4,
        "Sets of four flowers": 4,
        "Viewpoints": 1,
        "Highest point": 4,
    }
    assert score["total"] == 29


def scoring_game(players: int = 2) -> dict:
    return GAME.setup([f"P{seat}" for seat in range(players)], {"mode": "scoring"})


def enter(state: dict, seat: int, floor: int, **counts: int) -> dict:
    values = {key: 0 for key in ("white", "pink", "yellow", "blue")}
    values.update({key: 0 for key in ("statue", "fountain", "bridge", "viewpoint", "stairs")})
    values.update(counts)
    return act(state, seat, type="floor", floor=floor, **values)


def test_scoring_only_mode_scores_the_entered_garden() -> None:
    """The "final scoring only" mode: each player enters what can be seen per floor."""
    state = scoring_game()
    assert GAME.phase(state)["key"] == "garden"
    assert GAME.to_act(state) == [0, 1]
    state = enter(state, 0, 1, white=2, pink=1, statue=1, stairs=1)
    state = enter(state, 0, 2, yellow=1, fountain=1)
    assert GAME.scores(state)[0]["total"] == 1 + 6 + 3 + 4
    # Re-entering a floor replaces it.
    state = enter(state, 0, 2, yellow=1, blue=1, fountain=1)
    assert GAME.scores(state)[0]["breakdown"]["Sets of four flowers"] == 4
    with pytest.raises(IllegalAction):
        enter(state, 0, 4, white=1)  # floor 3 was never entered
    state = act(state, 0, type="confirm", holes=30)
    assert GAME.to_act(state) == [1]
    state = enter(state, 1, 1, white=1)
    state = act(state, 1, type="confirm", holes=50)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome["winners"] == [0]


def test_scoring_only_refuses_decorations_without_tiles() -> None:
    """Decorations lie on tiles: "Dekorace musíte umísťovat na prázdná pole s odpovídajícími
    symboly"; stairs need the next floor."""
    state = enter(scoring_game(), 0, 1, statue=1)
    with pytest.raises(IllegalAction):
        act(state, 0, type="confirm", holes=10)
    assert [c for c in GAME.choices(state, 0) if c.action["type"] == "confirm"][0].disabled
    state = enter(scoring_game(), 0, 1, white=1, stairs=1)
    with pytest.raises(IllegalAction):
        act(state, 0, type="confirm", holes=10)


def finished(totals_gardens: list[dict], holes: list[int]) -> dict:
    state = scoring_game(len(holes))
    for seat, counts in enumerate(totals_gardens):
        state = enter(state, seat, 1, **counts)
        state = act(state, seat, type="confirm", holes=holes[seat])
    return state


def test_most_points_wins() -> None:
    """ "Hráč s nejvyšším počtem VB vítězí.\""""
    state = finished([{"white": 1}, {"white": 1, "viewpoint": 1}, {"pink": 1}], [5, 40, 1])
    outcome = GAME.outcome(state)
    assert outcome["winners"] == [1]
    assert outcome["ranking"] == [[1], [2], [0]]  # seats 0 and 2 tie: fewer holes first
    assert outcome["reason"]["text"] == "Most victory points."


def test_tie_fewest_visible_holes_wins() -> None:
    """ "V případě shody vítězí hráč s největší plochou zahrady (spočítejte otvory pro sloupy
    na desce hráče, které jsou shora viditelné; zvítězí, kdo jich má nejméně).\""""
    state = finished([{"white": 1}, {"pink": 1}], [20, 12])
    outcome = GAME.outcome(state)
    assert outcome["winners"] == [1]
    assert outcome["ranking"] == [[1], [0]]
    assert "holes" in outcome["reason"]["text"]


def test_still_tied_is_a_shared_win() -> None:
    """ "Pokud shoda stále není vyřešena, hráči ve shodě vítězství sdílí.\""""
    state = finished([{"white": 1}, {"pink": 1}, {"blue": 1}], [12, 12, 11])
    outcome = GAME.outcome(state)
    assert outcome["winners"] == [2]
    state = finished([{"white": 1}, {"pink": 1}, {"blue": 1, "viewpoint": 1}], [12, 12, 3])
    assert GAME.outcome(state)["ranking"] == [[2], [0, 1]]
    state = finished([{"white": 1}, {"pink": 1}], [12, 12])
    outcome = GAME.outcome(state)
    assert outcome["winners"] == [0, 1]
    assert "shared" in outcome["reason"]["text"]


def test_covered_pieces_do_not_score() -> None:
    """ "Získáte vítězné body (VB) za každý zcela nebo částečně viditelný dílek terasy a
    dekoraci. Za zcela zakryté dílky a dekorace žádné VB nezískáte.\""""
    from tests.games.babylon.helpers import give_turn, in_play
    from tests.games.babylon.test_rounds import play_round

    state = in_play(2)
    state = give_turn(state, 0, singles=8)
    state = act(state, 0, type="place_tile", tile="extracted", floor=1, supports=4)
    state = act(state, 0, type="place_tile", tile="stored", floor=1, supports=3)
    state = act(state, 0, type="decorate", kind="fountain", floor=1)
    before = GAME.scores(state)[0]["breakdown"]
    assert (before["Fountains"], before["Viewpoints"]) == (3, 1)
    state = act(state, 0, type="end_turn")
    # A tile on floor 2 over them: only pieces below the top floor can be covered.
    state = give_turn(state, 0, singles=4)
    state = act(state, 0, type="place_tile", tile="extracted", floor=2, supports=4)
    state = act(state, 0, type="end_turn")
    state["rounds"] = state["round"]
    state["tokens_left"] = 0
    state = play_round(state)
    assert state["step"] == "final"
    covered = ["d0", "d1", "t0", "t1"]  # the viewpoint, the fountain and their tiles
    state = act(state, 0, type="final", covered=covered, holes=40)
    after = GAME.scores(state)[0]["breakdown"]
    assert (after["Fountains"], after["Viewpoints"], after["Highest point"]) == (0, 0, 4)
    assert after["Sets of four flowers"] == 0
    with pytest.raises(IllegalAction):
        act(state, 1, type="final", covered=["t9"], holes=64)
    state = act(state, 1, type="final", holes=64)
    assert GAME.outcome(state)["winners"] == [0]
