"""Babel through the platform: two phones play the first turn and the table renders."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.django_db(transaction=True)


def test_two_phones_play_a_first_turn(make_table: Any, join: Any) -> None:
    table, host = make_table("babel", players=2, hand_tracking="on")
    anna, ben = join(table, 0, "Anna"), join(table, 1, "Ben")
    assert anna.act({"type": "deal", "by_app": True}).status_code in (200, 302)
    # Ben enters his hand one tap per card; his phone shows what is entered so far.
    for _ in range(4):
        assert ben.act({"type": "deal_card", "nation": "assyrians"}).status_code in (200, 302)
    ben_page = ben.page().content.decode()
    assert "Card 5 of 5. Entered so far: Assyrians, Assyrians, Assyrians, Assyrians." in ben_page
    assert "Entered in this draw:" in ben_page
    assert "Entered in this draw:" not in anna.page().content.decode()
    assert ben.act({"type": "deal_card", "nation": "assyrians"}).status_code in (200, 302)
    assert anna.act({"type": "draw_card", "nation": "medes"}).status_code in (200, 302)
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
    # The rest of Anna's turn, then the two temple cards one tap each.
    table.refresh_from_db()
    left = next(n for n, count in table.state["_hands"][0].items() if count)
    for entry in (
        {"type": "settle", "nation": left},
        {"type": "build", "source": "start"},
        {"type": "end_actions"},
    ):
        assert anna.act(entry).status_code in (200, 302), entry
    assert anna.act({"type": "temple_card", "level": 2}).status_code in (200, 302)
    pending = "drew a temple card of level 2; the second card follows."
    assert pending in host.get(f"/t/{table.code}/").content.decode()
    page = anna.page().content.decode()
    assert "First card drawn: level 2. Tap the level of the second card." in page
    assert pending in page
    assert anna.act({"type": "temple_card", "level": 3}).status_code in (200, 302)
    table.refresh_from_db()
    assert table.state["temple_rows"][0] == [3, 2] and table.state["active"] == 1
    assert pending not in host.get(f"/t/{table.code}/").content.decode()
    rules = host.get("/games/babel/rules/")
    assert rules.status_code == 200
    assert "Our readings of the rules" in rules.content.decode()
