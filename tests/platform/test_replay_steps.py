"""The History stepper: steps numbered as the log is, clocks as they stood at that step."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest

from companion.models import Event, Table
from companion.replay import LoggedEvent, TimedEvent, moment
from tests.engines.dice_race import GAME

T0 = datetime(2026, 1, 1, 20, 0, tzinfo=UTC)


def timed(seq, kind, payload, seconds, target=None):
    return TimedEvent(LoggedEvent(seq, kind, payload, target), T0 + timedelta(seconds=seconds))


def roll(seat, value):
    return {"type": "roll", "value": value, "seat": seat, "seed": 1}


def test_time_between_entries_goes_to_the_seat_that_had_to_act():
    state = GAME.setup(["Anna", "Dana"])
    events = [
        timed(2, "action", roll(0, 3), 10),  # Anna thought 10 s
        timed(3, "action", roll(1, 4), 25),  # Dana 15 s
        timed(4, "undo", {"undone": 3}, 30),  # Anna was to act: 5 s more for her
        timed(5, "action", roll(1, 2), 50),  # Dana again, 20 s
    ]
    after_two = moment(GAME, state, T0, events[:2], seat_count=2)
    assert after_two.clocks == [10.0, 15.0]
    assert after_two.state["points"] == [3, 4]
    assert after_two.running == [0] and after_two.applied == 2
    after_undo = moment(GAME, state, T0, events[:3], seat_count=2)
    assert after_undo.clocks == [15.0, 15.0]
    assert after_undo.state["points"] == [3, 0] and after_undo.applied == 1
    last = moment(GAME, state, T0, events, seat_count=2)
    assert last.clocks == [15.0, 35.0] and last.state["points"] == [3, 2]


def test_a_correction_replays_what_follows_at_that_step():
    state = GAME.setup(["Anna", "Dana"])
    events = [
        timed(2, "action", roll(0, 3), 1),
        timed(3, "action", roll(1, 4), 2),
        timed(4, "correct", roll(0, 6), 3, target=2),
    ]
    assert moment(GAME, state, T0, events, seat_count=2).state["points"] == [6, 4]
    assert moment(GAME, state, T0, events[:2], seat_count=2).state["points"] == [3, 4]


@pytest.mark.django_db(transaction=True)
def test_the_history_page_shows_the_clocks_at_the_chosen_log_entry(make_table, join, client):
    table, _host = make_table()
    anna, dana = join(table, 0, "Anna"), join(table, 1, "Dana")
    anna.act({"type": "roll", "value": 2})
    dana.act({"type": "roll", "value": 3})
    table.refresh_from_db()
    first, second = table.events.filter(kind="action").order_by("seq")
    # The times as the log holds them: Anna took 40 s, Dana 7 s.
    Table.objects.filter(pk=table.pk).update(started_at=T0)
    Event.objects.filter(pk=first.pk).update(created_at=T0 + timedelta(seconds=40))
    Event.objects.filter(pk=second.pk).update(created_at=T0 + timedelta(seconds=47))
    page = client.get(f"/history/{table.code}/?step={first.seq}").content.decode()
    assert f"After log entry {first.seq} of {table.version}" in page
    assert re.findall(r'data-seconds="([\d.]+)"', page) == ["40.0", "0.0"]
    page = client.get(f"/history/{table.code}/?step={second.seq}").content.decode()
    assert re.findall(r'data-seconds="([\d.]+)"', page) == ["40.0", "7.0"]
    shown = [part.split(">")[1].split("<")[0] for part in page.split('class="points"')[1:3]]
    assert shown == ["2", "3"]
