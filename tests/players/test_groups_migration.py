"""Migration 0005 puts the players already stored into their groups (issue 22).

Players who sat at a play together, directly or through each other, are one group; a
merged player is in the group of the one it became; a player who never played is a
group of their own. Every play is in the group of its players.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("companion", "0004_play_uuid")]
AFTER = [("companion", "0005_player_groups")]


def migrate(target: list[tuple[str, str]]):  # type: ignore[no-untyped-def]
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(target)
    return executor.loader.project_state(target).apps


@pytest.fixture(autouse=True)
def back_to_latest():  # type: ignore[no-untyped-def]
    """Later migrations come back for the tests that follow."""
    yield
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    migrate(executor.loader.graph.leaf_nodes())


def test_existing_players_and_plays_get_their_groups():
    old = migrate(BEFORE)
    Player = old.get_model("companion", "Player")
    Play = old.get_model("companion", "Play")
    PlayResult = old.get_model("companion", "PlayResult")
    names = ["Anna", "Ben", "Cyril", "Dora", "Emil", "Anička", "Filip"]
    people = {name: Player.objects.create(name=name) for name in names}
    people["Anička"].merged_into = people["Emil"]  # merged, no play of her own left
    people["Anička"].save()
    when = datetime(2025, 10, 3, tzinfo=UTC)

    def play(*who: str):  # type: ignore[no-untyped-def]
        stored = Play.objects.create(game="babel", played_at=when, player_count=len(who))
        for seat, name in enumerate(who):
            PlayResult.objects.create(play=stored, player=people[name], seat=seat, name=name)
        return stored

    first, second = play("Cyril", "Ben"), play("Ben", "Anna")  # Anna–Ben–Cyril: one group
    third = play("Dora", "Emil")
    new = migrate(AFTER)
    keys = dict(new.get_model("companion", "Player").objects.values_list("name", "group_key"))
    plays = dict(new.get_model("companion", "Play").objects.values_list("pk", "group_key"))
    assert keys["Anna"] == keys["Ben"] == keys["Cyril"] == plays[first.pk] == plays[second.pk]
    assert keys["Dora"] == keys["Emil"] == keys["Anička"] == plays[third.pk]
    assert keys["Anna"] != keys["Dora"]
    assert keys["Filip"] == people["Filip"].pk  # never played: a group of one
    assert 0 not in keys.values()
