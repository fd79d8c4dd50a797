"""With every seat still called as dealt, what a game shows already names each seat as it
is now: so the platform skips the walk that puts the names of record into a view
(``companion.naming.named``; ``selectors.game_context``), 2 ms a version for Wallenstein's
five views on the benchmark's host.

It holds because an engine names a seat in a kept message with ``games.i18n.seat_name``
and the name it was dealt, the one ``state["players"]`` keeps: a message that named a seat
without its name, for the platform to fill in, would break it, and this test fails then.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import games
from companion import selectors
from companion.models import Table
from companion.naming import named
from companion.services import tables
from tests.platform.test_current_names import play_randomly


@pytest.mark.parametrize("slug", ["babel", "babylon", "stortebeker", "wallenstein"])
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_with_the_names_as_dealt_the_walk_changes_nothing(slug: str, seed: int) -> None:
    game = games.get(slug)
    players = max(game.player_counts)
    states = play_randomly(slug, players, random.Random(seed), steps=300)
    for state in states[::15] + states[-2:]:
        names = list(state["players"])
        assert selectors.names_as_dealt(state, names)
        for seat in [None, *range(players)]:
            view = game.view(state, seat)
            assert named(view, names) == view
        assert named(game.phase(state), names) == game.phase(state)
        assert named(game.outcome(state), names) == game.outcome(state)


@pytest.mark.django_db
def test_a_renamed_seat_is_shown_by_its_new_name_in_the_view(make_table: Any, join: Any) -> None:
    """The skip holds only while the names are as dealt: a phone that takes its seat after
    the start brings its own name, and the view names that seat so from then on."""
    from tests.games.babel.helpers import act
    from tests.games.babel.test_end import deck_end

    table, _host = make_table("babel")  # started: the engine was dealt "Player 1", "Player 2"
    state = deck_end(12, 13, [2, 1])
    state["players"] = ["Player 1", "Player 2"]
    state = act(state, 0, "draw_temples", first=6, second=5)
    Table.objects.filter(pk=table.pk).update(state=state)
    table.refresh_from_db()
    dealt = selectors.game_context(table, 0)
    assert "Player 2" in repr(dealt["view"]) + repr(dealt["outcome"])
    tables.rename_seat(table, 1, "Boris")
    table.refresh_from_db()
    renamed = selectors.game_context(table, 0)
    shown = repr(renamed["view"]) + repr(renamed["outcome"])
    assert "Boris" in shown and "Player 2" not in shown
