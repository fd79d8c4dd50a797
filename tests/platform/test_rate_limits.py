"""Guessing table codes and joining are limited per client, with a readable 429 page;
a broken or hung cache never blocks a request (issue 11).
"""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from django.core.cache import caches
from django.test import Client

from companion.cache_config import SOCKET_TIMEOUT, shared_cache
from companion.models import Seat
from companion.ratelimit import Limit
from tests.fixtures import free_port

pytestmark = pytest.mark.django_db


@pytest.fixture
def tight_limits(settings: Any) -> None:
    settings.COMPANION_RATE_LIMITS = {"miss": Limit("miss", 3, 60), "join": Limit("join", 2, 60)}


def test_a_client_guessing_codes_is_stopped_with_a_readable_page(tight_limits, make_table):
    table, _host = make_table()
    guesser = Client()
    for guess in ["AAAAAAAA", "BBBBBBBB", "CCCCCCCC"]:
        assert guesser.get(f"/t/{guess}/").status_code == 404
    response = guesser.get(f"/t/{table.code}/")  # even a right guess, now
    assert response.status_code == 429
    assert "Too many attempts" in response.content.decode()
    assert Client(REMOTE_ADDR="10.0.0.7").get(f"/t/{table.code}/").status_code == 200


def test_known_tables_do_not_count_as_guesses(tight_limits, make_table):
    table, host = make_table()
    for _ in range(10):
        assert host.get(f"/t/{table.code}/").status_code == 200


def test_wrong_seat_links_count_as_guesses(tight_limits, make_table):
    table, _host = make_table()
    guesser = Client()
    for attempt in range(3):
        assert guesser.get(f"/t/{table.code}/s/0/guess{attempt}/").status_code == 404
    token = Seat.objects.get(table=table, index=0).claim_token
    assert guesser.get(f"/t/{table.code}/s/0/{token}/").status_code == 429


def test_joins_are_limited_per_client(tight_limits, make_table):
    table, _host = make_table(players=3, start=False)
    phone = Client()
    bad = {"seat": 0, "name": "X", "colour": "nope"}  # refused: a colour not offered
    assert phone.post(f"/t/{table.code}/join/", bad).status_code == 400
    assert phone.post(f"/t/{table.code}/join/", bad).status_code == 400
    good = {"seat": 0, "name": "X", "colour": "red"}
    response = phone.post(f"/t/{table.code}/join/", good)
    assert response.status_code == 429
    assert Seat.objects.get(table=table, index=0).is_free


def test_the_429_page_is_in_the_users_language(tight_limits):
    guesser = Client()
    guesser.cookies["django_language"] = "cs"
    for guess in ["AAAAAAAA", "BBBBBBBB", "CCCCCCCC", "DDDDDDDD"]:
        response = guesser.get(f"/t/{guess}/")
    assert response.status_code == 429
    assert "Příliš mnoho pokusů" in response.content.decode()


# -- the shared cache ----------------------------------------------------------------------


def test_with_redis_the_limits_count_in_djangos_redis_cache_with_short_timeouts():
    config = shared_cache("redis://127.0.0.1:6379/14")["default"]
    assert config["BACKEND"] == "django.core.cache.backends.redis.RedisCache"
    assert config["OPTIONS"]["socket_timeout"] == SOCKET_TIMEOUT <= 0.25
    assert config["OPTIONS"]["socket_connect_timeout"] == SOCKET_TIMEOUT
    assert shared_cache("")["default"]["BACKEND"].endswith("LocMemCache")


@pytest.fixture
def hung_redis() -> Iterator[str]:
    """A server that accepts connections and never answers: a hung Redis."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", free_port()))
    listener.listen(16)
    accepted: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        listener.settimeout(0.1)
        while not stop.is_set():
            try:
                accepted.append(listener.accept()[0])
            except OSError:
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield f"redis://127.0.0.1:{listener.getsockname()[1]}/0"
    stop.set()
    thread.join()
    for connection in accepted:
        connection.close()
    listener.close()


@pytest.mark.parametrize("kind", ["hung", "down"])
def test_a_failing_cache_lets_requests_through(
    tight_limits, settings, make_table, hung_redis, kind
):
    table, _host = make_table(start=False)
    url = hung_redis if kind == "hung" else f"redis://127.0.0.1:{free_port()}/0"
    settings.CACHES = shared_cache(url)
    try:
        guesser = Client()
        for guess in ["AAAAAAAA", "BBBBBBBB", "CCCCCCCC", "DDDDDDDD"]:
            assert guesser.get(f"/t/{guess}/").status_code == 404  # never a 429 or a 500
        joining = {"seat": 0, "name": "Anna", "colour": "red"}
        assert guesser.post(f"/t/{table.code}/join/", joining).status_code == 302
    finally:
        caches["default"].close()


@pytest.mark.redis
def test_with_redis_every_process_counts_in_the_same_place(tight_limits, settings, redis_url):
    settings.CACHES = shared_cache(redis_url)
    try:
        caches["default"].clear()
        for guess in ["AAAAAAAA", "BBBBBBBB", "CCCCCCCC"]:
            assert Client().get(f"/t/{guess}/").status_code == 404
        # Another process sees the same count: here, a fresh connection to the same cache.
        caches["default"].close()
        assert Client().get("/t/DDDDDDDD/").status_code == 429
    finally:
        caches["default"].clear()
        caches["default"].close()


@pytest.mark.django_db(transaction=True)
def test_the_limits_hold_when_served_through_asgi(tight_limits):
    """The ASGI path (the way the app is served) runs the middleware's async side."""
    import asyncio

    from asgiref.sync import sync_to_async
    from django.db import connections
    from django.test import AsyncClient

    async def guesses() -> list[int]:
        client = AsyncClient()
        codes = [(await client.get(f"/t/{g * 8}/")).status_code for g in "ABCD"]
        await sync_to_async(connections.close_all)()  # the views' thread: leave no session
        return codes

    assert asyncio.run(guesses()) == [404, 404, 404, 429]
