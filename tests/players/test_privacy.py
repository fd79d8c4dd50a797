"""Who sees and changes which players (issue 22; README, "Who sees what").

The issue observed: "With no cookie at all, anyone on the network can rename, hide or
recolour any player, merge any two (there is no unmerge and no confirmation), and import
plays" and "A stranger reads every player's name, statistics, ratings and CSV, and from
a player's page the codes of finished unlisted tables". Each outsider below (a stranger,
a spectator, a phone of another group, a phone whose seat was freed) reads and writes
every players' endpoint; a refused write changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from companion.models import Play, Player, PlayerMerge, PlayResult, SeatPlayer, Table
from companion.players import results
from tests.fixtures import Phone
from tests.players.helpers import SAMPLE, finish, import_through_pages, phone_of, played

pytestmark = pytest.mark.django_db(transaction=True)


@dataclass
class World:
    """Group A (Anna, Ben) finished a game; group B (Carl, Dora) another one."""

    table: Table  # group A's finished, unlisted table
    host: Client  # its host
    anna: Player
    ben: Player
    carl: Player
    other_table: Table  # group B's


@pytest.fixture
def world(make_table, join) -> World:
    table, host, _phones = played(make_table, join, ["Anna", "Ben"], [6, 1, 6])
    other, _h, _p = played(make_table, join, ["Carl", "Dora"], [6, 1, 6])
    results.ensure_plays()
    return World(
        table=table,
        host=host,
        anna=Player.objects.get(name="Anna"),
        ben=Player.objects.get(name="Ben"),
        carl=Player.objects.get(name="Carl"),
        other_table=other,
    )


def stranger(world: World, make_table: Any) -> Client:
    return Client()


def spectator(world: World, make_table: Any) -> Client:
    client = Client()
    table = world.table
    assert client.get(f"/t/{table.code}/watch/{table.watch_token}/").status_code == 200
    return client


def other_group(world: World, make_table: Any) -> Client:
    return phone_of(world.carl)


def freed_seat(world: World, make_table: Any) -> Client:
    """A phone that sat down beside Anna's phone, freed by the host before the game; Ben
    took the seat and the game was played to the end."""
    table, host = make_table(players=2, start=False)
    anna = phone_of(world.anna)
    data = {"seat": 0, "player": world.anna.pk, "colour": "red"}
    assert anna.post(f"/t/{table.code}/join/", data).status_code == 302
    freed = Client()
    response = freed.post(f"/t/{table.code}/join/", {"seat": 1, "name": "Xena", "colour": "blue"})
    assert response.status_code == 302
    assert host.post(f"/t/{table.code}/seat/1/free/").status_code in (200, 302)
    assert not SeatPlayer.objects.filter(seat__table=table, seat__index=1).exists()
    ben = phone_of(world.ben)
    data = {"seat": 1, "player": world.ben.pk, "colour": "green"}
    assert ben.post(f"/t/{table.code}/join/", data).status_code == 302
    assert host.post(f"/t/{table.code}/start/").status_code == 302
    finish(table, [Phone(anna, table.code, 0), Phone(ben, table.code, 1)], [6, 1, 6])
    results.ensure_plays()
    assert Player.objects.get(name="Xena").group_key != world.anna.group_key
    return freed


OUTSIDERS = [stranger, spectator, other_group, freed_seat]


def everything() -> tuple:
    """What a refused write must leave as it was."""
    return (
        list(Player.objects.order_by("pk").values_list()),
        list(PlayResult.objects.order_by("pk").values_list("pk", "player_id")),
        list(SeatPlayer.objects.order_by("pk").values_list()),
        Play.objects.count(),
        PlayerMerge.objects.count(),
        Table.objects.count(),
    )


def test_a_stranger_finds_no_player_and_no_table_code(world, make_table):
    client = Client()
    page = client.get("/players/").content.decode()
    assert "Anna" not in page and "Carl" not in page
    assert "Import plays" not in page
    stats = client.get("/stats/dice_race/").content.decode()
    assert "Anna" not in stats and 'class="plays">0<' in stats
    assert world.table.code not in page + stats


@pytest.mark.parametrize("outsider", OUTSIDERS, ids=lambda f: f.__name__)
def test_an_outsider_reads_nothing_of_another_groups_players(world, make_table, outsider):
    client = outsider(world, make_table)
    anna = world.anna.pk
    listing = client.get("/players/").content.decode()
    assert "Anna" not in listing and "Ben" not in listing
    stats = client.get("/stats/dice_race/").content.decode()
    assert "Anna" not in stats and world.table.code not in stats
    for path in (
        f"/players/{anna}/",
        f"/players/{anna}/history.csv",
        f"/players/{anna}/merge/?into={world.ben.pk}",
    ):
        assert client.get(path).status_code == 404, path
    # The play record of the table: only the table's own devices (its spectator) see it.
    for path in (
        f"/plays/{world.table.code}/",
        f"/plays/{world.table.code}/play.bgsplay",
        f"/plays/{world.table.code}/bgg.xml",
    ):
        expected = 200 if outsider is spectator else 404
        assert client.get(path).status_code == expected, path
    if outsider is spectator:  # the play page shows the names it watched, but no links on
        assert client.get(f"/players/{world.ben.pk}/").status_code == 404


@pytest.mark.parametrize("outsider", OUTSIDERS, ids=lambda f: f.__name__)
def test_an_outsider_changes_nothing(world, make_table, outsider):
    client = outsider(world, make_table)
    anna, ben = world.anna.pk, world.ben.pk
    merge = PlayerMerge.objects.create(source=world.ben, target=world.anna)  # one to undo
    before = everything()
    writes = [
        (f"/players/{anna}/edit/", {"name": "Mallory", "colour": "red", "hidden": "on"}),
        (f"/players/{anna}/merge/", {"into": ben}),
        (f"/players/{ben}/merge/", {"into": anna}),
        (f"/players/{anna}/unmerge/{merge.pk}/", {}),
        (f"/t/{world.table.code}/rematch/", {}),
    ]
    if outsider in (stranger, spectator):
        # A phone with a player of its own imports into its own group (a test below).
        writes.append(("/players/import/", {"file": SAMPLE.open("rb")}))
        assert client.get("/players/import/").status_code == 403
    for path, data in writes:
        assert client.post(path, data).status_code in (403, 404), path
    assert everything() == before


def test_another_groups_player_cannot_be_merged_into_ones_own(world):
    client = phone_of(world.carl)
    before = everything()
    response = client.post(f"/players/{world.carl.pk}/merge/", {"into": world.anna.pk})
    assert response.status_code == 404
    assert client.get(f"/players/{world.carl.pk}/merge/?into={world.anna.pk}").status_code == 404
    assert everything() == before


def test_a_phone_cannot_pick_another_groups_player_on_the_join_page(world, make_table):
    table, _host = make_table(start=False)
    phone = phone_of(world.carl)
    page = phone.get(f"/t/{table.code}/join/").content.decode()
    assert "Carl" in page and "Dora" in page and "Anna" not in page
    response = phone.post(f"/t/{table.code}/join/", {"seat": 0, "player": world.anna.pk})
    assert response.status_code == 404
    assert table.seats.get(index=0).is_free
    assert "player" not in response.cookies


def test_a_phone_of_the_group_sees_and_changes_its_groups_players(world):
    client = phone_of(world.ben)
    listing = client.get("/players/").content.decode()
    assert "Anna" in listing and "Ben" in listing and "Carl" not in listing
    assert "Import plays" in listing
    page = client.get(f"/players/{world.anna.pk}/").content.decode()
    assert f"/plays/{world.table.code}/" in page and "Change this player" in page
    assert client.get(f"/players/{world.anna.pk}/history.csv").status_code == 200
    assert client.get(f"/plays/{world.table.code}/").status_code == 200
    assert client.get(f"/plays/{world.other_table.code}/").status_code == 404
    stats = client.get("/stats/dice_race/").content.decode()
    assert 'class="plays">1<' in stats and "Anna" in stats and "Carl" not in stats
    response = client.post(f"/players/{world.anna.pk}/edit/", {"name": "Anička", "colour": "red"})
    assert response.status_code == 302
    world.anna.refresh_from_db()
    assert (world.anna.name, world.anna.colour) == ("Anička", "red")


def test_a_seated_phone_without_a_player_cookie_is_of_its_seats_group(world):
    """The seat cookie alone names the device's player (a phone that cleared one cookie)."""
    seat = world.table.seats.get(index=0)
    seat.device_token = "t" * 40
    seat.save(update_fields=["device_token"])
    client = Client()
    client.cookies[f"seat_{world.table.code}"] = seat.device_token
    assert client.get(f"/players/{world.ben.pk}/").status_code == 200
    fresh = Client()  # a guessed token
    fresh.cookies[f"seat_{world.table.code}"] = "u" * 40
    assert fresh.get(f"/players/{world.ben.pk}/").status_code == 404


def test_the_person_running_the_server_sees_and_changes_everyone(world):
    operator = Client()
    operator.force_login(User.objects.create_user("op", password="x", is_staff=True))
    listing = operator.get("/players/").content.decode()
    assert "Anna" in listing and "Carl" in listing
    assert operator.get(f"/players/{world.carl.pk}/").status_code == 200
    assert operator.get(f"/plays/{world.other_table.code}/").status_code == 200
    response = operator.post(f"/players/{world.carl.pk}/edit/", {"name": "Karel"})
    assert response.status_code == 302
    assert Player.objects.get(pk=world.carl.pk).name == "Karel"


def test_show_all_tables_shows_the_players_but_changes_none(world, settings):
    settings.SHOW_ALL_TABLES = True
    client = Client()
    assert "Anna" in client.get("/players/").content.decode()
    before = everything()
    response = client.post(f"/players/{world.anna.pk}/edit/", {"name": "Mallory"})
    assert response.status_code == 403
    assert everything() == before


def test_merge_asks_first_then_merges_and_can_be_undone(make_table, join):
    played(make_table, join, ["Anna", "Ben"], [6, 1, 6])
    played(make_table, join, ["Anička", "Ben"], [1, 6, 1, 6])
    results.ensure_plays()
    anna, anicka = Player.objects.get(name="Anna"), Player.objects.get(name="Anička")
    client = phone_of(Player.objects.get(name="Ben"))
    before = everything()
    confirm = client.get(f"/players/{anicka.pk}/merge/?into={anna.pk}")
    assert confirm.status_code == 200
    page = confirm.content.decode()
    assert "Anička: 1 play" in page and "Anna: 1 play" in page
    assert "Merge Anička into Anna" in page
    assert everything() == before  # asking changes nothing
    moved = set(PlayResult.objects.filter(player=anicka).values_list("pk", flat=True))
    assert client.post(f"/players/{anicka.pk}/merge/", {"into": anna.pk}).status_code == 302
    assert PlayResult.objects.filter(player=anna).count() == 2
    record = PlayerMerge.objects.get()
    page = client.get(f"/players/{anna.pk}/").content.decode()
    assert f"/players/{anna.pk}/unmerge/{record.pk}/" in page
    response = client.post(f"/players/{anna.pk}/unmerge/{record.pk}/")
    assert response.status_code == 302 and response["Location"] == f"/players/{anicka.pk}/"
    anicka.refresh_from_db()
    assert anicka.merged_into is None and not anicka.hidden
    assert set(PlayResult.objects.filter(player=anicka).values_list("pk", flat=True)) == moved
    assert SeatPlayer.objects.filter(player=anicka).count() == 1
    assert client.post(f"/players/{anna.pk}/unmerge/{record.pk}/").status_code == 400


def test_an_unmerge_finds_the_results_of_a_play_rebuilt_since_the_merge(make_table, join):
    table, host, _phones = played(make_table, join, ["Anička", "Ben"], [1, 6, 1, 6])
    played(make_table, join, ["Anna", "Ben"], [6, 1, 6])
    results.ensure_plays()
    anna, anicka = Player.objects.get(name="Anna"), Player.objects.get(name="Anička")
    client = phone_of(anna)
    assert client.post(f"/players/{anicka.pk}/merge/", {"into": anna.pk}).status_code == 302
    Table.objects.filter(pk=table.pk).update(version=table.version + 1)  # as a correction does
    results.ensure_plays()  # the play is rebuilt: new result rows, for Anna
    assert PlayResult.objects.filter(player=anna).count() == 2
    record = PlayerMerge.objects.get()
    assert client.post(f"/players/{anna.pk}/unmerge/{record.pk}/").status_code == 302
    assert PlayResult.objects.filter(player=anicka, play__table=table).count() == 1


def test_imported_players_join_the_importing_phones_group(world):
    client = phone_of(world.ben)
    import_through_pages(client, SAMPLE.open("rb"))
    assert Player.objects.filter(name="Anna").count() == 1  # matched in the group
    cyril = Player.objects.get(name="Cyril")
    assert cyril.group_key == world.anna.group_key
    assert phone_of(world.carl).get(f"/players/{cyril.pk}/").status_code == 404
    assert client.get(f"/players/{cyril.pk}/").status_code == 200


def test_another_groups_import_does_not_reach_this_groups_namesakes(world):
    client = phone_of(world.carl)
    import_through_pages(client, SAMPLE.open("rb"))
    annas = Player.objects.filter(name="Anna")
    assert annas.count() == 2  # a new Anna in Carl's group, Ben's Anna untouched
    assert PlayResult.objects.filter(player=world.anna).count() == 1
    assert {a.group_key for a in annas} == {world.anna.group_key, world.carl.group_key}


# The join's "Is this you?" step (issue 22) names known players only of the groups seated at
# the table (or of the phone's own player): an outsider typing a name learns nothing else.


@pytest.mark.parametrize("outsider", OUTSIDERS, ids=lambda f: f.__name__)
def test_an_outsider_typing_a_known_name_is_not_asked_about_another_group(
    world, make_table, outsider
):
    client = outsider(world, make_table)
    table, _host = make_table(players=3, start=False)
    carl = phone_of(world.carl)  # group B sits here: its players may be asked about, not A's
    data = {"seat": 0, "player": world.carl.pk, "colour": "red"}
    assert carl.post(f"/t/{table.code}/join/", data).status_code == 302
    response = client.post(
        f"/t/{table.code}/join/", {"seat": 1, "name": "anna", "player": "new", "colour": "blue"}
    )
    assert response.status_code == 302  # a new player, no question
    joined = table.seats.get(index=1).player_link.player
    assert joined.pk != world.anna.pk and joined.name == "anna"


@pytest.mark.parametrize("outsider", OUTSIDERS, ids=lambda f: f.__name__)
def test_an_outsider_cannot_answer_yes_for_another_groups_player(world, make_table, outsider):
    client = outsider(world, make_table)
    table, _host = make_table(players=2, start=False)
    before = everything()
    response = client.post(
        f"/t/{table.code}/join/",
        {"seat": 0, "name": "Anna", "player": world.anna.pk, "colour": "red", "asked": "1"},
    )
    assert response.status_code == 404
    assert "Anna" not in response.content.decode()
    assert everything() == before
    assert table.seats.get(index=0).is_free


def test_a_stranger_is_asked_only_about_the_groups_seated_at_the_table(world, make_table):
    """Anna sits here: Ben (her group) may be this stranger; Carl (group B) is not named."""
    table, _host = make_table(players=3, start=False)
    data = {"seat": 0, "player": world.anna.pk, "colour": "red"}
    assert phone_of(world.anna).post(f"/t/{table.code}/join/", data).status_code == 302
    stranger = Client()
    asked = stranger.post(
        f"/t/{table.code}/join/", {"seat": 1, "name": "ben", "player": "new", "colour": "blue"}
    )
    assert asked.status_code == 200 and "Yes, I am Ben" in asked.content.decode()
    not_asked = Client().post(
        f"/t/{table.code}/join/", {"seat": 2, "name": "Carl", "player": "new", "colour": "green"}
    )
    assert not_asked.status_code == 302
    assert table.seats.get(index=2).player_link.player.pk != world.carl.pk
    # Yes: the stranger is Ben from now on (the seat, the cookie, his group).
    answer = stranger.post(
        f"/t/{table.code}/join/",
        {"seat": 1, "name": "ben", "player": world.ben.pk, "colour": "blue", "asked": "1"},
    )
    assert answer.status_code == 302
    assert table.seats.get(index=1).player_link.player == world.ben
