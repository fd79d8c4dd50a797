"""Every POST endpoint, driven with generated malformed bodies (issue 11).

Whatever a careless or hostile device on the network posts: never a 5xx, a refused
request changes nothing, and an entry's stored payload holds only the keys the engine's
offered choices send. Runs on SQLite, and on PostgreSQL when ``DATABASE_URL`` is set
(the PostgreSQL run of the suite), where a NUL byte or a NaN used to be a 500.
"""

from __future__ import annotations

import json
import uuid
from typing import Any

import hypothesis
import pytest
from django.test import Client
from hypothesis import HealthCheck, given
from hypothesis import strategies as st

from companion.models import Event, Seat, Table
from companion.ratelimit import Limit

pytestmark = pytest.mark.django_db

# What a hostile form may hold: text with control characters, deep JSON, numbers JSON
# cannot hold, huge counts, and actions carrying keys the engine never asked for.
NASTY_TEXT = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=30)
ACTIONS = st.fixed_dictionaries(
    {"type": st.sampled_from(["roll", "note", "nope", ""])},
    optional={
        "value": st.one_of(st.integers(-10, 10), NASTY_TEXT),
        "by_app": st.booleans(),
        "text": st.sampled_from(["plan", "bluff"]),
        "junk": NASTY_TEXT,
        "seat": st.integers(-3, 5),
        "seed": st.integers(),
    },
).map(json.dumps)
# The probes of the issue, and their kin: each used to be a 500 or a stored NaN.
CURATED = st.sampled_from(
    [
        "[" * 5000,
        '{"a":' * 3000,
        "[" * 50 + "]" * 50,
        "NaN",
        "Infinity",
        "-Infinity",
        "1e999",
        "99999999999999999999",
        "a\x00b",
        "\x00",
        "x\x1b[31m",
        "y" * 9000,
        '{"type": "roll", "value": 3, "junk": 1}',
        '{"type": "roll", "value": NaN}',
        "",
    ]
)
VALUES = st.one_of(CURATED, CURATED, CURATED, ACTIONS, NASTY_TEXT)
# What each endpoint reads (path, fields): the poison goes where it is read.
ENTRY_FIELDS = ["action", "f.value", "f.text", "f.junk", "m.value", "multi", "idem", "version"]
HOST_FIELDS = ["on_behalf", "host_mode"]
SEAT_FIELDS = ["seat", "name", "colour"]
ENDPOINTS = [
    ("/", ["game", "players", "name.0", "name.1", "opt.target"]),
    ("/t/{code}/act/", ENTRY_FIELDS + HOST_FIELDS),
    ("/t/{code}/undo/", ["idem", "version", *HOST_FIELDS]),
    ("/t/{code}/correct/2/", ["f.value", "m.value", "multi", "idem", "version"]),
    ("/t/{code}/start/", ["junk"]),
    ("/t/{code}/seat/1/free/", ["junk"]),
    ("/t/{code}/seat/0/rename/", ["name"]),
    ("/t/{code}/listing/", ["listed"]),
    ("/t/{code}/join/", SEAT_FIELDS),
    ("/t/{code}/s/1/{token}/", SEAT_FIELDS),
    ("/t/{code}/s/1/{token}x/", SEAT_FIELDS),
    ("/t/NOSUCH22/act/", ENTRY_FIELDS),
]
# A body that is mostly right with a few parts wrong reaches deeper than pure noise.
GOOD = {
    "action": '{"type": "roll"}',
    "f.value": "3",
    "seat": "1",
    "name": "Zoe",
    "colour": "purple",
    "game": "dice_race",
    "players": "2",
}


def poison_for(fields: list[str]) -> st.SearchStrategy[dict[str, str]]:
    return st.dictionaries(st.sampled_from(fields) | NASTY_TEXT, VALUES, min_size=1, max_size=3)


def snapshot() -> Any:
    """Everything a refused request must leave as it was."""
    return (
        list(
            Table.objects.order_by("pk").values_list(
                "pk", "status", "version", "state_version", "state", "listed"
            )
        ),
        list(
            Seat.objects.order_by("pk").values_list(
                "pk", "name", "colour", "device_token", "claim_token"
            )
        ),
        Event.objects.count(),
    )


@pytest.fixture
def lenient_limits(settings: Any) -> None:
    """The rate limits are tested on their own; here they would only hide the endpoints."""
    settings.COMPANION_RATE_LIMITS = {
        "miss": Limit("miss", 10**6, 60),
        "join": Limit("join", 10**6, 60),
    }


@pytest.fixture
def scene(make_table, join, lenient_limits) -> tuple[Table, Client, Client]:
    """A running game with entry 2 made (the correction form's target); shared by the examples.

    Accepted requests change it as they go (entries, a freed seat): the checks hold in
    every state the game reaches.
    """
    table, host = make_table()
    anna = join(table, 0, "Anna")
    anna.act({"type": "roll", "value": 2})
    return table, host, anna.client


@pytest.mark.parametrize("path,fields", ENDPOINTS)
@hypothesis.settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data(), half_good=st.booleans(), as_host=st.booleans(), htmx=st.booleans())
def test_malformed_posts_never_fail_and_refusals_change_nothing(
    scene, path, fields, data, half_good, as_host, htmx
):
    table, host, anna = scene
    poison = data.draw(poison_for(fields))
    table.refresh_from_db()
    client: Client = host if as_host else anna
    base = {**GOOD, "version": str(table.state_version), "idem": uuid.uuid4().hex}
    body = {**base, **poison} if half_good else poison
    before = snapshot()
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}

    token = Seat.objects.get(table=table, index=1).claim_token
    response = client.post(path.format(code=table.code, token=token), body, **headers)

    assert response.status_code < 500
    if response.status_code >= 400:
        assert snapshot() == before
    offered = {"type", "value", "by_app", "text", "seat", "seed"}  # dice_race's choices
    for payload in Event.objects.filter(kind__in=["action", "correct"]).values_list(
        "payload", flat=True
    ):
        assert set(payload) <= offered
        json.dumps(payload, allow_nan=False)  # no NaN or infinity in the log


def test_an_entry_keeps_only_the_keys_of_the_offered_choice(make_table, join):
    """The form's own keys (``junk``, ``f.extra``) never reach the stored payload."""
    table, _host = make_table()
    anna = join(table, 0)
    response = anna.act({"type": "roll", "value": 4, "junk": "x"}, **{"f.extra": "1"})
    assert response.status_code == 302
    payload = Event.objects.filter(table=table, kind="action").get().payload
    assert set(payload) == {"type", "value", "seat", "seed"}


def test_an_entry_type_the_seat_is_not_offered_is_refused(make_table, join):
    table, _host = make_table()
    anna = join(table, 0)
    response = anna.act({"type": "teleport"})
    assert response.status_code == 400
    assert "This entry is not offered now." in response.content.decode()
    assert not Event.objects.filter(table=table, kind="action").exists()
