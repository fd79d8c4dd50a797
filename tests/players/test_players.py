"""Players across games: chosen when a phone joins, remembered, renamed, hidden, merged."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from companion.models import Player, PlayResult, SeatPlayer
from companion.players import registry, results
from tests.players.helpers import phone_of, played

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_new_name_at_the_join_page_makes_a_player_with_the_colour_picked(make_table, join):
    table, _host = make_table(start=False)
    join(table, 0, "Anna", colour="green")
    anna = Player.objects.get(name="Anna")
    assert anna.colour == "green"
    assert SeatPlayer.objects.get(seat__table=table, seat__index=0).player == anna


def test_the_phone_remembers_its_player_and_offers_it_first_next_time(make_table):
    first, _ = make_table(start=False)
    phone = Client()
    phone.post(f"/t/{first.code}/join/", {"seat": 0, "name": "Anna", "colour": "red"})
    anna = Player.objects.get(name="Anna")
    second, _ = make_table(start=False)
    page = phone.get(f"/t/{second.code}/join/").content.decode()
    assert f'name="player" value="{anna.pk}" checked' in page
    # Her colour (the one she keeps) is offered first, so it is the one checked.
    assert re.search(r'name="colour" value="red" checked', page)
    # Picking the known player keeps her name, whatever is typed.
    response = phone.post(
        f"/t/{second.code}/join/",
        {"seat": 1, "player": anna.pk, "name": "typo", "colour": "blue"},
    )
    assert response.status_code == 302
    seat = second.seats.get(index=1)
    assert seat.name == "Anna"
    assert SeatPlayer.objects.get(seat=seat).player == anna
    assert Player.objects.filter(name="Anna").count() == 1


def test_a_player_keeps_their_language(make_table):
    anna = Player.objects.create(name="Anna", language="cs")
    table, _ = make_table(start=False)
    phone = phone_of(anna)
    response = phone.post(f"/t/{table.code}/join/", {"seat": 0, "player": anna.pk, "colour": "red"})
    assert response.cookies["django_language"].value == "cs"


def test_a_hidden_player_is_not_offered_and_cannot_be_picked(make_table):
    ben = Player.objects.create(name="Ben")
    ghost = Player.objects.create(name="Ghost", hidden=True, group_key=ben.group_key)
    table, _ = make_table(start=False)
    phone = phone_of(ben)
    page = phone.get(f"/t/{table.code}/join/").content.decode()
    assert "Ben" in page and "Ghost" not in page
    response = phone.post(
        f"/t/{table.code}/join/", {"seat": 0, "player": ghost.pk, "colour": "red"}
    )
    assert response.status_code == 400
    assert table.seats.get(index=0).is_free


def test_rename_colour_language_and_hide_from_the_player_page():
    anna = Player.objects.create(name="Anna")
    client = phone_of(anna)
    response = client.post(
        f"/players/{anna.pk}/edit/",
        {"name": "  Anna  K. ", "colour": "purple", "language": "ru", "hidden": "on"},
    )
    assert response.status_code == 302
    anna.refresh_from_db()
    assert (anna.name, anna.colour, anna.language, anna.hidden) == ("Anna K.", "purple", "ru", True)
    assert client.post(f"/players/{anna.pk}/edit/", {"name": ""}).status_code == 400
    assert (
        client.post(f"/players/{anna.pk}/edit/", {"name": "A", "colour": "pink"}).status_code == 400
    )


def test_merging_moves_results_and_seats_and_the_old_page_leads_to_the_kept_one(make_table, join):
    played(make_table, join, ["Anna", "Ben"], [6, 1, 6])
    played(make_table, join, ["Anička", "Ben"], [1, 6, 1, 6])
    results.ensure_plays()
    anna, anicka = Player.objects.get(name="Anna"), Player.objects.get(name="Anička")
    client = phone_of(Player.objects.get(name="Ben"))  # both played with Ben: one group
    response = client.post(f"/players/{anicka.pk}/merge/", {"into": anna.pk})
    assert response.status_code == 302
    assert PlayResult.objects.filter(player=anna).count() == 2
    assert not PlayResult.objects.filter(player=anicka).exists()
    assert SeatPlayer.objects.filter(player=anna).count() == 2
    assert client.get(f"/players/{anicka.pk}/")["Location"] == f"/players/{anna.pk}/"
    anicka.refresh_from_db()
    assert anicka.hidden and registry.current(anicka) == anna
    assert client.post(f"/players/{anna.pk}/merge/", {"into": anna.pk}).status_code == 400


def test_host_mode_seats_are_matched_to_known_players_by_name(make_table):
    """A seat no phone claimed (the host entered for it) counts for the player of that name
    in the groups of the phones at the table; another group's namesake is not matched."""
    anna = Player.objects.create(name="Anna")
    ben = Player.objects.create(name="Ben", group_key=anna.group_key)
    Player.objects.create(name="Carl")  # another group
    table, host = make_table(players=3, start=False)
    host.post(f"/t/{table.code}/seat/1/rename/", {"name": "ben"})
    host.post(f"/t/{table.code}/seat/2/rename/", {"name": "Carl"})
    links = {table.seats.get(index=0).pk: anna}
    assert results.player_for_seat(table.seats.get(index=1), links) == ben
    carl = results.player_for_seat(table.seats.get(index=2), links)
    assert carl.name == "Carl" and Player.objects.filter(name="Carl").count() == 2
    # No phone at the table: no group to match in, a new player.
    assert results.player_for_seat(table.seats.get(index=1), {}) != ben


def test_a_player_already_seated_cannot_be_picked_by_a_second_phone(make_table):
    anna = Player.objects.create(name="Anna")
    table, _ = make_table(start=False)
    first, second = phone_of(anna), phone_of(anna)
    data = {"player": anna.pk, "colour": "red"}
    assert first.post(f"/t/{table.code}/join/", {"seat": 0, **data}).status_code == 302
    response = second.post(f"/t/{table.code}/join/", {"seat": 1, **data, "colour": "blue"})
    assert response.status_code == 400
    assert "Anna already sits at this table." in response.content.decode()
    assert table.seats.get(index=1).is_free
