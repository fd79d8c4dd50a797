"""Finished dice-race tables for the players' tests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core import signing
from django.http import HttpResponse
from django.test import Client

from companion.interop import bgstats
from companion.models import Player, Table
from companion.players.registry import PLAYER_COOKIE
from companion.services.tables import COLOUR_KEYS
from tests.fixtures import Phone

SAMPLE = Path(__file__).parent / "data" / "sample.bgsplay"  # a BG Stats file (test_interop)


def finish(table: Table, phones, rolls: list[int]) -> Table:
    """Roll ``rolls`` in turn order until the game is over."""
    for turn, value in enumerate(rolls):
        response = phones[turn % len(phones)].act({"type": "roll", "value": value})
        assert response.status_code in (200, 302), response.content[:300]
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    return table


def played(make_table, join, names: list[str], rolls: list[int], **options: str):
    """A finished table where phones named ``names`` joined before the start."""
    table, host = make_table(players=len(names), start=False, **options)
    phones = [take_as(table, index, name) for index, name in enumerate(names)]
    assert host.post(f"/t/{table.code}/start/").status_code == 302
    return finish(table, phones, rolls), host, phones


def remembering(client: Client, player: Player) -> Client:
    """``client`` is a phone that remembers ``player`` (its signed cookie, as set on joining)."""
    client.cookies[PLAYER_COOKIE] = signing.get_cookie_signer(
        salt=PLAYER_COOKIE + PLAYER_COOKIE
    ).sign(str(player.pk))
    return client


def phone_of(player: Player) -> Client:
    """A new phone that remembers ``player``: a device of the player's group."""
    return remembering(Client(), player)


def into_group_of(player: Player) -> bgstats.Into:
    """An import as ``player``'s phone makes it: names matched in their group, newcomers in it."""
    player.refresh_from_db()
    return bgstats.Into(groups=frozenset({player.group_key}), home=player.group_key)


def take_as(table: Table, index: int, name: str) -> Phone:
    """A phone joins as the known player ``name`` (their own phone, which remembers them),
    else as a new player."""
    known = Player.objects.filter(name=name, merged_into__isnull=True).first()
    client = remembering(Client(), known) if known else Client()
    response = client.post(
        f"/t/{table.code}/join/",
        {
            "seat": index,
            "name": name,
            "player": known.pk if known else "new",
            "colour": COLOUR_KEYS[index],
        },
    )
    assert response.status_code == 302, response.content.decode()[:500]
    return Phone(client, table.code, index)


def import_through_pages(client: Client, upload: Any) -> HttpResponse:
    """Upload a play file as the import page does, then poll its job's page until done;
    the last poll's answer (its progress part, with the result)."""
    response = client.post("/players/import/", {"file": upload})
    assert response.status_code == 302, response.content.decode()[-500:]
    page = response["Location"]
    assert client.get(page).status_code == 200
    for _poll in range(10_000):
        response = client.post(page + "step/", HTTP_HX_REQUEST="true")
        assert response.status_code == 200
        if "hx-post" not in response.content.decode():
            return response
    raise AssertionError("the import never ended")


def big_file(count: int, names: tuple[str, str] = ("Anna", "Ben")) -> bytes:
    """A BG Stats file of ``count`` Babel plays of two players."""
    return json.dumps(
        {
            "players": [{"id": 1, "name": names[0]}, {"id": 2, "name": names[1]}],
            "games": [{"id": 1, "name": "Babel"}],
            "plays": [
                {
                    "uuid": f"big-{number}",
                    "playDate": f"2025-{1 + number // 28 % 12:02d}-{1 + number % 28:02d} 20:00",
                    "gameRefId": 1,
                    "playerScores": [
                        {"playerRefId": 1, "score": str(number % 17), "seatOrder": 1},
                        {"playerRefId": 2, "score": str(number % 13), "seatOrder": 2},
                    ],
                }
                for number in range(count)
            ],
        }
    ).encode()
