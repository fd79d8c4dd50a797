"""Babel through the platform: two phones play the first turn and the table renders."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.django_db(transaction=True)


def test_two_phones_play_a_first_turn(make_table: Any, join: Any) -> None:
    table, host = make_table("babel", players=2, hand_tracking="on")
    anna, ben = join(table, 0, "Anna"), join(table, 1, "Ben")
    assert anna.act({"type": "deal", "by_app": True}).status_code in (200, 302)
    ben_hand = {
        "type": "deal",
        **{key: "assyrians" for key in ("card1", "card2", "card3", "card4", "card5")},
    }
    assert ben.act(ben_hand).status_code in (200, 302)
    assert anna.act({"type": "draw", "by_app": True}).status_code in (200, 302)
    table.refresh_from_db()
    assert table.state["stage"] == "actions"
    assert table.state["hand_sizes"] == [8, 5]
    held = next(n for n, count in table.state["_hands"][0].items() if count)
    assert anna.act({"type": "travel", "nation": held}).status_code in (200, 302)
    table.refresh_from_db()
    assert table.state["figures"][0] == held
    refused = anna.act({"type": "migrate", "origin": "medes", "target": "persians"})
    assert refused.status_code == 400
    page = anna.page().content.decode()
    assert "g-babel" in page
    # Ben's tracked hand never reaches Anna's phone.
    if table.state["_hands"][0]["assyrians"] != 5:
        assert "5× Assyrians" not in page
    assert "5× Assyrians" in ben.page().content.decode()
    board = host.get(f"/t/{table.code}/").content.decode()
    assert "Media" in board and "Temple deck" in board
    rules = host.get("/games/babel/rules/")
    assert rules.status_code == 200
    assert "Our readings of the rules" in rules.content.decode()
