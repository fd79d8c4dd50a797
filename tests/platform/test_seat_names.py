"""The name a phone chose shows everywhere in the game (issue 14).

The seat holds the name of record; the names the engine was dealt at the start are only
defaults, replaced for display (README "Who sees what", selectors.with_current_names).
"""

from __future__ import annotations

import html

import pytest

from companion.models import Table
from companion.selectors import with_current_names

pytestmark = pytest.mark.django_db


def text_of(response) -> str:  # type: ignore[no-untyped-def]
    return html.unescape(response.content.decode())


def test_a_phone_that_joins_a_running_game_brings_its_name(make_table, join):
    table, host = make_table()  # started: the engine was dealt "Player 1", "Player 2"
    anna, zoe = join(table, 0, "Anna"), join(table, 1, "Zoe")
    anna.act({"type": "roll", "value": 3})  # now it is seat 1's turn
    for page in (host.get(f"/t/{table.code}/"), anna.page(), zoe.page()):
        assert "Zoe rolls" in text_of(page)  # the engine's status line, with the new name
        assert "Player 2" not in text_of(page)
    assert "Zoe" in text_of(host.get("/history/"))
    assert "Zoe rolls" in text_of(host.get(f"/history/{table.code}/"))


def test_the_stored_state_keeps_the_names_of_the_start(make_table, join):
    """Replaying the log gives the same state: the names shown are not written into it."""
    table, _host = make_table()
    join(table, 1, "Zoe")
    assert Table.objects.get(pk=table.pk).state["players"] == ["Player 1", "Player 2"]


def test_the_host_can_rename_a_seat_during_the_game(make_table, join):
    table, host = make_table()
    anna = join(table, 0, "Anna")
    assert host.post(f"/t/{table.code}/seat/0/rename/", {"name": "Anička"}).status_code == 302
    assert "Anička rolls" in text_of(anna.page())


def test_an_empty_name_keeps_the_seats_name(make_table, join):
    table, host = make_table()
    join(table, 0, " ")
    assert "Player 1 rolls" in text_of(host.get(f"/t/{table.code}/"))


def test_states_without_a_players_list_are_shown_as_they_are():
    seats = [{"name": "A"}, {"name": "B"}]
    assert with_current_names({"x": 1}, seats) == {"x": 1}
    assert with_current_names({"players": ["a"]}, seats) == {"players": ["a"]}
    state = {"players": ["a", "b"], "points": [1, 2]}
    assert with_current_names(state, seats) == {"players": ["A", "B"], "points": [1, 2]}
    assert state["players"] == ["a", "b"]  # the input is not changed
