"""Who sees a table listed and who may take a seat (issue 11, README "Who sees what").

As a stranger, a spectator, a player whose seat was freed, and a phone holding another
table's seat link.
"""

from __future__ import annotations

import pytest
from django.test import Client

from companion.models import Seat, Table

pytestmark = pytest.mark.django_db


def listed_codes(client: Client, path: str = "/") -> str:
    return client.get(path).content.decode()


def seat_link(table: Table, index: int) -> str:
    seat = Seat.objects.get(table=table, index=index)
    return f"/t/{table.code}/s/{index}/{seat.claim_token}/"


# -- listings ---------------------------------------------------------------------------


def test_a_stranger_sees_no_table_on_the_home_page_or_in_the_history(make_table, join):
    table, _host = make_table()
    join(table, 0)
    stranger = Client()
    assert table.code not in listed_codes(stranger, "/")
    assert table.code not in listed_codes(stranger, "/history/")


def test_the_host_and_the_players_see_their_own_tables(make_table, join):
    table, host = make_table()
    other, _other_host = make_table()
    anna = join(table, 0)
    for client in (host, anna.client):
        home, history = listed_codes(client, "/"), listed_codes(client, "/history/")
        assert table.code in home and table.code in history
        assert other.code not in home and other.code not in history


def test_a_spectator_link_lists_the_table_on_that_device(make_table):
    table, _host = make_table()
    spectator = Client()
    assert spectator.get(f"/t/{table.code}/watch/{table.watch_token}/").status_code == 200
    assert table.code in listed_codes(spectator, "/")
    assert table.code in listed_codes(spectator, "/history/")


def test_a_wrong_spectator_token_lists_nothing(make_table):
    table, _host = make_table()
    guesser = Client()
    assert guesser.get(f"/t/{table.code}/watch/nope/").status_code == 404
    guesser.cookies[f"watch_{table.code}"] = "nope"  # a forged cookie
    assert table.code not in listed_codes(guesser, "/")


def test_a_freed_seat_no_longer_lists_the_table(make_table, join):
    table, host = make_table()
    anna = join(table, 0)
    assert host.post(f"/t/{table.code}/seat/0/free/").status_code == 302
    assert table.code not in listed_codes(anna.client, "/")


def test_the_host_can_open_a_table_to_the_room_and_close_it(make_table):
    table, host = make_table()
    stranger = Client()
    assert host.post(f"/t/{table.code}/listing/", {"listed": "1"}).status_code == 302
    assert table.code in listed_codes(stranger, "/")
    assert host.post(f"/t/{table.code}/listing/", {"listed": "0"}).status_code == 302
    assert table.code not in listed_codes(stranger, "/")


def test_only_the_host_opens_a_table(make_table, join):
    table, _host = make_table()
    anna = join(table, 0)
    for client in (Client(), anna.client):
        assert client.post(f"/t/{table.code}/listing/", {"listed": "1"}).status_code == 403
    assert not Table.objects.get(pk=table.pk).listed


def test_the_person_running_the_server_sees_every_table(make_table, admin_client, settings):
    table, _host = make_table()
    assert table.code in listed_codes(admin_client, "/")
    assert table.code in listed_codes(admin_client, "/history/")
    settings.SHOW_ALL_TABLES = True
    assert table.code in listed_codes(Client(), "/history/")


# -- taking a seat ----------------------------------------------------------------------


def test_in_the_lobby_any_free_seat_is_taken_from_the_join_page(make_table):
    table, _host = make_table(start=False)
    phone = Client()
    response = phone.post(f"/t/{table.code}/join/", {"seat": 0, "name": "Anna", "colour": "red"})
    assert response.status_code == 302
    assert Seat.objects.get(table=table, index=0).device_token


def test_a_stranger_cannot_take_a_free_seat_of_a_running_game_from_the_join_page(make_table):
    table, _host = make_table()
    stranger = Client()
    page = stranger.get(f"/t/{table.code}/join/").content.decode()
    assert 'name="seat"' not in page  # no seat offered, and it says how to get one
    assert "its own QR code" in page
    response = stranger.post(f"/t/{table.code}/join/", {"seat": 1, "name": "X", "colour": "red"})
    assert response.status_code == 403
    assert Seat.objects.get(table=table, index=1).is_free


def test_a_seat_freed_by_the_host_is_taken_only_through_its_new_link(make_table, join):
    table, host = make_table()
    old_link = seat_link(table, 0)
    join(table, 0, "Anna")
    assert host.post(f"/t/{table.code}/seat/0/free/").status_code == 302
    newcomer = Client()
    joining = {"seat": 0, "name": "Zoe", "colour": "red"}
    assert newcomer.post(f"/t/{table.code}/join/", joining).status_code == 403
    assert newcomer.post(old_link, joining).status_code == 404  # the link before the freeing
    assert Seat.objects.get(table=table, index=0).is_free
    # The host's consent: the seat's new link, shown on the host's table screen.
    assert seat_link(table, 0) in host.get(f"/t/{table.code}/").content.decode()
    assert newcomer.post(seat_link(table, 0), joining).status_code == 302
    assert not Seat.objects.get(table=table, index=0).is_free


def test_the_table_screen_shows_seat_links_only_to_the_host(make_table):
    table, _host = make_table()
    spectator = Client()
    page = spectator.get(f"/t/{table.code}/watch/{table.watch_token}/").content.decode()
    assert seat_link(table, 0) not in page
    assert seat_link(table, 0) not in Client().get(f"/t/{table.code}/").content.decode()


def test_a_spectator_cannot_take_a_seat_without_its_link(make_table):
    table, _host = make_table()
    spectator = Client()
    spectator.get(f"/t/{table.code}/watch/{table.watch_token}/")
    response = spectator.post(f"/t/{table.code}/join/", {"seat": 0, "name": "S", "colour": "red"})
    assert response.status_code == 403
    assert Seat.objects.get(table=table, index=0).is_free


def test_another_tables_seat_link_does_not_open_this_table(make_table):
    table, _host = make_table()
    other, _other_host = make_table()
    token = Seat.objects.get(table=other, index=0).claim_token
    phone = Client()
    response = phone.post(
        f"/t/{table.code}/s/0/{token}/", {"seat": 0, "name": "X", "colour": "red"}
    )
    assert response.status_code == 404
    assert Seat.objects.get(table=table, index=0).is_free
    assert Seat.objects.get(table=other, index=0).is_free
