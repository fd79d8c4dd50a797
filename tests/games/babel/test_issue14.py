"""Issue 14: the starting card with a migration, the run that pays, seeds and stray keys."""

from __future__ import annotations

import json

import pytest

from games.babel import GAME
from games.babel.constants import STAGE_DRAW, STAGE_TEMPLE
from games.base import IllegalAction
from tests.games.babel.helpers import act, arrange, new_game, refused

S, A, P, M, H = "sumerians", "assyrians", "persians", "medes", "hittites"


def test_a_migration_into_an_empty_city_then_travel_there_keeps_the_duty() -> None:
    """ "Na začátku hry má každý hráč v ruce jednu chrámovou kartu pro první patro, kterou musí
    použít ve svém prvním tahu ke stavbě chrámu." and "Hráč si vybere město (bez ohledu na
    současnou polohu své figurky), v něm vezme tři naposledy vyložené karty národů a přemístí je
    do jiného města." -- standing on a built site with one Medes card in hand, three cards
    migrated to Media and a travel there make level 1 possible: ending the turn is refused."""
    state = arrange(
        new_game(hand_tracking="on"),
        rows={P: [[H, H, S], []]},
        temples={P: [[1], []]},
        figures=[P, "quarry"],
        hands=[{M: 1}, {M: 5}],
        start_card=[True, True],
    )
    assert "starting" in refused(state, 0, "end_actions")
    state = act(state, 0, "migrate", origin=P, target=M)
    state = act(state, 0, "travel", nation=M)
    state = act(state, 0, "build", source="start")
    assert state["cities"][M]["temples"][0] == [1]
    assert act(state, 0, "end_actions")["stage"] == STAGE_TEMPLE


def test_travel_first_then_migrate_there_also_counts() -> None:
    """ "bez ohledu na současnou polohu své figurky": the figure may travel first and the three
    cards follow it (the order of the actions is free: "v libovolném pořadí")."""
    state = arrange(
        new_game(hand_tracking="on"),
        rows={P: [[H, H, S], []]},
        temples={P: [[1], []]},
        figures=[P, "quarry"],
        hands=[{M: 1}, {M: 5}],
    )
    state = act(state, 0, "travel", nation=M)
    assert "starting" in refused(state, 0, "end_actions")
    state = act(state, 0, "migrate", origin=P, target=M)
    state = act(state, 0, "build", source="start")
    assert state["start_card"][0] is False


def test_no_duty_when_the_migration_is_spent_and_no_card_reaches_an_empty_site() -> None:
    """The duty holds "whenever the player still can obey it" (DECISIONS.md 6): once the
    migration of the turn is used and the hand cannot pay a travel, the card waits."""
    state = arrange(
        new_game(hand_tracking="on"),
        rows={P: [[H, H, S], []]},
        temples={P: [[1], []]},
        figures=[P, "quarry"],
        hands=[{P: 1}, {M: 5}],
    )
    state = {**state, "migrated": True}
    assert act(state, 0, "end_actions")["start_card"][0] is True


def test_the_run_that_pays_is_asked_for_with_three_runs() -> None:
    """ "musí vyjmout jednu z dotyčných tří karet a odložit ji na odkládací balíček" -- the
    runs lie in different places of the row, so the phone asks which pays whenever there are
    several, three as well as two."""
    state = arrange(
        new_game(),
        rows={H: [[A, A, A, P, A, A, A, M, A, A, A], []]},
        temples={H: [[], [1, 2]]},
        figures=[H, "quarry"],
        start_card=[False, False],
    )
    ability = next(
        c
        for c in GAME.choices(state, 0)
        if c.action == {"type": "ability", "nation": A, "power": "own"}
    )
    (field,) = [f for f in ability.fields if f.key == "run"]
    assert [value for value, _label in field.choices] == [0, 4, 8]
    state = act(state, 0, "ability", nation=A, power="own", run=8)
    assert state["cities"][H]["rows"][0] == [A, A, A, P, A, A, A, M, A, A]


def test_one_run_asks_nothing() -> None:
    """With one run of the nation there is nothing to choose."""
    state = arrange(
        new_game(),
        rows={H: [[A, A, A, P], []]},
        temples={H: [[], [1, 2]]},
        figures=[H, "quarry"],
        start_card=[False, False],
    )
    ability = next(
        c
        for c in GAME.choices(state, 0)
        if c.action == {"type": "ability", "nation": A, "power": "own"}
    )
    assert all(f.key != "run" for f in ability.fields)


@pytest.mark.parametrize("seed", [None, "7", 1.5, True, [1]])
def test_an_app_draw_without_an_int_seed_is_refused(seed: object) -> None:
    """An app draw replays from the entry's seed; a seed that is not a whole number is a
    malformed entry (games/README.md: "App draws and the seed")."""
    state = arrange(new_game(hand_tracking="on"), hands=[{M: 5}, {P: 5}], stage=STAGE_DRAW)
    for action in (
        {"type": "draw", "by_app": True},
        {"type": "draw_temples", "by_app": True},
    ):
        if action["type"] == "draw_temples":
            state = arrange(state, stage=STAGE_TEMPLE, start_card=[False, True])
        before = json.dumps(state, sort_keys=True)
        with pytest.raises(IllegalAction, match="seed"):
            GAME.apply(state, {**action, "seat": 0, "seed": seed})
        assert json.dumps(state, sort_keys=True) == before


def test_an_unknown_key_is_refused() -> None:
    """A malformed entry is refused with a reason, never half understood."""
    state = arrange(new_game(), figures=[P, "quarry"], hand_sizes=[5, 5])
    assert "field" in refused(state, 0, "settle", nation=H, colour="red")
