"""One person, one player; names by reference (issue 22).

The issue observed: "Every join that types a name creates a new player record: after five
games there were five "Petr", so each one's statistics are split. A case-only duplicate
("anna") is accepted. Hiding a player also hides her from her own phone, so her next join
creates another." and "After a rename, head-to-head and the CSV keep the old name; the
CSV's opponents name a player merged away; a game's result page keeps the old name while
its exports use the new one."
"""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from django.test import Client

from companion.models import Player
from companion.players import registry
from tests.players.helpers import phone_of, played

pytestmark = pytest.mark.django_db(transaction=True)

ASKED = "Is this you?"


def typed(client: Client, table: Any, name: str, seat: int = 1, **more: str) -> Any:
    """``client`` joins ``table`` typing ``name`` and leaving "a new player" picked."""
    data = {"seat": seat, "name": name, "player": "new", "colour": "blue", **more}
    return client.post(f"/t/{table.code}/join/", data)


def anna_sits(make_table: Any, anna: Player) -> Any:
    """A new table in the lobby where Anna's own phone took seat 0."""
    table, _host = make_table(players=2, start=False)
    data = {"seat": 0, "player": anna.pk, "colour": "red"}
    assert phone_of(anna).post(f"/t/{table.code}/join/", data).status_code == 302
    return table


def test_five_joins_as_petr_make_one_player(make_table, join):
    played(make_table, join, ["Anna", "Petr"], [6, 1, 6])
    anna, petr = Player.objects.get(name="Anna"), Player.objects.get(name="Petr")
    for _game in range(5):
        table = anna_sits(make_table, anna)
        phone = Client()  # a phone that does not remember him: a new one, cookies cleared
        question = typed(phone, table, "Petr")
        assert question.status_code == 200
        page = question.content.decode()
        assert ASKED in page and "Yes, I am Petr" in page and "No, a new player" in page
        assert Player.objects.filter(name="Petr").count() == 1  # nothing written yet
        answer = typed(phone, table, "Petr", player=str(petr.pk), asked="1")
        assert answer.status_code == 302, answer.content.decode()[:300]
        assert table.seats.get(index=1).player_link.player == petr
    assert Player.objects.filter(name__iexact="petr").count() == 1


def test_the_phones_own_player_is_asked_for_when_typed_again(make_table):
    table, _host = make_table(players=2, start=False)
    phone = Client()
    assert typed(phone, table, "Petr", seat=0).status_code == 302
    petr = Player.objects.get(name="Petr")
    other, _host = make_table(players=2, start=False)
    assert ASKED in typed(phone, other, "  petr ", seat=0).content.decode()
    answer = typed(phone, other, "  petr ", seat=0, player=str(petr.pk), asked="1")
    assert answer.status_code == 302
    assert other.seats.get(index=0).name == "Petr"  # the seat takes the player's own name
    assert Player.objects.filter(name__iexact="petr").count() == 1


def test_a_case_only_duplicate_is_not_made_by_accident(make_table, join):
    played(make_table, join, ["Anna", "Ben"], [6, 1, 6])
    ben = Player.objects.get(name="Ben")
    table = anna_sits(make_table, Player.objects.get(name="Anna"))
    phone = Client()
    page = typed(phone, table, "BEN").content.decode()
    assert ASKED in page and "Yes, I am Ben" in page
    assert not Player.objects.filter(name="BEN").exists()
    # "No, a new player": a second person of that name, said so on purpose.
    assert typed(phone, table, "BEN", asked="1").status_code == 302
    assert Player.objects.filter(name__iexact="ben").count() == 2
    assert Player.objects.get(name="BEN").pk != ben.pk


def test_accents_are_kept_when_names_are_compared(make_table, join):
    played(make_table, join, ["Anna", "Ben"], [6, 1, 6])
    table = anna_sits(make_table, Player.objects.get(name="Anna"))
    response = typed(Client(), table, "Bén")
    assert response.status_code == 302
    assert Player.objects.filter(name="Bén").exists()


def test_a_hidden_players_phone_rejoins_as_herself(make_table, join):
    played(make_table, join, ["Anna", "Ben"], [6, 1, 6])
    anna = Player.objects.get(name="Anna")
    anna.hidden = True
    anna.save()
    table, _host = make_table(players=2, start=False)
    phone = phone_of(anna)
    page = phone.get(f"/t/{table.code}/join/").content.decode()
    assert f'value="{anna.pk}" checked' in page
    data = {"seat": 0, "player": anna.pk, "colour": "red"}
    assert phone.post(f"/t/{table.code}/join/", data).status_code == 302
    assert table.seats.get(index=0).player_link.player == anna
    assert Player.objects.filter(name="Anna").count() == 1
    # Another phone of the group still cannot pick her: hidden is out of the lists.
    other, _host = make_table(players=2, start=False)
    ben = phone_of(Player.objects.get(name="Ben"))
    assert f'value="{anna.pk}"' not in ben.get(f"/t/{other.code}/join/").content.decode()
    assert ben.post(f"/t/{other.code}/join/", data).status_code == 400


def test_a_hidden_player_typing_her_name_on_her_phone_is_asked(make_table, join):
    played(make_table, join, ["Anna", "Ben"], [6, 1, 6])
    anna = Player.objects.get(name="Anna")
    anna.hidden = True
    anna.save()
    table, _host = make_table(players=2, start=False)
    phone = phone_of(anna)
    assert "Yes, I am Anna" in typed(phone, table, "anna", seat=0).content.decode()
    answer = typed(phone, table, "anna", seat=0, player=str(anna.pk), asked="1")
    assert answer.status_code == 302
    assert Player.objects.filter(name__iexact="anna").count() == 1


def renamed_world(make_table: Any, join: Any) -> tuple[Any, Client, Player, Player]:
    table, host, _phones = played(make_table, join, ["Anna", "Ben"], [6, 1, 6])
    anna, ben = Player.objects.get(name="Anna"), Player.objects.get(name="Ben")
    registry.update(ben, name="Benedikt", colour="", language="", hidden=False)
    return table, phone_of(anna), anna, ben


def test_after_a_rename_head_to_head_shows_the_new_name(make_table, join):
    _table, phone, anna, ben = renamed_world(make_table, join)
    page = phone.get(f"/players/{anna.pk}/").content.decode()
    assert f'<a href="/players/{ben.pk}/">Benedikt</a>' in page
    assert ">Ben<" not in page


def test_after_a_rename_the_csv_shows_the_new_names(make_table, join):
    _table, phone, anna, ben = renamed_world(make_table, join)
    registry.update(anna, name="Anička", colour="", language="", hidden=False)
    rows = list(
        csv.DictReader(io.StringIO(phone.get(f"/players/{anna.pk}/history.csv").content.decode()))
    )
    assert [(r["player"], r["opponents"]) for r in rows] == [("Anička", "Benedikt")]


def test_after_a_rename_the_result_page_shows_the_new_name(make_table, join):
    table, phone, _anna, ben = renamed_world(make_table, join)
    page = phone.get(f"/plays/{table.code}/").content.decode()
    assert f'<a href="/players/{ben.pk}/">Benedikt</a>' in page
    assert ">Ben<" not in page
    # Its exports, which already used the current name, agree with it.
    assert 'name="Benedikt"' in phone.get(f"/plays/{table.code}/bgg.xml").content.decode()


def test_the_csv_names_a_merged_away_opponent_as_the_player_kept(make_table, join):
    played(make_table, join, ["Anna", "Ben"], [6, 1, 6])
    played(make_table, join, ["Anna", "Benny"], [6, 1, 6])
    anna, ben = Player.objects.get(name="Anna"), Player.objects.get(name="Ben")
    registry.merge(Player.objects.get(name="Benny"), ben)
    rows = list(
        csv.DictReader(
            io.StringIO(phone_of(anna).get(f"/players/{anna.pk}/history.csv").content.decode())
        )
    )
    assert [r["opponents"] for r in rows] == ["Ben", "Ben"]
