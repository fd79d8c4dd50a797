"""An entry sent again with its key, later, is applied once on every entry path (issue 24).

A phone that kept an entry while offline, or whose connection closed under it, sends the
very same form again (its idempotency key and the version it was made against), possibly
after other entries were made. The server must recognise it on each path, entries, host
mode, undo and corrections, and never apply it a second time nor refuse it as stale.
"""

from __future__ import annotations

import json
import uuid

import pytest

from companion.models import Table

pytestmark = pytest.mark.django_db(transaction=True)


def roll(phone, value, **kw):  # type: ignore[no-untyped-def]
    return phone.act({"type": "roll", "value": value}, **kw)


def counts(table: Table) -> dict[str, int]:
    return {kind: table.events.filter(kind=kind).count() for kind in ("action", "undo", "correct")}


def test_an_entry_resent_after_the_table_moved_on_is_recognised_not_refused(make_table, join):  # type: ignore[no-untyped-def]
    table, _host = make_table(target="10000")
    anna, ben = join(table, 0), join(table, 1)
    version = Table.objects.get(pk=table.pk).state_version
    assert roll(anna, 4, version=version, key="kept-1").status_code == 302
    assert roll(ben, 2).status_code == 302  # the table moves on
    again = roll(anna, 4, version=version, key="kept-1", htmx=True)
    assert again.status_code == 200
    page = again.content.decode()
    assert "already received" in page and "Someone else made an entry first" not in page
    table.refresh_from_db()
    assert table.state["points"] == [4, 2]
    assert counts(table) == {"action": 2, "undo": 0, "correct": 0}


def test_an_entry_that_ended_the_game_resent_is_recognised(make_table, join):  # type: ignore[no-untyped-def]
    table, _host = make_table(target="10")
    anna, ben = join(table, 0), join(table, 1)
    for phone, value in ((anna, 6), (ben, 1)):
        assert roll(phone, value).status_code == 302
    version = Table.objects.get(pk=table.pk).state_version
    assert roll(anna, 6, version=version, key="last").status_code == 302
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    again = roll(anna, 6, version=version, key="last", htmx=True)
    assert "already received" in again.content.decode()
    assert counts(Table.objects.get(pk=table.pk))["action"] == 3


def test_a_host_mode_entry_resent_is_applied_once(make_table):  # type: ignore[no-untyped-def]
    table, host = make_table(target="10000")
    form = {
        "action": json.dumps({"type": "roll", "value": 5}),
        "version": str(Table.objects.get(pk=table.pk).state_version),
        "idem": "host-kept",
        "host_mode": "1",
        "on_behalf": "0",
    }
    assert host.post(f"/t/{table.code}/act/", form).status_code == 302
    again = host.post(f"/t/{table.code}/act/", form, HTTP_HX_REQUEST="true")
    assert "already received" in again.content.decode()
    table.refresh_from_db()
    assert table.state["points"] == [5, 0]
    assert counts(table)["action"] == 1


def test_an_undo_resent_after_a_new_entry_undoes_nothing_more(make_table, join):  # type: ignore[no-untyped-def]
    table, _host = make_table(target="10000")
    anna = join(table, 0)
    assert roll(anna, 3).status_code == 302
    version = Table.objects.get(pk=table.pk).state_version
    undo = {"version": str(version), "idem": "undo-kept"}
    assert anna.client.post(f"/t/{table.code}/undo/", undo).status_code == 302
    assert roll(anna, 5).status_code == 302  # Anna enters again after the undo
    again = anna.client.post(f"/t/{table.code}/undo/", undo, HTTP_HX_REQUEST="true")
    assert again.status_code == 200 and "already received" in again.content.decode()
    table.refresh_from_db()
    assert table.state["points"] == [5, 0]  # the new entry stands
    assert counts(table) == {"action": 2, "undo": 1, "correct": 0}


def test_a_correction_resent_after_a_new_entry_is_applied_once(make_table, join):  # type: ignore[no-untyped-def]
    table, _host = make_table(target="10000")
    anna, ben = join(table, 0), join(table, 1)
    assert roll(anna, 3).status_code == 302
    first = table.events.get(kind="action").seq
    form = {
        "step": "apply",
        "f.value": "6",
        "version": str(Table.objects.get(pk=table.pk).state_version),
        "idem": uuid.uuid4().hex,
    }
    assert anna.client.post(f"/t/{table.code}/correct/{first}/", form).status_code == 302
    assert roll(ben, 2).status_code == 302
    again = anna.client.post(f"/t/{table.code}/correct/{first}/", form)
    assert again.status_code == 302  # back where the correction was started: nothing to redo
    table.refresh_from_db()
    assert table.state["points"] == [6, 2]
    assert counts(table) == {"action": 2, "undo": 0, "correct": 1}
