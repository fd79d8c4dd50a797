"""Issue 21: a tile may never lie exactly over another ("2 dílky teras se nikdy nesmí
zcela překrývat").

The app does not know the geometry, but the counts are enough: a single pillar or a
statue under a tile of floor n stands on a tile of floor n - 1, on one of its four
pillar places (a 2 x 2 square). With one visible tile on floor n - 1, three or four
such supports stand on that one tile, and the tile above, which must cover every
pillar it rests on ("Všechny umístěné sloupy musí být zakryté dílkem terasy"), covers
the same 2 x 2 square: it lies exactly over the tile below.
"""

from __future__ import annotations

import pytest

from games.babylon import GAME
from games.base import IllegalAction
from tests.games.babylon.helpers import act, give_turn, in_play


def with_one_tile_on_floor_1(singles: int, doubles: int = 0) -> dict:
    state = give_turn(in_play(), 0, singles=4 + singles, doubles=doubles)
    return act(state, 0, type="place_tile", tile="stored", floor=1, supports=4)


@pytest.mark.parametrize("supports", [3, 4])
def test_single_pillars_on_the_one_tile_below_are_refused(supports: int) -> None:
    state = with_one_tile_on_floor_1(singles=supports)
    with pytest.raises(IllegalAction) as refused:
        act(state, 0, type="place_tile", tile="extracted", floor=2, supports=supports)
    assert "exactly" in str(refused.value)
    assert [t["floor"] for t in state["boards"][0]["tiles"]] == [1]


def test_two_single_pillars_and_two_double_pillars_are_fine() -> None:
    """The rulebook's own example: "2 jednoduchých sloupech umístěných na dílku v prvním
    patře a 2 dvojitých sloupech umístěných na desce hráče"."""
    state = with_one_tile_on_floor_1(singles=2, doubles=2)
    state = act(state, 0, type="place_tile", tile="extracted", floor=2, supports=4, doubles=2)
    assert [t["floor"] for t in state["boards"][0]["tiles"]] == [1, 2]


def test_two_tiles_below_can_share_the_pillars() -> None:
    state = give_turn(in_play(), 0, singles=12)
    state = act(state, 0, type="place_tile", tile="stored", floor=1, supports=4)
    state = act(state, 0, type="place_tile", tile="extracted", floor=1, supports=4)
    state["turn"]["tile"] = {"material": "clay", "flower": "pink"}
    state = act(state, 0, type="place_tile", tile="extracted", floor=2, supports=4)
    assert [t["floor"] for t in state["boards"][0]["tiles"]] == [1, 1, 2]


def test_the_phone_offers_only_placements_that_do_not_overlap() -> None:
    """Floor 2 is still offered (with a double pillar from two exchanged singles), but
    its default is a placement the engine accepts."""
    state = with_one_tile_on_floor_1(singles=4)
    # One form per tile, its floor a field whose default is the highest floor (issue 21).
    floor_2 = [
        c
        for c in GAME.choices(state, 0)
        if c.action.get("type") == "place_tile"
        and any(f.key == "floor" and f.default == 2 for f in c.fields)
    ]
    assert floor_2 and floor_2[0].disabled is None
    action = {**floor_2[0].action, **{f.key: f.default for f in floor_2[0].fields}}
    after = act(state, 0, **action)
    assert [t["floor"] for t in after["boards"][0]["tiles"]] == [1, 2]
