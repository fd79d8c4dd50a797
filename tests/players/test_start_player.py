"""The start player of a recorded play comes from the engine, not from who acted (issue 22).

Observed: Störtebeker recorded the seat still entering its hand when "X starts" was
tapped; Babylon recorded the last seat to take a board (Anna, though Petr started),
and in scoring-only mode the last player to confirm. Each table below is played
through the phones and the Play is built the way statistics build it.
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.models import Table
from companion.players import results
from games.stortebeker.flow import pending_ship

pytestmark = pytest.mark.django_db(transaction=True)

SHIP = {"type": "ship", "colour": "black", "points": 5, "defence": 8, "need_rum": 1, "need_meat": 1}


def ok(response: Any) -> None:
    assert response.status_code in (200, 302), response.content.decode()[-600:]


def test_stortebeker_x_starts_tapped_while_another_seat_enters_its_hand(make_table, join):
    """ "Začíná hráč, jehož žeton se na bodovací tabulce nachází nejvíc nahoře (zpravidla je
    to žlutý hráč)." Ben taps "Anna starts" while Cyril still enters his hand."""
    table, _host = make_table("stortebeker", players=3)
    anna, ben, cyril = (join(table, i, name) for i, name in enumerate(["Anna", "Ben", "Cyril"]))
    while pending_ship(Table.objects.get(pk=table.pk).state):
        ok(anna.act(SHIP))
    ok(anna.act({"type": "hand", "by_app": True}))
    ok(ben.act({"type": "hand", "by_app": True}))
    ok(ben.act({"type": "start", "player": 0}))
    ok(cyril.act({"type": "hand", "by_app": True}))
    table.refresh_from_db()
    assert table.state["turn"]["seat"] == 0  # the game goes on with Anna
    start, _race = results.replay_facts(table)
    assert start == 0  # was 2: Cyril, the only seat left to act after the tap
    assert results.build_play(table).start_seat == 0


def test_babylon_records_petr_who_started_not_anna_who_took_her_board_last(make_table, join):
    """ "Hráči se střídají v tazích po směru hodinových ručiček počínaje prvním hráčem."
    Petr is the first player (the first seat); Anna takes her board after him."""
    table, _host = make_table("babylon", players=2, first_player="first")
    petr, anna = join(table, 0, "Petr"), join(table, 1, "Anna")
    ok(petr.act({"type": "board", "flower": "white"}))
    ok(anna.act({"type": "board", "flower": "pink"}))
    table.refresh_from_db()
    assert results.replay_facts(table)[0] == 0  # was 1: Anna
    play = results.build_play(table)
    assert [(r.name, play.start_seat == r.seat) for r in play.results.order_by("seat")] == [
        ("Petr", True),
        ("Anna", False),
    ]


def test_babylon_scoring_only_records_an_unknown_start_player(make_table, join, client):
    """Scoring only: the turns were played without the app, so nobody is recorded as the
    start player (it was the last player to confirm), and the exports say nobody started."""
    table, _host = make_table("babylon", players=2, mode="scoring")
    petr, anna = join(table, 0, "Petr"), join(table, 1, "Anna")
    ok(petr.act({"type": "confirm", "holes": 0}))
    ok(anna.act({"type": "confirm", "holes": 0}))
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    play = results.ensure_play(table)
    assert play.start_seat is None  # was 1: Anna, the last to confirm
    data = client.get(f"/plays/{table.code}/play.bgsplay").json()
    assert [s["startPlayer"] for s in data["plays"][0]["playerScores"]] == [False, False]
    csv_text = client.get(f"/players/{play.results.get(seat=0).player_id}/history.csv")
    assert csv_text.content.decode().splitlines()[1].split(",")[4] == ""  # start: unknown


def test_a_play_recorded_with_the_old_guess_is_rebuilt_with_the_engines_start(make_table, join):
    """Migration 0004 marks the stored plays of tables stale (``table_version`` 0): the next
    read rebuilds them, and the old guess (Anna, the last to confirm) goes."""
    table, _host = make_table("babylon", players=2, mode="scoring")
    petr, anna = join(table, 0, "Petr"), join(table, 1, "Anna")
    ok(petr.act({"type": "confirm", "holes": 0}))
    ok(anna.act({"type": "confirm", "holes": 0}))
    table.refresh_from_db()
    play = results.ensure_play(table)
    type(play).objects.filter(pk=play.pk).update(start_seat=1, table_version=0)
    assert results.ensure_plays() == 1
    rebuilt = results.ensure_play(table)
    assert rebuilt.start_seat is None and rebuilt.uuid == play.uuid
