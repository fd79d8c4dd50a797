"""Bad input at the edge (issue 11): each probe of the issue is refused, in the user's
language, and changes nothing. Runs on SQLite and, with ``DATABASE_URL``, on PostgreSQL.
"""

from __future__ import annotations

import json
import uuid
from typing import Any

import pytest

from companion.models import Event, Seat, Table
from companion.services.errors import Refused
from companion.validation import check_post, json_depth, parse_json

pytestmark = pytest.mark.django_db


def state_of(table: Table) -> Any:
    table.refresh_from_db()
    seats = list(table.seats.order_by("index").values_list("name", "colour", "device_token"))
    return table.version, table.state_version, table.state, seats, table.events.count()


def entry(version: int, **extra: str) -> dict[str, str]:
    return {
        "action": '{"type": "roll"}',
        "version": str(version),
        "idem": uuid.uuid4().hex,
        **extra,
    }


# -- the parser --------------------------------------------------------------------------


def test_json_depth_counts_nesting_and_skips_strings():
    assert json_depth('{"a": [1, {"b": 2}]}') == 3
    assert json_depth('"[[[[[["') == 0
    assert json_depth('["\\"[[", []]') == 2
    assert json_depth("[" * 5000) == 5000


@pytest.mark.parametrize(
    "raw",
    ["[" * 5000, '{"a":' * 3000, "NaN", "[Infinity]", "-Infinity", "1e999", "9" * 20, "[1e400]"],
)
def test_parse_json_refuses_deep_nesting_and_numbers_json_cannot_hold(raw):
    with pytest.raises(ValueError):
        parse_json(raw)


def test_parse_json_reads_ordinary_entries():
    assert parse_json('{"type": "roll", "value": 3, "cards": ["a", "b"], "x": 1.5}') == {
        "type": "roll",
        "value": 3,
        "cards": ["a", "b"],
        "x": 1.5,
    }


# -- the probes of the issue, endpoint by endpoint ----------------------------------------


@pytest.mark.parametrize(
    "extra",
    [
        {"action": "[" * 5000},
        {"action": '{"a":' * 3000},
        {"f.value": "[" * 5000},
        {"f.value": '{"a":' * 3000},
        {"m.value": "[" * 5000},
        {"idem": "key\x00"},
        {"f.value": "3\x00"},
        {"action": '{"type": "roll", "value": NaN}'},
    ],
)
def test_malformed_entries_are_refused_and_change_nothing(make_table, join, extra):
    table, _host = make_table()
    anna = join(table, 0)
    before = state_of(table)
    response = anna.client.post(f"/t/{table.code}/act/", entry(table.state_version) | extra)
    assert response.status_code == 400
    assert state_of(table) == before


def test_nan_in_a_field_never_reaches_the_log(make_table, join):
    """``f.value=NaN`` is text, not a number: the engine refuses it, the log holds no NaN."""
    table, _host = make_table()
    anna = join(table, 0)
    response = anna.client.post(
        f"/t/{table.code}/act/", entry(table.state_version, **{"f.value": "NaN"})
    )
    assert response.status_code == 400
    for payload in Event.objects.values_list("payload", flat=True):
        json.dumps(payload, allow_nan=False)


def test_a_nul_byte_in_a_seat_name_on_the_home_page_is_refused(client):
    response = client.post("/", {"game": "dice_race", "players": "2", "name.0": "An\x00na"})
    assert response.status_code == 400
    assert not Table.objects.exists()


def test_a_huge_player_count_is_refused_before_anything_is_built(client):
    for count in ["99999999999999999999", "999999999", "-1", "6"]:
        response = client.post("/", {"game": "dice_race", "players": count})
        assert response.status_code == 400
    assert not Table.objects.exists()


def test_a_nul_byte_in_a_join_name_or_a_rename_is_refused(make_table):
    table, host = make_table(start=False)
    before = state_of(table)
    joining = host.post(f"/t/{table.code}/join/", {"seat": "0", "name": "Z\x00", "colour": "red"})
    renaming = host.post(f"/t/{table.code}/seat/0/rename/", {"name": "Z\x00"})
    assert (joining.status_code, renaming.status_code) == (400, 400)
    assert state_of(table) == before


def test_a_nul_byte_in_a_table_address_is_a_plain_404(client):
    assert client.get("/t/AB%00CD/").status_code == 404
    assert client.post("/t/AB%00CD/act/", {}).status_code == 404


def test_a_form_too_large_is_refused(make_table, join):
    table, _host = make_table()
    anna = join(table, 0)
    before = state_of(table)
    response = anna.client.post(
        f"/t/{table.code}/act/", entry(table.state_version, **{"f.text": "x" * 9000})
    )
    assert response.status_code == 400
    assert state_of(table) == before


def test_a_correction_with_deep_json_is_refused(make_table, join):
    table, _host = make_table()
    anna = join(table, 0)
    anna.act({"type": "roll", "value": 2})
    seq = Event.objects.get(table=table, kind="action").seq
    before = state_of(table)
    response = anna.client.post(
        f"/t/{table.code}/correct/{seq}/",
        {"f.value": "[" * 5000, "version": str(before[1]), "idem": "c1"},
    )
    assert response.status_code == 400
    assert state_of(table) == before


@pytest.mark.parametrize(
    "language,text",
    [
        ("cs", "Tento formulář obsahuje znaky, které nelze uložit."),
        ("ru", "В этой форме есть символы, которые нельзя сохранить."),
        ("en", "This form holds characters that cannot be stored."),
    ],
)
def test_refusals_are_in_the_users_language(make_table, language, text):
    table, host = make_table(start=False)
    host.cookies["django_language"] = language
    response = host.post(f"/t/{table.code}/seat/0/rename/", {"name": "Z\x00"})
    assert text in response.content.decode()
    assert Seat.objects.get(table=table, index=0).name != "Z\x00"


@pytest.mark.django_db(transaction=True)
def test_the_edge_checks_hold_when_served_through_asgi():
    import asyncio

    from asgiref.sync import sync_to_async
    from django.db import connections
    from django.test import AsyncClient

    async def post() -> int:
        response = await AsyncClient().post("/", {"game": "dice_race", "name.0": "\x00"})
        await sync_to_async(connections.close_all)()  # the views' thread: leave no session
        return response.status_code

    assert asyncio.run(post()) == 400
    assert not Table.objects.exists()


def test_long_text_is_left_to_the_field_that_reads_it():
    """A large value (an admin editing a game state) passes the edge; a NUL never does."""
    check_post([("state", ['{"cards": "' + "x" * 50_000 + '"}'])])
    with pytest.raises(Refused):
        check_post([("state", ["x" * 50_000 + "\x00"])])


def test_a_body_larger_than_django_reads_is_refused_not_a_500(client):
    response = client.post("/", {"game": "dice_race", "name.0": "x" * 3_000_000})
    assert response.status_code == 400
    assert not Table.objects.exists()
