"""Issue 22: exports other apps accept, re-imports that change nothing, imports that
never hurt, and CSV cells a spreadsheet cannot run.

Observed: importing the app's own BG Stats export of a game it held added the game
again (3 → 4 plays, an extra win); a file play without a uuid was added on every
re-import; exports had no BGG id, no play id, ``newPlayer`` always false and the seat
number as BGG's start position; imported plays showed "0:00" thinking time; hostile
files answered 500; a player named ``=cmd|' /C calc'!A0`` went into another player's
CSV as a formula.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest

from companion.interop import bgstats
from companion.interop.common import bgg_id
from companion.models import Play, Player, PlayResult, Table
from companion.players import play_ids, results, stats
from tests.players.helpers import import_through_pages, into_group_of, phone_of, played

pytestmark = pytest.mark.django_db(transaction=True)

SAMPLE = Path(__file__).parent / "data" / "sample.bgsplay"
EVERYONE = bgstats.Into(groups=None)  # as the person running the server imports


@pytest.fixture
def importer():
    """A phone with a player of its own: it may import (README: who sees what)."""
    return phone_of(Player.objects.create(name="Dana"))


def export(client, table: Table) -> bytes:
    return client.get(f"/plays/{table.code}/play.bgsplay").content


def upload(client, content: bytes):
    return client.post("/players/import/", {"file": io.BytesIO(content)})


def test_importing_the_apps_own_export_of_a_held_game_changes_nothing(make_table, join):
    for rolls in ([6, 1, 6], [1, 6, 1, 6], [6, 2, 6]):
        played(make_table, join, ["Anna", "Ben"], rolls)
    results.ensure_plays()
    anna = Player.objects.get(name="Anna")
    before = stats.player_stats(anna)["dice_race"].overall
    assert (before.plays, before.wins) == (3, 2)
    for table in Table.objects.all():
        report = bgstats.import_file(export(phone_of(anna), table), into_group_of(anna))
        assert (report.imported, report.duplicates) == (0, 1)
    after = stats.player_stats(anna)["dice_race"].overall
    assert (after.plays, after.wins) == (3, 2)  # was 4 plays and an extra win
    assert Play.objects.count() == 3


def test_a_tables_play_keeps_its_uuid_when_rebuilt_after_a_correction(make_table, join):
    table, client, _phones = played(make_table, join, ["Anna", "Ben"], [6, 1, 6])
    first = results.ensure_play(table)
    assert first.uuid == play_ids.for_table(table.code)
    Table.objects.filter(pk=table.pk).update(version=table.version + 1)
    results.ensure_plays()
    rebuilt = Play.objects.get(table=table)
    assert rebuilt.pk != first.pk and rebuilt.uuid == first.uuid
    assert json.loads(export(client, table))["plays"][0]["uuid"] == str(first.uuid)


def test_a_file_play_without_a_uuid_is_imported_once():
    data = json.loads(SAMPLE.read_text())
    for play in data["plays"]:
        del play["uuid"]
    raw = json.dumps(data).encode()
    assert bgstats.import_file(raw, EVERYONE).imported == 2
    again = bgstats.import_file(raw, EVERYONE)
    assert (again.imported, again.duplicates) == (0, 2)
    assert Play.objects.count() == 2


def test_bg_stats_round_trip_keeps_uuid_start_player_and_newcomers(make_table, join):
    played(make_table, join, ["Anna", "Ben"], [6, 1, 6])
    second, client, _phones = played(make_table, join, ["Ben", "Anna", "Cyril"], [6, 2, 1, 6])
    data = json.loads(export(client, second))
    (play,) = data["plays"]
    assert play["id"] == 1 and play["uuid"] == str(play_ids.for_table(second.code))
    names = {p["id"]: p["name"] for p in data["players"]}
    assert [
        (names[s["playerRefId"]], s["startPlayer"], s["newPlayer"]) for s in play["playerScores"]
    ] == [("Ben", True, False), ("Anna", False, False), ("Cyril", False, True)]
    Table.objects.all().delete()
    ben = into_group_of(Player.objects.get(name="Ben"))
    assert bgstats.import_file(json.dumps(data), ben).imported == 1
    imported = Play.objects.get()
    assert str(imported.uuid) == play["uuid"] and imported.start_seat == 0
    assert bgstats.import_file(json.dumps(data), ben).duplicates == 1
    again = bgstats.export_play(imported)["plays"][0]
    assert again["uuid"] == play["uuid"]
    assert [s["startPlayer"] for s in again["playerScores"]] == [True, False, False]


def test_bgg_record_names_the_start_player_and_first_plays(make_table, join):
    played(make_table, join, ["Anna", "Ben"], [6, 1, 6])
    second, client, _phones = played(make_table, join, ["Ben", "Cyril"], [6, 2, 6])
    root = ET.fromstring(client.get(f"/plays/{second.code}/bgg.xml").content)
    assert [
        (p.get("name"), p.get("startposition"), p.get("new"))
        for p in root.findall("players/player")
    ] == [("Ben", "1", "0"), ("Cyril", "", "1")]


def test_the_confirmed_bgg_ids_are_known_and_stortebeker_stays_unknown(monkeypatch):
    """Only ids a public source confirmed (companion/players/README.md) are built in."""
    assert [bgg_id(slug) for slug in ("babel", "babylon", "wallenstein")] == [986, 418354, 3307]
    assert bgg_id("stortebeker") is None
    monkeypatch.setenv("COMPANION_BGG_ID_BABEL", "4242")
    assert bgg_id("babel") == 4242
    monkeypatch.setenv("COMPANION_BGG_ID_STORTEBEKER", "777")
    assert bgg_id("stortebeker") == 777


def test_an_imported_play_shows_unknown_times_not_zero():
    data = json.loads(SAMPLE.read_text())
    bgstats.import_file(json.dumps(data), EVERYONE)
    client = phone_of(Player.objects.get(name="Anna"))
    storte = Play.objects.get(game="stortebeker")  # no durationMin in the file
    assert storte.duration_s is None
    assert all(r.thinking_s is None for r in storte.results.all())
    page = client.get(f"/plays/{storte.pk}/").content.decode()
    assert "0:00" not in page
    exported = bgstats.export_play(storte)["plays"][0]
    assert "durationMin" not in exported  # unknown, not 0 minutes
    anna = Player.objects.get(name="Anna")
    row = next(
        csv.DictReader(io.StringIO(client.get(f"/players/{anna.pk}/history.csv").content.decode()))
    )
    assert (row["minutes"], row["thinking_minutes"]) == ("45", "")


def _sample() -> dict:
    return json.loads(SAMPLE.read_text())


def _hostile(kind: str) -> bytes:
    data = _sample()
    plays = data["plays"]
    if kind == "deep":
        return b'{"plays": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    if kind == "scores_number":
        plays[1]["playerScores"] = 5
    elif kind == "game_ref_list":
        plays[1]["gameRefId"] = [1]
    elif kind == "infinity":
        return json.dumps(data).replace('"score": "18"', '"score": Infinity').encode()
    elif kind == "infinity_text":
        plays[1]["playerScores"][0]["score"] = "Infinity"
    elif kind == "overflow":
        return json.dumps(data).replace('"score": "18"', '"score": 1e999').encode()
    elif kind == "huge":
        plays[1]["playerScores"][0]["score"] = 1e30
    elif kind == "surrogate":
        return json.dumps(data).replace('"Cyril"', '"Cyr\\ud800il"').encode()
    elif kind == "nul":
        data["players"][2]["name"] = "Cyr\u0000il"
    return json.dumps(data).encode()


@pytest.mark.parametrize(
    "kind",
    [
        "deep",
        "scores_number",
        "game_ref_list",
        "infinity",
        "infinity_text",
        "overflow",
        "huge",
        "surrogate",
        "nul",
    ],
)
def test_a_hostile_file_is_refused_with_a_message_and_changes_nothing(importer, kind):
    """The first play of the file is good: nothing of it may be written either."""
    players = Player.objects.count()
    response = upload(importer, _hostile(kind))
    assert response.status_code == 400
    body = response.content.decode()
    assert any(
        clear in body
        for clear in ("not a BG Stats play file", "The play file", "nests its data too deeply")
    ), body[-800:]
    assert not Play.objects.exists() and not PlayResult.objects.exists()
    assert Player.objects.count() == players


def test_a_hostile_file_refusal_is_in_the_users_language(importer):
    response = importer.post(
        "/players/import/",
        {"file": io.BytesIO(_hostile("scores_number"))},
        HTTP_ACCEPT_LANGUAGE="cs",
    )
    assert response.status_code == 400
    assert "playerScores" in response.content.decode()
    assert "The play file" not in response.content.decode()


def test_a_good_file_still_imports_after_the_checks(importer):
    response = import_through_pages(importer, io.BytesIO(json.dumps(_sample()).encode()))
    assert "Imported plays: 2." in response.content.decode()
    assert Play.objects.count() == 2


@pytest.mark.parametrize("name", ["=cmd|' /C calc'!A0", "+1+1", "-2+3", "@SUM(A1)"])
def test_a_formula_name_is_neutralised_in_other_players_csv(make_table, join, name):
    played(make_table, join, ["Anna", name], [6, 1, 6])
    anna = Player.objects.get(name="Anna")
    client = phone_of(anna)
    (row,) = csv.DictReader(
        io.StringIO(client.get(f"/players/{anna.pk}/history.csv").content.decode())
    )
    assert row["opponents"] == "'" + name
    evil = Player.objects.get(name=name)
    (own,) = csv.reader(
        io.StringIO(
            client.get(f"/players/{evil.pk}/history.csv").content.decode().split("\r\n", 1)[1]
        )
    )
    assert all(not cell.startswith(("=", "+", "-", "@", "\t", "\r")) for cell in own)


def test_every_owasp_formula_start_is_neutralised_and_numbers_stay_numbers():
    """OWASP (CSV Injection): cells starting with = + - @, tab or carriage return.
    The join form strips a name's tab and CR, so those two are checked on the cell."""
    from companion.interop.csvexport import safe_cell

    for start in ("=", "+", "-", "@", "\t", "\r"):
        assert safe_cell(start + "1") == "'" + start + "1"
    assert safe_cell(-3) == -3 and safe_cell("Anna") == "Anna"
