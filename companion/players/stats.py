"""Statistics over stored results (:class:`PlayResult`), per player and per game.

Everything here reads the results the engines produced (totals, breakdowns,
rankings, clocks); nothing recounts points.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from companion.models import Player, PlayResult
from games.i18n import _


@dataclass
class Tally:
    """Plays and wins, with the win rate in percent."""

    plays: int = 0
    wins: int = 0

    def add(self, won: bool) -> None:
        self.plays += 1
        self.wins += int(won)

    @property
    def rate(self) -> float:
        return 100.0 * self.wins / self.plays if self.plays else 0.0


@dataclass
class Numbers:
    """Average / best / worst of a series."""

    values: list[float] = field(default_factory=list)

    def add(self, value: float | None) -> None:
        if value is not None:
            self.values.append(value)

    @property
    def count(self) -> int:
        return len(self.values)

    @property
    def average(self) -> float | None:
        return sum(self.values) / len(self.values) if self.values else None

    @property
    def best(self) -> float | None:
        return max(self.values) if self.values else None

    @property
    def worst(self) -> float | None:
        return min(self.values) if self.values else None


def winter_split(game: str) -> list[tuple[str, set[str]]]:
    """Wallenstein: the breakdown categories of each winter, from the engine's own labels."""
    if game != "wallenstein":
        return []
    from games.wallenstein.scoring import CATEGORY_LABELS

    return [(label, set(CATEGORY_LABELS[number].values())) for number, label in _WINTERS]


_WINTERS = [(1, _("First winter")), (2, _("Second winter"))]


@dataclass
class Opponent:
    player_id: int | None
    name: str
    together: int = 0
    ahead: int = 0  # this player ranked better
    behind: int = 0


@dataclass
class GameStats:
    """What one player (or the whole group, ``player=None``) did in one game."""

    game: str
    overall: Tally = field(default_factory=Tally)
    by_count: dict[int, Tally] = field(default_factory=dict)
    score: Numbers = field(default_factory=Numbers)
    categories: dict[str, Numbers] = field(default_factory=dict)
    group_categories: dict[str, Numbers] = field(default_factory=dict)
    as_start: Tally = field(default_factory=Tally)
    not_start: Tally = field(default_factory=Tally)
    length: Numbers = field(default_factory=Numbers)
    thinking: Numbers = field(default_factory=Numbers)
    opponents: dict[Any, Opponent] = field(default_factory=dict)
    splits: list[tuple[str, Numbers]] = field(default_factory=list)
    timeline: list[dict[str, Any]] = field(default_factory=list)

    @property
    def category_rows(self) -> list[dict[str, Any]]:
        return [
            {
                "category": category,
                "mine": numbers.average,
                "group": self.group_categories.get(category, Numbers()).average,
            }
            for category, numbers in self.categories.items()
        ]

    @property
    def count_rows(self) -> list[tuple[int, Tally]]:
        return sorted(self.by_count.items())

    @property
    def opponent_rows(self) -> list[Opponent]:
        return sorted(self.opponents.values(), key=lambda o: (-o.together, o.name))


def _results(**filters: Any) -> list[dict[str, Any]]:
    return list(
        PlayResult.objects.filter(**filters)
        .order_by("play__played_at", "play_id", "seat")
        .values(
            "play_id",
            "player_id",
            "seat",
            "name",
            "score",
            "breakdown",
            "rank",
            "winner",
            "thinking_s",
            "play__game",
            "play__played_at",
            "play__duration_s",
            "play__player_count",
            "play__start_seat",
            "play__table__code",
        )
    )


def _by_play(rows: Iterable[dict[str, Any]]) -> dict[int, list[dict[str, Any]]]:
    plays: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        plays[row["play_id"]].append(row)
    return plays


def _add(stats: GameStats, row: dict[str, Any], table: list[dict[str, Any]]) -> None:
    """Count one result (``row``) of a play whose results are ``table``."""
    stats.overall.add(row["winner"])
    stats.by_count.setdefault(row["play__player_count"], Tally()).add(row["winner"])
    stats.score.add(row["score"])
    for category, points in (row["breakdown"] or {}).items():
        stats.categories.setdefault(category, Numbers()).add(points)
    if row["play__start_seat"] is not None:
        (stats.as_start if row["seat"] == row["play__start_seat"] else stats.not_start).add(
            row["winner"]
        )
    stats.thinking.add(row["thinking_s"])
    for label, keys in winter_split(stats.game):
        numbers = next((n for name, n in stats.splits if name == label), None)
        if numbers is None:
            numbers = Numbers()
            stats.splits.append((label, numbers))
        breakdown = row["breakdown"] or {}
        if any(key in breakdown for key in keys):
            numbers.add(sum(breakdown.get(key, 0) for key in keys))
    for other in table:
        if other is row:
            continue
        key = other["player_id"] or other["name"]
        opponent = stats.opponents.setdefault(key, Opponent(other["player_id"], other["name"]))
        opponent.together += 1
        if row["rank"] and other["rank"]:
            opponent.ahead += int(row["rank"] < other["rank"])
            opponent.behind += int(row["rank"] > other["rank"])


def player_stats(player: Player) -> dict[str, GameStats]:
    """Per game, what ``player`` did, with the group's category averages beside theirs."""
    mine = _results(player=player)
    games_played = sorted({row["play__game"] for row in mine})
    plays = _by_play(_results(play__in={row["play_id"] for row in mine}))
    result: dict[str, GameStats] = {}
    for row in mine:
        stats = result.setdefault(row["play__game"], GameStats(row["play__game"]))
        table = plays[row["play_id"]]
        me = next(r for r in table if r["seat"] == row["seat"])
        _add(stats, me, table)
        stats.length.add(row["play__duration_s"])
        stats.timeline.append(
            {
                "date": row["play__played_at"],
                "score": row["score"],
                "winner": row["winner"],
                "rank": row["rank"],
                "players": row["play__player_count"],
                "code": row["play__table__code"],
            }
        )
    for game in games_played:
        group = result[game].group_categories
        for row in _results(play__game=game).__iter__():
            for category, points in (row["breakdown"] or {}).items():
                group.setdefault(category, Numbers()).add(points)
    return result


@dataclass
class GameOverview:
    game: str
    plays: int
    length: Numbers
    start: Tally  # how often the start player won
    by_seat: dict[int, Tally]
    players: list[dict[str, Any]]
    categories: dict[str, Numbers]
    splits: list[tuple[str, Numbers]]


def game_stats(game: str) -> GameOverview:
    """The whole group's statistics for one game."""
    rows = _results(play__game=game)
    plays = _by_play(rows)
    length = Numbers()
    start = Tally()
    by_seat: dict[int, Tally] = {}
    per_player: dict[Any, GameStats] = {}
    names: dict[Any, str] = {}
    categories: dict[str, Numbers] = {}
    split_stats = GameStats(game)
    for table in plays.values():
        first = table[0]
        length.add(first["play__duration_s"])
        for row in table:
            by_seat.setdefault(row["seat"], Tally()).add(row["winner"])
            if row["seat"] == first["play__start_seat"]:
                start.add(row["winner"])
            key = row["player_id"] or row["name"]
            names[key] = row["name"]
            _add(per_player.setdefault(key, GameStats(game)), row, table)
            for category, points in (row["breakdown"] or {}).items():
                categories.setdefault(category, Numbers()).add(points)
            for label, keys in winter_split(game):
                numbers = next((n for name, n in split_stats.splits if name == label), None)
                if numbers is None:
                    numbers = Numbers()
                    split_stats.splits.append((label, numbers))
                breakdown = row["breakdown"] or {}
                if any(key in breakdown for key in keys):
                    numbers.add(sum(breakdown.get(k, 0) for k in keys))
    if names:
        current = dict(
            Player.objects.filter(pk__in=[k for k in names if isinstance(k, int)]).values_list(
                "pk", "name"
            )
        )
        names.update({k: v for k, v in current.items()})
    players = sorted(
        (
            {"id": key if isinstance(key, int) else None, "name": names[key], "stats": stats}
            for key, stats in per_player.items()
        ),
        key=lambda p: (-p["stats"].overall.wins, -p["stats"].overall.plays, p["name"]),
    )
    return GameOverview(
        game=game,
        plays=len(plays),
        length=length,
        start=start,
        by_seat=dict(sorted(by_seat.items())),
        players=players,
        categories=categories,
        splits=split_stats.splits,
    )
