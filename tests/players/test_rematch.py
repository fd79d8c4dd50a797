"""Rematch: one tap at the end starts a new table with the same players, seats and options."""

from __future__ import annotations

import pytest
from django.test import Client

from companion.models import Rematch, SeatPlayer, Table
from tests.players.helpers import played

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_host_taps_rematch_and_the_new_table_has_the_same_players_seats_and_options(
    make_table, join
):
    table, host, _phones = played(
        make_table, join, ["Anna", "Ben", "Cyril"], [6, 1, 1, 6], target="10"
    )
    assert "Rematch" in host.get(f"/t/{table.code}/").content.decode()
    response = host.post(f"/t/{table.code}/rematch/")
    assert response.status_code == 302
    new = Rematch.objects.get(table=table).next_table
    assert response["Location"] == f"/t/{new.code}/"
    assert new.status == Table.Status.RUNNING
    assert new.options == table.options and new.game == table.game
    old_seats = [(s.index, s.name, s.colour) for s in table.seats.order_by("index")]
    assert [(s.index, s.name, s.colour) for s in new.seats.order_by("index")] == old_seats
    players = lambda t: [  # noqa: E731
        SeatPlayer.objects.get(seat=s).player_id for s in t.seats.order_by("index")
    ]
    assert players(new) == players(table)
    # The host of the old table is the host of the new one; a second tap opens the same table.
    assert host.get(f"/t/{new.code}/").context["host"] is True
    assert host.post(f"/t/{table.code}/rematch/")["Location"] == f"/t/{new.code}/"
    assert Table.objects.count() == 2


def test_a_phone_that_taps_rematch_keeps_its_seat_and_the_others_find_theirs_first(
    make_table, join
):
    table, _host, phones = played(make_table, join, ["Anna", "Ben"], [6, 1, 6])
    response = phones[1].client.post(f"/t/{table.code}/rematch/")
    new = Rematch.objects.get(table=table).next_table
    assert response["Location"] == f"/t/{new.code}/me/"
    assert not new.seats.get(index=1).is_free
    # Anna's phone remembers Anna: her seat (0) is offered first, with her checked.
    page = phones[0].client.get(f"/t/{new.code}/join/").content.decode()
    anna = SeatPlayer.objects.get(seat=new.seats.get(index=0)).player
    assert f'name="player" value="{anna.pk}" checked' in page
    assert page.index('name="seat" value="0"') < page.index("Take this seat")


def test_a_stranger_cannot_start_a_rematch_and_a_running_game_has_none(make_table, join):
    table, *_ = played(make_table, join, ["Anna", "Ben"], [6, 1, 6])
    assert Client().post(f"/t/{table.code}/rematch/").status_code == 403
    running, host = make_table()
    assert host.post(f"/t/{running.code}/rematch/").status_code == 400
    assert not Rematch.objects.exists()


def test_after_the_rematch_the_old_table_points_to_the_new_one(make_table, join, client):
    table, host, _ = played(make_table, join, ["Anna", "Ben"], [6, 1, 6])
    host.post(f"/t/{table.code}/rematch/")
    new = Rematch.objects.get(table=table).next_table
    page = host.get(f"/t/{table.code}/").content.decode()
    assert f"/t/{new.code}/join/" in page
    # Issue 22: only the host's screen shows the running rematch's code, not the room's.
    assert new.code not in client.get(f"/t/{table.code}/").content.decode()
