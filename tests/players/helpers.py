"""Finished dice-race tables for the players' tests."""

from __future__ import annotations

from django.test import Client

from companion.models import Player, Table
from companion.services.tables import COLOUR_KEYS
from tests.fixtures import Phone


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


def take_as(table: Table, index: int, name: str) -> Phone:
    """A phone joins as the known player ``name`` (as people pick themselves), else a new one."""
    known = Player.objects.filter(name=name, merged_into__isnull=True).first()
    client = Client()
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
