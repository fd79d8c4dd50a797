"""Plays built where the work belongs (issue 22): at a game's end and at upgrade time, never
a whole history inside a statistics request; statistics recounted only where they changed."""

from __future__ import annotations

import io

import pytest
from django.core.cache import cache
from django.core.management import call_command

from companion.models import Play, Player, Table
from companion.players import results, stats
from tests.players.helpers import finish, phone_of, played

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def builds(monkeypatch) -> list[int]:
    """The ids of the tables whose play gets built (``results.build_play`` still builds)."""
    built: list[int] = []
    build = results.build_play

    def counting(table: Table) -> Play:
        built.append(table.pk)
        return build(table)

    monkeypatch.setattr(results, "build_play", counting)
    return built


def as_after_migration_0004(delete_every: int = 2) -> None:
    """Every table's play stale (migration 0004's table_version 0), some missing."""
    Play.objects.filter(table__isnull=False).update(table_version=0)
    ids = list(Play.objects.order_by("pk").values_list("pk", flat=True))[::delete_every]
    Play.objects.filter(pk__in=ids).delete()


def test_a_finished_table_has_its_play_without_any_statistics_request(make_table, join):
    table, _host, _phones = played(make_table, join, ["Anna", "Ben"], [6, 1, 6])
    play = Play.objects.get(table=table)
    assert play.table_version == table.version
    assert sorted(play.results.values_list("name", "score")) == [("Anna", 12), ("Ben", 1)]
    anna, ben = Player.objects.get(name="Anna"), Player.objects.get(name="Ben")
    assert anna.group_key and anna.group_key == ben.group_key == play.group_key
    assert results.pending() == 0


def test_a_failure_building_the_play_never_refuses_the_games_last_entry(
    make_table, join, monkeypatch
):
    def broken(table: Table) -> Play:
        raise RuntimeError("the replay broke")

    monkeypatch.setattr(results, "build_play", broken)
    table, _host, _phones = played(make_table, join, ["Anna", "Ben"], [6, 1, 6])  # 302s
    assert table.status == Table.Status.FINISHED and table.scores[0]["total"] == 12
    assert not Play.objects.filter(table=table).exists()
    assert results.pending() == 1
    monkeypatch.undo()
    assert results.ensure_plays() == 1  # built later: a request's catch-up or the upgrade step
    assert results.pending() == 0


def test_a_request_builds_a_few_plays_at_most_and_says_how_many_are_left(make_table, join, builds):
    for _ in range(5):
        played(make_table, join, ["Anna", "Ben"], [6, 1, 6])
    anna = Player.objects.get(name="Anna")
    builds.clear()
    Play.objects.filter(table__isnull=False).update(table_version=0)  # as after migration 0004
    client = phone_of(anna)
    page = client.get(f"/players/{anna.pk}/").content.decode()
    assert len(builds) == results.CATCH_UP < 5
    assert f"Still counting {5 - results.CATCH_UP} plays" in page
    client.cookies["django_language"] = "cs"
    page = client.get("/stats/dice_race/").content.decode()
    assert len(builds) == 2 * results.CATCH_UP
    assert "Ještě se započítává 1 partie" in page
    client.cookies["django_language"] = "ru"
    page = client.get("/players/").content.decode()
    assert len(builds) == 5
    assert "counting" not in page and "подсчитыва" not in page  # all counted: no notice


def test_a_stranger_is_not_told_of_another_groups_plays_being_counted(
    make_table, join, monkeypatch
):
    played(make_table, join, ["Anna", "Ben"], [6, 1, 6])
    Play.objects.update(table_version=0)
    monkeypatch.setattr(results, "CATCH_UP", 0)  # the requests leave it to be counted
    anna = Player.objects.get(name="Anna")
    assert results.pending(frozenset()) == 0
    assert results.pending(frozenset({anna.group_key})) == 1
    cyril = Player.objects.create(name="Cyril", group_key=987654)
    assert "Still counting" not in phone_of(cyril).get("/players/").content.decode()
    assert "Still counting 1 play:" in phone_of(anna).get("/players/").content.decode()


def test_the_upgrade_step_builds_every_stale_and_missing_play(make_table, join, builds):
    tables = [played(make_table, join, ["Anna", "Ben"], [6, 1, 6])[0] for _ in range(5)]
    as_after_migration_0004()
    assert Play.objects.count() == 2 and results.pending() == 5
    builds.clear()
    out = io.StringIO()
    call_command("build_plays", stdout=out)
    assert sorted(builds) == sorted(t.pk for t in tables)
    assert results.pending() == 0
    assert all(p.table_version == p.table.version for p in Play.objects.select_related("table"))
    assert "Counted 5 games." in out.getvalue()
    builds.clear()
    call_command("build_plays", stdout=io.StringIO())
    assert builds == []  # nothing left: nothing replayed


def test_a_table_whose_play_cannot_be_built_does_not_stop_the_upgrade(
    make_table, join, monkeypatch
):
    tables = [played(make_table, join, ["Anna", "Ben"], [6, 1, 6])[0] for _ in range(3)]
    as_after_migration_0004(delete_every=1)
    build = results.build_play

    def broken_for_the_second(table: Table) -> Play:
        if table.pk == tables[1].pk:
            raise RuntimeError("an old log the engine refuses")
        return build(table)

    monkeypatch.setattr(results, "build_play", broken_for_the_second)
    assert results.build_stale() == 2
    assert list(results.stale_tables()) == [tables[1]]
    anna = Player.objects.get(name="Anna")
    page = phone_of(anna).get(f"/players/{anna.pk}/")  # its catch-up fails again: no 500
    assert page.status_code == 200 and "Still counting 1 play:" in page.content.decode()


def test_a_new_game_is_counted_alone_and_matches_a_count_from_scratch(
    make_table, join, monkeypatch
):
    played(make_table, join, ["Anna", "Ben"], [6, 1, 6])
    played(make_table, join, ["Ben", "Anna"], [6, 2, 6])
    anna = Player.objects.get(name="Anna")
    group = frozenset({anna.group_key})
    stats.player_stats(anna)
    stats.game_stats("dice_race", group)
    read = stats._results
    windows: list[int] = []

    def reading(*args, **kwargs):
        windows.append(kwargs.get("after", 0))
        return read(*args, **kwargs)

    monkeypatch.setattr(stats, "_results", reading)
    played(make_table, join, ["Anna", "Ben", "Cyril"], [1, 2, 3, 6, 6, 6, 1, 1, 4])
    anna.refresh_from_db()
    kept = (stats.player_stats(anna), stats.game_stats("dice_race", group))
    last = Play.objects.order_by("pk").values_list("pk", flat=True)
    assert windows == [last[1], last[1]]  # only the plays after the two counted
    cache.clear()
    fresh = (stats.player_stats(anna), stats.game_stats("dice_race", group))
    assert windows[2:] == [0, 0]
    assert kept == fresh
    assert fresh[0]["dice_race"].overall.plays == 3 and fresh[1].plays == 3


def test_a_correction_of_a_counted_play_counts_afresh(make_table, join):
    table, *_ = played(make_table, join, ["Anna", "Ben"], [6, 1, 6])
    anna = Player.objects.get(name="Anna")
    assert stats.player_stats(anna)["dice_race"].score.best == 12
    assert stats.game_stats("dice_race", None).plays == 1
    Table.objects.filter(pk=table.pk).update(
        version=table.version + 1,
        scores=[{"total": 5, "breakdown": {"Rolls": 5}}, {"total": 1, "breakdown": {}}],
    )
    results.ensure_plays()  # rebuilt: a new play in place of one already counted
    mine = stats.player_stats(anna)["dice_race"]
    assert (mine.overall.plays, mine.score.best) == (1, 5)
    assert stats.game_stats("dice_race", None).plays == 1


def test_a_game_reopened_after_its_end_no_longer_counts_until_it_ends_again(make_table, join):
    """An undo by the host after the end reopens the game: its play leaves the statistics,
    and the game's new end builds it again with the same id."""
    table, host, phones = played(make_table, join, ["Anna", "Ben"], [6, 1, 6])
    uuid = Play.objects.get(table=table).uuid
    table.refresh_from_db()
    undo = {"version": table.state_version, "idem": "reopen", "host_mode": "1", "reopen": "1"}
    assert host.post(f"/t/{table.code}/undo/", undo).status_code == 302
    table.refresh_from_db()
    assert table.status == Table.Status.RUNNING
    assert not Play.objects.filter(table=table).exists()
    anna = Player.objects.get(name="Anna")
    assert sum(game.overall.plays for game in stats.player_stats(anna).values()) == 0

    table = finish(table, phones[:1], [6])
    assert table.status == Table.Status.FINISHED
    assert Play.objects.get(table=table).uuid == uuid
