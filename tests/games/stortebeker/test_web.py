"""Störtebeker through the platform: two phones set up and play a turn; the pages render."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.django_db(transaction=True)

SHIP = {"type": "ship", "colour": "black", "points": 5, "defence": 8, "need_rum": 1, "need_meat": 1}


def ok(response: Any) -> None:
    body = response.content.decode()
    assert response.status_code in (200, 302), (
        body[body.find("error") :][:400] if "error" in body else body[-1500:]
    )


def test_two_phones_set_up_and_play(make_table: Any, join: Any) -> None:
    table, host = make_table("stortebeker", players=2, rules="extended")
    anna, ben = join(table, 0, "Anna"), join(table, 1, "Ben")
    # 3 ships at sea (extended, 2 players) and the harbour's 3 face-up ships, from either phone
    for phone in (anna, anna, anna, anna, ben, ben):
        ok(phone.act(SHIP))
    ok(
        anna.act(
            {
                "type": "hand",
                "card_1": "pirate4",
                "card_2": "rum",
                "card_3": "rum",
                "card_4": "meat",
                "card_5": "water",
                "card_6": "water",
            }
        )
    )
    ok(ben.act({"type": "hand", "by_app": True}))
    table.refresh_from_db()
    assert table.state["step"] == "setup"  # who starts is still to be entered
    ok(ben.act({"type": "start", "player": 0}))
    table.refresh_from_db()
    assert table.state["step"] == "play"
    ok(anna.act({"type": "lay", "ship": 0, "card": "rum"}))
    ok(anna.act({"type": "lay", "ship": 0, "card": "pirate4"}))
    refused = anna.act({"type": "lay", "ship": 0, "card": "rum"})
    assert refused.status_code == 400
    ok(anna.act({"type": "lay", "ship": 0, "card": "meat"}))
    table.refresh_from_db()
    assert table.state["step"] == "draw"
    anna_page = anna.page().content.decode()
    ben_page = ben.page().content.decode()
    assert "g-stortebeker" in anna_page
    assert "pirate 4" in anna_page  # her own pirate, on her phone
    if "pirate4" not in table.state["hands"][1]:
        assert "pirate 4" not in ben_page
    assert "face-down pirate" in ben_page
    board = host.get(f"/t/{table.code}/").content.decode()
    assert "face-down pirate" in board and "Harbour" in board
    rules = host.get("/games/stortebeker/rules/")
    assert rules.status_code == 200
    assert "Our readings of the rules" in rules.content.decode()


def test_correcting_the_start_player_and_a_card_through_the_platform(
    make_table: Any, join: Any
) -> None:
    """The start player is a fact: a phone corrects it in the history, and the first turn
    follows ("Začíná hráč, jehož žeton se na bodovací tabulce nachází nejvíc nahoře")."""
    from companion.models import Event

    table, _host = make_table("stortebeker", players=2)
    anna, ben = join(table, 0, "Anna"), join(table, 1, "Ben")
    for _ship in range(5):
        ok(anna.act(SHIP))
    ok(anna.act({"type": "hand", "by_app": True}))
    ok(ben.act({"type": "hand", "by_app": True}))
    ok(ben.act({"type": "start", "player": 0}))
    table.refresh_from_db()
    assert table.state["turn"]["seat"] == 0
    start = Event.objects.get(table=table, kind="action", payload__type="start")
    form = ben.client.get(f"/t/{table.code}/correct/{start.seq}/")
    body = form.content.decode()
    assert form.status_code == 200
    assert "Seat 2" in body and "highest on the scoring track" in body
    response = ben.client.post(
        f"/t/{table.code}/correct/{start.seq}/",
        {"f.player": "1", "version": str(table.state_version), "idem": "fix-start"},
    )
    ok(response)
    table.refresh_from_db()
    assert table.state["start"] == 1
    assert table.state["turn"]["seat"] == 1
    ship = Event.objects.filter(table=table, kind="action", payload__type="ship").first()
    page = anna.client.get(f"/t/{table.code}/correct/{ship.seq}/").content.decode()
    assert "Points in the top corners: 0 to 20." in page
