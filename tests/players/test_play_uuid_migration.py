"""Migration 0004 gives the plays already stored their uuid (issue 22).

A table's play gets the uuid the BG Stats export already wrote for it (derived from
the table's code), so a file exported before the migration is still recognised on
import; an imported play keeps its file's uuid.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from companion.players import play_ids

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("companion", "0003_players")]
AFTER = [("companion", "0004_play_uuid")]


def migrate(target: list[tuple[str, str]]):  # type: ignore[no-untyped-def]
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(target)
    return executor.loader.project_state(target).apps


@pytest.fixture(autouse=True)
def back_to_latest():  # type: ignore[no-untyped-def]
    """Later migrations (merged after this one) come back for the tests that follow."""
    yield
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    migrate(executor.loader.graph.leaf_nodes())


def test_existing_plays_get_their_uuids():
    old = migrate(BEFORE)
    Table = old.get_model("companion", "Table")
    Play = old.get_model("companion", "Play")
    when = datetime(2025, 10, 3, tzinfo=UTC)
    table = Table.objects.create(code="ABCDEF", game="babel", seed=1)
    Play.objects.create(game="babel", table=table, played_at=when, player_count=2)
    file_uuid = "0b5e7c1e-2a8f-4d1b-9a51-3c1f0d6e7a90"
    Play.objects.create(
        game="babel", source="bgstats", source_uuid=file_uuid, played_at=when, player_count=2
    )
    Play.objects.create(
        game="babel", source="bgstats", source_uuid="play-2", played_at=when, player_count=2
    )
    Play.objects.create(game="babel", source="bgstats", played_at=when, player_count=2)
    new = migrate(AFTER)
    uuids = list(
        new.get_model("companion", "Play").objects.order_by("pk").values_list("uuid", flat=True)
    )
    assert uuids[:3] == [
        play_ids.for_table("ABCDEF"),
        uuid.UUID(file_uuid),
        play_ids.for_import("play-2"),
    ]
    assert uuids[3] is not None and len(set(uuids)) == 4
    # the table's play is rebuilt on the next read, its start player from the engine
    assert new.get_model("companion", "Play").objects.get(table__code="ABCDEF").table_version == 0
