"""Export (BG Stats, BoardGameGeek, CSV) and import of BG Stats plays, with round trips.

The sample file (data/sample.bgsplay) is written from the published field lists in
/work/shared/data/interop/README.md, with an unknown key and missing optional keys.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest

from companion.interop import bgstats
from companion.models import Play, Player, PlayResult, Table
from companion.players import results, stats
from companion.services.errors import Refused
from tests.players.helpers import import_through_pages, phone_of, played

pytestmark = pytest.mark.django_db(transaction=True)

SAMPLE = Path(__file__).parent / "data" / "sample.bgsplay"


def summary(play: Play) -> list[tuple]:
    return [
        (r.player.name, r.seat, r.score, r.rank, r.winner, play.start_seat == r.seat)
        for r in play.results.order_by("seat").select_related("player")
    ]


def test_a_finished_game_exports_as_a_bg_stats_file_with_the_published_fields(make_table, join):
    table, _host, phones = played(make_table, join, ["Anna", "Ben"], [6, 1, 6])
    data = phones[1].client.get(f"/plays/{table.code}/play.bgsplay").json()
    assert set(data) == {"players", "locations", "games", "plays"}
    (play,) = data["plays"]
    assert {
        "uuid",
        "playDate",
        "durationMin",
        "gameRefId",
        "locationRefId",
        "playerScores",
        "comments",
        "manualWinner",
        "ignored",
        "rounds",
        "board",
    } <= set(play)
    assert data["games"][0]["name"] == "Dice race"
    scores = {s["playerRefId"]: s for s in play["playerScores"]}
    names = {p["id"]: p["name"] for p in data["players"]}
    anna = next(s for ref, s in scores.items() if names[ref] == "Anna")
    assert anna == {
        **anna,
        "score": "12",
        "winner": True,
        "rank": 1,
        "seatOrder": 1,
        "startPlayer": True,
    }
    assert "Anna: Rolls 12" in play["comments"]  # the breakdown, readable


def test_bg_stats_export_and_import_round_trip(make_table, join):
    table, _host, phones = played(make_table, join, ["Anna", "Ben"], [1, 6, 1, 6])
    before = summary(results.ensure_play(table))
    exported = phones[0].client.get(f"/plays/{table.code}/play.bgsplay").content
    Table.objects.all().delete()  # the plays go with their tables
    assert not Play.objects.exists()
    group = Player.objects.get(name="Anna").group_key
    into = bgstats.Into(groups=frozenset({group}), home=group)  # as Anna's phone imports
    report = bgstats.import_file(exported, into)
    assert report.imported == 1
    # "Dice race" is a test game: the importer accepts every registered game by name.
    play = Play.objects.get()
    assert summary(play) == before
    assert Player.objects.filter(name="Anna").count() == 1  # matched, not duplicated
    again = bgstats.import_file(exported, into)
    assert (again.imported, again.duplicates) == (0, 1)


def test_importing_the_sample_file_counts_past_plays_in_the_statistics():
    client = phone_of(Player.objects.create(name="Dana"))
    response = import_through_pages(client, SAMPLE.open("rb"))
    assert "Imported plays: 2. Already imported: 0. Plays of other games: 1." in (
        response.content.decode()
    )
    anna = Player.objects.get(name="Anna")
    babylon = stats.player_stats(anna)["babylon"]
    assert (babylon.overall.plays, babylon.overall.wins, babylon.score.best) == (1, 1, 31)
    assert babylon.length.average == 45 * 60
    assert babylon.as_start.wins == 1
    # No ranks in the second play: ranked by the winner flag and the scores.
    storte = Play.objects.get(game="stortebeker")
    assert [(r.name, r.rank, r.seat) for r in storte.results.order_by("rank")] == [
        ("Ben", 1, 1),
        ("Anna", 2, 2),
        ("Cyril", 3, 0),
    ]
    assert storte.start_seat == 0  # Cyril, first in seat order
    assert client.get("/stats/babylon/").status_code == 200


@pytest.mark.parametrize(
    "content",
    [b"not json", b"[1, 2]", b'{"players": []}', b'{"plays": [{"gameRefId": 1, "playDate": "x"}]}'],
)
def test_a_file_that_is_not_a_play_file_is_refused_clearly(content):
    if content.startswith(b'{"plays"'):
        content = json.dumps(
            {
                "games": [{"id": 1, "name": "Babel"}],
                "plays": [
                    {"gameRefId": 1, "playDate": "yesterday", "playerScores": [{"score": "1"}]}
                ],
            }
        ).encode()
    with pytest.raises(Refused):
        bgstats.import_file(content, bgstats.Into(groups=None))
    assert not Play.objects.exists()


def test_the_import_page_refuses_a_bad_file_with_a_message():
    client = phone_of(Player.objects.create(name="Dana"))
    response = client.post("/players/import/", {"file": io.BytesIO(b"nope")})
    assert response.status_code == 400
    assert "not a BG Stats play file" in response.content.decode()


def test_a_bgg_play_record_has_the_published_fields(make_table, join, monkeypatch):
    monkeypatch.setenv("COMPANION_BGG_ID_DICE_RACE", "12345")
    table, _host, phones = played(make_table, join, ["Anna", "Ben"], [6, 1, 6])
    root = ET.fromstring(phones[0].client.get(f"/plays/{table.code}/bgg.xml").content)
    assert root.tag == "play"
    assert {"date", "quantity", "length", "incomplete", "nowinstats", "location"} <= set(
        root.attrib
    )
    item = root.find("item")
    assert item.get("objectid") == "12345" and item.get("name") == "Dice race"
    players = root.findall("players/player")
    assert [
        (p.get("name"), p.get("score"), p.get("win"), p.get("startposition"), p.get("color"))
        for p in players
    ] == [("Anna", "12", "1", "1", "red"), ("Ben", "1", "0", "", "blue")]
    assert set(players[0].attrib) == {
        "username",
        "userid",
        "name",
        "startposition",
        "color",
        "score",
        "new",
        "rating",
        "win",
    }
    assert "Anna: Rolls 12" in root.find("comments").text


def test_the_bgg_id_is_empty_until_someone_sets_it(make_table, join):
    table, host, _phones = played(make_table, join, ["Anna", "Ben"], [6, 1, 6])
    root = ET.fromstring(host.get(f"/plays/{table.code}/bgg.xml").content)
    assert root.find("item").get("objectid") == ""


def test_a_players_whole_history_as_csv(make_table, join):
    played(make_table, join, ["Anna", "Ben"], [6, 1, 6])
    played(make_table, join, ["Ben", "Anna"], [6, 2, 6])
    anna = Player.objects.get(name="Anna")
    response = phone_of(Player.objects.get(name="Ben")).get(f"/players/{anna.pk}/history.csv")
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert [
        (r["score"], r["winner"], r["seat"], r["start_player"], r["opponents"]) for r in rows
    ] == [("12", "1", "1", "1", "Ben"), ("2", "0", "2", "0", "Ben")]
    assert rows[0]["breakdown"] == "Rolls=12"
    assert PlayResult.objects.filter(player=anna).count() == 2


def test_exports_of_a_running_game_are_not_found(make_table, client):
    table, _ = make_table()
    assert client.get(f"/plays/{table.code}/play.bgsplay").status_code == 404
    assert client.get(f"/plays/{table.code}/bgg.xml").status_code == 404
