"""Host-mode-only tables keep their players (issue 22).

Observed: a table played only in host mode (one device passed around) made new Player
records at every game for the same names, so each person's statistics were split. A seat
the host names is now the known player of that name (case ignored, as the phone's "Is this
you?") in the groups the host device knows: its own players' and those of the tables it
hosted. A device that hosted nothing of a group finds none of its players.
"""

from __future__ import annotations

import json

import pytest
from django.test import Client

from companion.models import Play, Player, PlayResult, SeatPlayer, Table
from companion.players import results
from tests.players.helpers import phone_of, take_as
from tests.players.test_privacy import OUTSIDERS, world  # noqa: F401  (a fixture)

pytestmark = pytest.mark.django_db(transaction=True)


def host_table(host: Client, names: list[str], start: bool = True) -> Table:
    data = {"game": "dice_race", "players": len(names)}
    data.update({f"name.{index}": name for index, name in enumerate(names)})
    response = host.post("/", data)
    assert response.status_code == 302, response.content.decode()[-400:]
    table = Table.objects.get(code=response["Location"].strip("/").split("/")[-1])
    if start:
        assert host.post(f"/t/{table.code}/start/").status_code == 302
    return table


def play_in_host_mode(host: Client, table: Table, rolls: list[int]) -> Play:
    """The host's device enters every roll for whoever must act, until the game ends."""
    for turn, value in enumerate(rolls):
        version = Table.objects.get(pk=table.pk).state_version
        response = host.post(
            f"/t/{table.code}/act/",
            {
                "action": json.dumps({"type": "roll", "value": value}),
                "version": version,
                "idem": f"{table.code}-{turn}",
                "host_mode": "1",
                "on_behalf": turn % 2,
            },
        )
        assert response.status_code == 302, response.content.decode()[-400:]
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    results.ensure_plays()
    return Play.objects.get(table=table)


def players_of(play: Play) -> list[Player]:
    return [r.player for r in PlayResult.objects.filter(play=play).order_by("seat")]


def test_the_second_host_mode_game_keeps_the_first_games_players():
    host = Client()
    first = play_in_host_mode(host, host_table(host, ["Anna", "Ben"]), [6, 1, 6])
    anna, ben = players_of(first)
    second = play_in_host_mode(host, host_table(host, ["anna", " BEN "]), [1, 6, 1, 6])
    assert players_of(second) == [anna, ben]  # names compared as "Is this you?" does
    third = play_in_host_mode(host, host_table(host, ["Ben", "Anna"]), [6, 1, 6])
    assert players_of(third) == [ben, anna]
    assert Player.objects.count() == 2
    assert {play.group_key for play in Play.objects.all()} == {anna.group_key}


def test_a_new_name_at_a_host_mode_table_is_a_new_player_of_the_group():
    host = Client()
    first = play_in_host_mode(host, host_table(host, ["Anna", "Ben"]), [6, 1, 6])
    anna, _ben = players_of(first)
    second = play_in_host_mode(host, host_table(host, ["Anna", "Cyril"]), [6, 1, 6])
    again, cyril = players_of(second)
    assert again == anna and cyril.name == "Cyril" and cyril.group_key == anna.group_key
    assert Player.objects.count() == 3


def test_another_device_naming_the_same_names_finds_none_of_that_groups_players():
    """A device that never hosted or played with the group: its "Anna" is someone else."""
    host = Client()
    first = play_in_host_mode(host, host_table(host, ["Anna", "Ben"]), [6, 1, 6])
    anna, ben = players_of(first)
    stranger = Client()
    other = play_in_host_mode(stranger, host_table(stranger, ["Anna", "Ben"]), [6, 1, 6])
    strangers = players_of(other)
    assert {p.pk for p in strangers}.isdisjoint({anna.pk, ben.pk})
    assert strangers[0].group_key != anna.group_key


def test_a_phone_of_the_group_hosting_in_host_mode_finds_its_groups_players(make_table, join):
    """The host device is a player's phone (its player cookie): its group's names match."""
    host = Client()
    first = play_in_host_mode(host, host_table(host, ["Anna", "Ben"]), [6, 1, 6])
    anna, ben = players_of(first)
    annas_phone = phone_of(anna)
    second = play_in_host_mode(annas_phone, host_table(annas_phone, ["ANNA", "ben"]), [6, 1, 6])
    assert players_of(second) == [anna, ben]


def test_renaming_a_seat_links_it_to_the_known_player_of_the_new_name():
    host = Client()
    first = play_in_host_mode(host, host_table(host, ["Anna", "Ben"]), [6, 1, 6])
    anna, ben = players_of(first)
    table = host_table(host, ["Anna", "Zoe"], start=False)
    seat = table.seats.get(index=1)
    assert not SeatPlayer.objects.filter(seat=seat).exists()
    assert host.post(f"/t/{table.code}/seat/1/rename/", {"name": "ben"}).status_code == 302
    assert SeatPlayer.objects.get(seat=seat).player == ben
    # Renamed again to someone new: no longer Ben.
    assert host.post(f"/t/{table.code}/seat/1/rename/", {"name": "Yvonne"}).status_code == 302
    assert not SeatPlayer.objects.filter(seat=seat).exists()
    assert host.post(f"/t/{table.code}/start/").status_code == 302
    second = play_in_host_mode(host, table, [6, 1, 6])
    first_seat, yvonne = players_of(second)
    assert first_seat == anna and yvonne.name == "Yvonne" and yvonne.pk != ben.pk


def test_a_rename_by_another_device_is_refused_and_links_nothing():
    host = Client()
    play_in_host_mode(host, host_table(host, ["Anna", "Ben"]), [6, 1, 6])
    table = host_table(Client(), ["X", "Y"], start=False)  # another device's table
    response = host.post(f"/t/{table.code}/seat/1/rename/", {"name": "Ben"})
    assert response.status_code in (403, 404)
    assert not SeatPlayer.objects.filter(seat__table=table).exists()


def test_a_phone_taking_a_known_player_takes_the_host_link_from_another_seat():
    """A player sits at a table once: the host named seat 0 "Anna"; Anna's own phone then
    joins on seat 1: seat 0 is no longer hers."""
    host = Client()
    first = play_in_host_mode(host, host_table(host, ["Anna", "Ben"]), [6, 1, 6])
    anna, _ben = players_of(first)
    table = host_table(host, ["Anna", "Player 2"], start=False)
    assert SeatPlayer.objects.get(seat__table=table, seat__index=0).player == anna
    take_as(table, 1, "Anna")  # Anna's phone (it remembers her) takes seat 1
    links = dict(SeatPlayer.objects.filter(seat__table=table).values_list("seat__index", "player"))
    assert links == {1: anna.pk}


@pytest.mark.parametrize("outsider", OUTSIDERS, ids=lambda f: f.__name__)
def test_an_outsider_hosting_in_host_mode_never_gets_another_groups_players(
    world,  # noqa: F811
    make_table,
    outsider,
):
    """A stranger, a spectator of group A's table, a phone of group B and a phone whose
    seat at A's table was freed: naming seats "Anna" and "Ben" reaches none of A's players,
    and A's group gains no one."""
    client = outsider(world, make_table)
    group = set(Player.objects.filter(group_key=world.anna.group_key).values_list("pk", flat=True))
    play = play_in_host_mode(client, host_table(client, ["Anna", "Ben"]), [6, 1, 6])
    assert {p.pk for p in players_of(play)}.isdisjoint({world.anna.pk, world.ben.pk})
    assert (
        set(Player.objects.filter(group_key=world.anna.group_key).values_list("pk", flat=True))
        == group
    )
