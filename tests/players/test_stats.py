"""Statistics pages per player and per game, read from the stored results and the log."""

from __future__ import annotations

import threading
from datetime import UTC, datetime

import pytest
from django.db import connection

from companion.models import Play, Player, PlayResult, Table
from companion.players import groups, ratings, results, stats
from tests.players.helpers import finish, phone_of, played

pytestmark = pytest.mark.django_db(transaction=True)


def test_player_page_counts_plays_wins_scores_start_player_and_head_to_head(make_table, join):
    played(make_table, join, ["Anna", "Ben"], [6, 1, 6])  # Anna 12 : 1, Anna started
    played(make_table, join, ["Ben", "Anna"], [6, 2, 6])  # Ben 12 : 2, Ben started
    played(make_table, join, ["Anna", "Ben", "Cyril"], [1, 2, 3, 6, 6, 6, 1, 1, 4])  # 8 : 9 : 13
    anna = Player.objects.get(name="Anna")
    results.ensure_plays()
    per_game = stats.player_stats(anna)["dice_race"]
    assert per_game.overall.plays == 3
    assert per_game.overall.wins == 1
    assert per_game.by_count[2].plays == 2 and per_game.by_count[2].wins == 1
    assert per_game.by_count[3].plays == 1
    assert per_game.score.best == 12 and per_game.score.worst == 2
    assert per_game.as_start.plays == 2 and per_game.as_start.wins == 1
    assert per_game.not_start.plays == 1 and per_game.not_start.wins == 0
    ben = per_game.opponents[Player.objects.get(name="Ben").pk]
    assert (ben.together, ben.ahead, ben.behind) == (3, 1, 2)
    assert per_game.categories["Rolls"].average == pytest.approx((12 + 2 + 8) / 3)
    page = phone_of(Player.objects.get(name="Cyril")).get(f"/players/{anna.pk}/").content.decode()
    assert 'class="plays">3<' in page
    assert "<svg" in page  # scores over time


def test_game_page_shows_start_player_wins_ratings_and_length(make_table, join):
    for _ in range(3):
        played(make_table, join, ["Anna", "Ben"], [6, 1, 6])
    client = phone_of(Player.objects.get(name="Ben"))
    page = client.get("/stats/dice_race/").content.decode()
    assert 'class="plays">3<' in page
    assert 'class="start-wins">3 / 3' in page
    assert "Anna" in page and "±" in page  # ratings with their uncertainty
    assert client.get("/stats/nope/").status_code == 404


def test_ratings_rise_for_the_winner_and_get_surer_with_each_play(make_table, join):
    for _ in range(3):
        played(make_table, join, ["Anna", "Ben"], [6, 1, 6])
    results.ensure_plays()
    rated = ratings.ratings("dice_race")
    anna = rated[Player.objects.get(name="Anna").pk]
    ben = rated[Player.objects.get(name="Ben").pk]
    assert anna.mu > ben.mu
    assert anna.plays == 3 and len(anna.history) == 3
    sigmas = [point["sigma"] for point in anna.history]
    assert sigmas == sorted(sigmas, reverse=True)


def test_the_score_race_and_start_player_come_from_replaying_the_log(make_table, join):
    table, client, _phones = played(make_table, join, ["Anna", "Ben"], [6, 1, 6])  # the host
    play = results.ensure_play(table)
    assert play.start_seat == 0
    assert [point["totals"] for point in play.race] == [[0, 0], [6, 0], [6, 1], [12, 1]]
    page = client.get(f"/plays/{table.code}/").content.decode()
    assert "<polyline" in page and "Anna" in page
    table_page = client.get(f"/t/{table.code}/").content.decode()
    assert "<polyline" in table_page  # the score race on the table screen at the end


def test_a_correction_after_the_end_rebuilds_the_play(make_table, join):
    table, *_ = played(make_table, join, ["Anna", "Ben"], [6, 1, 6])
    play = results.ensure_play(table)
    Table.objects.filter(pk=table.pk).update(
        version=table.version + 1,
        scores=[{"total": 11, "breakdown": {"Rolls": 11}}, {"total": 1, "breakdown": {"Rolls": 1}}],
    )
    assert results.stale_tables().filter(pk=table.pk).exists()
    results.ensure_plays()
    rebuilt = Play.objects.get(table=table)
    assert rebuilt.pk != play.pk
    assert rebuilt.results.get(seat=0).score == 11


def _play(game: str, people: list[tuple[Player, int, dict[str, int]]]) -> Play:
    play = Play.objects.create(
        game=game, played_at=datetime(2026, 1, 1, tzinfo=UTC), player_count=len(people)
    )
    best = max(score for _p, score, _b in people)
    for seat, (player, score, breakdown) in enumerate(people):
        PlayResult.objects.create(
            play=play,
            player=player,
            seat=seat,
            name=player.name,
            score=score,
            breakdown=breakdown,
            rank=1 if score == best else 2,
            winner=score == best,
        )
    # As a play built from a table or imported: its players are one group.
    play.group_key = groups.join_players(p.pk for p, _s, _b in people)
    play.save(update_fields=["group_key"])
    return play


def test_a_babylon_players_stairs_against_the_groups():
    anna, ben = Player.objects.create(name="Anna"), Player.objects.create(name="Ben")
    _play(
        "babylon",
        [(anna, 20, {"Stairs": 6, "Statues": 14}), (ben, 10, {"Stairs": 2, "Statues": 8})],
    )
    rows = {r["category"]: r for r in stats.player_stats(anna)["babylon"].category_rows}
    assert rows["Stairs"]["mine"] == 6 and rows["Stairs"]["group"] == 4


def test_wallenstein_splits_points_of_the_first_and_second_winter():
    from games.wallenstein.scoring import CATEGORY_LABELS

    anna, ben = Player.objects.create(name="Anna"), Player.objects.create(name="Ben")
    first, second = CATEGORY_LABELS[1]["lands"], CATEGORY_LABELS[2]["lands"]
    _play("wallenstein", [(anna, 30, {first: 10, second: 20}), (ben, 25, {first: 15, second: 10})])
    splits = dict(stats.player_stats(anna)["wallenstein"].splits)
    assert [n.average for n in splits.values()] == [10, 20]
    group = dict(stats.game_stats("wallenstein", frozenset({anna.group_key})).splits)
    assert [n.average for n in group.values()] == [12.5, 15]


def test_renders_of_a_games_end_at_once_build_one_play_between_them(make_table, join, monkeypatch):
    """The table screen, a stream and the last phone render a game's end together, and each
    may find no Play yet. Both builders here wait for each other after their replay, then
    write: on PostgreSQL the second insert broke the table's unique key (a 500 page), on
    SQLite it replaced the first one's Play."""
    table, *_ = played(make_table, join, ["Anna", "Ben"], [6, 1, 6])
    Play.objects.filter(table=table).delete()
    together = threading.Barrier(2)
    replay = results.replay_facts

    def replayed_together(table: Table):
        facts = replay(table)
        together.wait(timeout=10)
        return facts

    monkeypatch.setattr(results, "replay_facts", replayed_together)
    built: list[int] = []
    errors: list[Exception] = []

    def build() -> None:
        try:
            built.append(results.build_play(Table.objects.get(pk=table.pk)).pk)
        except Exception as error:  # noqa: BLE001 - the test reports what went wrong
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=build) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert errors == []
    (play,) = Play.objects.filter(table=table)
    assert built == [play.pk, play.pk]
    assert play.results.count() == 2


def test_thinking_time_comes_from_the_clocks(make_table, join):
    table, *_ = played(make_table, join, ["Anna", "Ben"], [6, 1, 6])
    Table.objects.filter(pk=table.pk).update(clocks={"0": 90.0, "1": 30.0})
    table.refresh_from_db()
    Play.objects.filter(table=table).delete()  # built at the end, from the clocks then
    results.build_play(table)
    anna = Player.objects.get(name="Anna")
    assert stats.player_stats(anna)["dice_race"].thinking.average == 90.0


def test_unfinished_tables_do_not_count(make_table, join):
    table, host = make_table(players=2, start=False)
    phones = [join(table, 0, "Anna"), join(table, 1, "Ben")]
    host.post(f"/t/{table.code}/start/")
    phones[0].act({"type": "roll", "value": 6})
    assert results.ensure_plays() == 0
    assert stats.game_stats("dice_race", None).plays == 0
    finish(table, phones[1:] + phones[:1], [1, 6])
    assert results.ensure_plays() == 0  # built at the game's end
    assert stats.game_stats("dice_race", None).plays == 1


def test_a_long_history_is_drawn_with_averaged_points_that_fit_a_phone():
    from companion.players import charts

    values = list(range(1000))
    thin = charts.thinned(values)
    assert len(thin) == charts.MAX_POINTS
    assert thin[0] == pytest.approx(sum(range(8)) / 8, abs=1)
    assert charts.thinned([3, 1, 2]) == [3, 1, 2]
    svg = charts.line_chart([("Anna <b>", "red", values)], title="t", x_label="x")
    assert svg.count(",") == charts.MAX_POINTS and "&lt;b&gt;" in svg


def test_ratings_kept_between_plays_equal_ratings_computed_from_scratch(make_table, join):
    from django.core.cache import cache

    for rolls in ([6, 1, 6], [1, 6, 1, 6]):
        played(make_table, join, ["Anna", "Ben"], rolls)
    results.ensure_plays()
    ratings.ratings("dice_race")  # the walk through the first two plays is kept
    played(make_table, join, ["Ben", "Anna", "Cyril"], [6, 6, 6, 6])
    results.ensure_plays()
    kept = {pid: (r.mu, r.sigma, r.plays) for pid, r in ratings.ratings("dice_race").items()}
    cache.clear()
    fresh = {pid: (r.mu, r.sigma, r.plays) for pid, r in ratings.ratings("dice_race").items()}
    assert kept == fresh and len(fresh) == 3
    # A change to an earlier play (a merge) starts the walk again.
    anna, ben = Player.objects.get(name="Anna"), Player.objects.get(name="Ben")
    from companion.players import registry

    registry.merge(ben, anna)
    # Every play now has Anna on two seats: nothing left to compare, nobody rated.
    assert ratings.ratings("dice_race") == {}
