"""The entry log: version check, idempotency, undo, corrections, seat rights."""

from __future__ import annotations

import html
import json

import pytest

from companion.models import Event, Snapshot, Table
from companion.replay import LoggedEvent, effective_actions, fold
from companion.services import entries
from companion.services.errors import Forbidden, Refused, Stale

pytestmark = pytest.mark.django_db(transaction=True)


def roll(phone, value, **kw):
    return phone.act({"type": "roll", "value": value}, **kw)


def test_an_entry_is_one_event_and_updates_the_state(make_table, join):
    table, _host = make_table()
    anna = join(table, 0, "Anna")
    response = roll(anna, 4)
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.state["points"] == [4, 0]
    event = table.events.get(kind="action")
    assert (event.seat, event.payload["value"], event.payload["seat"]) == (0, 4, 0)
    assert isinstance(event.payload["seed"], int)
    assert table.state_version == event.seq == table.version


def test_a_form_made_before_another_entry_is_refused_with_the_fresh_state(make_table, join):
    table, _host = make_table()
    anna, ben = join(table, 0), join(table, 1)
    old_version = Table.objects.get(pk=table.pk).state_version
    assert roll(anna, 3, version=old_version).status_code == 302
    response = roll(ben, 5, version=old_version, htmx=True)
    assert response.status_code == 200  # htmx swaps the fresh state in
    assert "Someone else made an entry first" in response.content.decode()
    table.refresh_from_db()
    assert table.state["points"] == [3, 0]
    plain = roll(ben, 5, version=old_version)
    assert plain.status_code == 409


def test_a_double_tap_applies_once(make_table, join):
    table, _host = make_table()
    anna = join(table, 0)
    version = table.state_version
    first = roll(anna, 6, version=version, key="same-key")
    second = roll(anna, 6, version=version, key="same-key", htmx=True)
    assert first.status_code == 302 and second.status_code == 200
    assert "already received" in second.content.decode()
    table.refresh_from_db()
    assert table.state["points"] == [6, 0]
    assert table.events.filter(kind="action").count() == 1


def test_an_illegal_entry_changes_nothing_and_says_why(make_table, join):
    table, _host = make_table()
    anna = join(table, 0)
    before = Table.objects.get(pk=table.pk)
    response = roll(anna, 9, htmx=True)
    # The field is named by its label (issue 21), never by its key.
    assert "Roll: from 1 to 6." in response.content.decode()
    after = Table.objects.get(pk=table.pk)
    assert (after.state, after.version) == (before.state, before.version)


@pytest.mark.parametrize("payload", ["not json", "[1, 2]", '{"no": "type"}', '{"type": 5}'])
def test_malformed_entries_are_refused(make_table, join, payload):
    table, _host = make_table()
    anna = join(table, 0)
    response = anna.client.post(
        f"/t/{table.code}/act/",
        {"action": payload, "version": table.state_version, "idem": "k1"},
    )
    assert response.status_code == 400
    after = Table.objects.get(pk=table.pk)
    assert (after.state_version, after.state) == (table.state_version, table.state)


def test_a_seat_acts_only_for_itself_and_only_in_turn(make_table, join):
    table, _host = make_table()
    anna, ben = join(table, 0), join(table, 1)
    response = roll(ben, 2)
    assert response.status_code == 400
    # These phones joined after the start: the refusal names the seat as it is called now
    # (issue 23), not as the engine was dealt it.
    assert "not P1's turn" in html.unescape(response.content.decode())
    response = anna.act({"type": "roll", "value": 2}, on_behalf="1", host_mode="1")
    # Not a host: host_mode is ignored and the entry is Anna's own.
    assert response.status_code == 302
    assert Table.objects.get(pk=table.pk).state["points"] == [2, 0]


def test_strangers_and_spectators_cannot_act(make_table, client):
    table, _host = make_table()
    response = client.post(
        f"/t/{table.code}/act/",
        {"action": '{"type": "roll", "value": 3}', "version": table.state_version, "idem": "x"},
    )
    assert response.status_code == 403
    assert client.post(f"/t/{table.code}/undo/", {"version": 1, "idem": "y"}).status_code == 403
    assert client.post(f"/t/{table.code}/start/").status_code == 403
    assert client.post(f"/t/{table.code}/seat/0/free/").status_code == 403
    assert Table.objects.get(pk=table.pk).events.filter(kind="action").count() == 0


def test_forms_without_csrf_token_are_refused(make_table):
    from django.test import Client

    table, _host = make_table()
    strict = Client(enforce_csrf_checks=True)
    response = strict.post(f"/t/{table.code}/join/", {"seat": 0, "name": "X", "colour": "red"})
    assert response.status_code == 403


def test_the_host_enters_for_whoever_must_act(make_table):
    table, host = make_table()
    for expected_seat, value in [(0, 5), (1, 2)]:
        page = host.get(f"/t/{table.code}/host/")
        assert page.status_code == 200
        version = Table.objects.get(pk=table.pk).state_version
        response = host.post(
            f"/t/{table.code}/act/",
            {
                "action": json.dumps({"type": "roll", "value": value}),
                "version": version,
                "idem": f"h{expected_seat}",
                "host_mode": "1",
                "on_behalf": expected_seat,
            },
        )
        assert response.status_code == 302
    event = Table.objects.get(pk=table.pk).events.filter(kind="action").last()
    assert event.by_host and event.seat == 1
    assert Table.objects.get(pk=table.pk).state["points"] == [5, 2]


def test_undo_takes_back_the_last_entry_and_is_logged(make_table, join):
    table, host = make_table()
    anna, ben = join(table, 0), join(table, 1)
    roll(anna, 3)
    roll(ben, 4)
    # Anna cannot undo Ben's entry; Ben can.
    version = Table.objects.get(pk=table.pk).state_version
    assert (
        anna.client.post(f"/t/{table.code}/undo/", {"version": version, "idem": "u1"}).status_code
        == 403
    )
    assert (
        ben.client.post(f"/t/{table.code}/undo/", {"version": version, "idem": "u2"}).status_code
        == 302
    )
    table.refresh_from_db()
    assert table.state["points"] == [3, 0] and table.state["turn"] == 1
    assert list(table.events.values_list("kind", flat=True)).count("undo") == 1
    # The undone entry stays in the log, marked as undone in the history.
    page = host.get(f"/history/{table.code}/").content.decode()
    assert "undone" in page


def test_a_correction_replays_what_follows(make_table, join):
    table, _host = make_table()
    anna, ben = join(table, 0), join(table, 1)
    roll(anna, 3)
    roll(ben, 4)
    roll(anna, 1)
    first = table.events.filter(kind="action").order_by("seq").first()
    version = Table.objects.get(pk=table.pk).state_version
    response = anna.client.post(
        f"/t/{table.code}/correct/{first.seq}/",
        {"step": "apply", "f.value": "5", "version": version, "idem": "c1"},
    )
    assert response.status_code == 302, response.content.decode()
    table.refresh_from_db()
    assert table.state["points"] == [6, 4]
    correction = table.events.get(kind="correct")
    assert correction.target == first.seq and correction.payload["value"] == 5


def test_a_correction_that_makes_a_later_entry_illegal_is_refused(make_table, join):
    """Target 10: Anna rolls 5 and 1, Ben 4 and 2. Correcting Anna's 1 to 5 ends the game
    at her second roll, so Ben's later roll becomes impossible: the correction is refused."""
    table, _host = make_table()  # target 10
    anna, ben = join(table, 0), join(table, 1)
    roll(anna, 5)
    roll(ben, 4)
    roll(anna, 1)
    roll(ben, 2)
    anna_second = table.events.filter(kind="action").order_by("seq")[2]
    before = Table.objects.get(pk=table.pk)
    response = anna.client.post(
        f"/t/{table.code}/correct/{anna_second.seq}/",
        {"f.value": "5", "version": before.state_version, "idem": "c2"},
    )
    assert response.status_code == 400
    assert "impossible" in response.content.decode()
    after = Table.objects.get(pk=table.pk)
    assert (after.state, after.state_version) == (before.state, before.state_version)
    assert not after.events.filter(kind="correct").exists()


def test_corrections_only_change_physical_facts(make_table, join):
    table, _host = make_table()
    anna = join(table, 0)
    roll(anna, 3)
    first = table.events.get(kind="action")
    with pytest.raises(Refused):
        entries.correct_entry(
            table.code,
            entries.Actor(seat=0),
            target=first.seq,
            facts={"seat": 1},
            version=Table.objects.get(pk=table.pk).state_version,
            idempotency_key="c4",
        )


def test_the_cached_state_equals_a_replay_of_the_log(make_table, join):
    """Restart durability: everything can be rebuilt from the log alone."""
    table, _host = make_table(target="100")
    phones = [join(table, 0), join(table, 1)]
    for turn in range(60):
        table.refresh_from_db()
        if table.outcome:
            break
        phones[turn % 2].act({"type": "roll", "value": 1 + turn % 3})
    table.refresh_from_db()
    import games

    game = games.get("dice_race")
    events = [LoggedEvent(e.seq, e.kind, e.payload, e.target) for e in table.events.order_by("seq")]
    start = table.events.get(kind="start").payload
    replayed = fold(
        game,
        game.setup(start["players"], start["options"], start["seed"]),
        effective_actions(events),
    )
    assert replayed == table.state
    assert Snapshot.objects.filter(table=table).count() >= 2  # position 0 and every 25 entries


def test_undo_after_the_game_ended_reopens_it_only_for_the_host(make_table, join):
    table, host = make_table()
    anna, ben = join(table, 0), join(table, 1)
    roll(anna, 6)
    roll(ben, 1)
    roll(anna, 6)
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED and table.outcome["winners"] == [0]
    assert roll(ben, 3).status_code == 400  # the game is over
    version = table.state_version
    # The player who made the last entry no longer can: the game is locked.
    assert (
        anna.client.post(f"/t/{table.code}/undo/", {"version": version, "idem": "u"}).status_code
        == 403
    )
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    # The host in host mode first sees what the undo does, then confirms it.
    first = host.post(f"/t/{table.code}/undo/", {"version": version, "idem": "h", "host_mode": "1"})
    assert first.status_code == 302 and first["Location"].endswith("/undo/confirm/")
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    confirmation = host.get(first["Location"]).content.decode()
    assert "The game reopens: P0 is no longer the winner." in confirmation, confirmation[-1500:]
    done = host.post(
        f"/t/{table.code}/undo/",
        {"version": version, "idem": "h2", "host_mode": "1", "reopen": "1"},
    )
    assert done.status_code == 302
    table.refresh_from_db()
    assert table.status == Table.Status.RUNNING and table.outcome is None


def test_thinking_time_goes_to_the_seat_that_had_to_act(make_table, join):
    table, _host = make_table()
    anna = join(table, 0)
    Table.objects.filter(pk=table.pk).update(
        clock_since=table.clock_since - __import__("datetime").timedelta(seconds=30)
    )
    roll(anna, 2)
    table.refresh_from_db()
    assert table.clocks["0"] >= 30 and table.clocks["1"] == 0


def test_hidden_information_stays_on_its_owners_phone(make_table, join):
    table, _host = make_table()
    anna, ben = join(table, 0), join(table, 1)
    anna.act({"type": "note", "text": "secret-plan"})
    assert "secret-plan" in anna.page().content.decode()
    assert "secret-plan" not in ben.page().content.decode()
    assert "secret-plan" not in ben.client.get(f"/t/{table.code}/").content.decode()


def test_refusals_are_in_the_users_language(make_table, join):
    table, _host = make_table()
    anna = join(table, 0)
    anna.client.cookies["django_language"] = "cs"
    response = anna.client.post(
        f"/t/{table.code}/act/",
        {"action": '{"type": "roll", "value": 3}', "version": 999, "idem": "z"},
        HTTP_ACCEPT_LANGUAGE="cs",
    )
    assert response.status_code == 409
    assert "Někdo" in response.content.decode()


def test_services_refuse_stale_and_forbidden_directly(make_table, join):
    table, _host = make_table()
    with pytest.raises(Forbidden):
        entries.submit_action(
            table.code,
            entries.Actor(seat=None),
            version=table.state_version,
            idempotency_key="a",
            action={"type": "roll", "value": 1},
        )
    with pytest.raises(Stale):
        entries.submit_action(
            table.code,
            entries.Actor(seat=0),
            version=table.state_version + 5,
            idempotency_key="b",
            action={"type": "roll", "value": 1},
        )
    assert not Event.objects.filter(table=table, kind="action").exists()
