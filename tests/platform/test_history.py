"""History: every game is kept, listed, stepped through and exported."""

from __future__ import annotations

import pytest

import games
from companion.models import Table
from companion.replay import LoggedEvent, effective_actions, fold

pytestmark = pytest.mark.django_db(transaction=True)


def play_to_the_end(table, phones):
    values = iter([6, 1, 6])
    for turn in range(3):
        phones[turn % 2].act({"type": "roll", "value": next(values)})
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED


def test_history_lists_game_date_players_winner_scores_and_duration(make_table, join, client):
    table, _host = make_table(start=False)
    phones = [join(table, 0, "Anna"), join(table, 1, "Ben")]
    _host.post(f"/t/{table.code}/start/")
    play_to_the_end(table, phones)
    # The history lists the games this device played (a stranger's list: test_visibility).
    page = phones[0].client.get("/history/").content.decode()
    row = page[page.index(f'data-code="{table.code}"') :]
    row = row[: row.index("</tr>")]
    assert "Dice race" in row and "Anna, Ben" in row and "12 : 1" in row
    assert 'data-label="Winner">Anna</td>' in row  # the winner


def test_a_game_can_be_stepped_through_entry_by_entry(make_table, join, client):
    table, _host = make_table()
    phones = [join(table, 0), join(table, 1)]
    play_to_the_end(table, phones)
    # Steps are numbered as the log is: the seq of each entry (seat changes count too).
    seqs = list(table.events.filter(kind="action").order_by("seq").values_list("seq", flat=True))
    start = table.events.get(kind="start").seq
    expected = [(start, "0 0"), (seqs[0], "6 0"), (seqs[1], "6 1"), (seqs[2], "12 1")]
    for step, points in expected:
        page = client.get(f"/history/{table.code}/?step={step}").content.decode()
        shown = " ".join(
            part.split(">")[1].split("<")[0] for part in page.split('class="points"')[1:3]
        )
        assert shown == points, (step, shown)


def test_a_finished_game_exports_a_record_that_replays_to_the_same_result(make_table, join, client):
    table, _host = make_table()
    phones = [join(table, 0), join(table, 1)]
    assert client.get(f"/history/{table.code}/record.json").status_code == 404  # still running
    play_to_the_end(table, phones)
    record = client.get(f"/history/{table.code}/record.json").json()
    start = next(e for e in record["events"] if e["kind"] == "start")["payload"]
    game = games.get(record["game"])
    events = [LoggedEvent(e["seq"], e["kind"], e["payload"], e["target"]) for e in record["events"]]
    state = fold(
        game,
        game.setup(start["players"], start["options"], start["seed"]),
        effective_actions(events),
    )
    assert game.outcome(state) == record["outcome"]
    assert game.scores(state) == record["scores"]
