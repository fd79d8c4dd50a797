"""Statistics over stored results (:class:`PlayResult`), per player and per game.

Everything here reads the results the engines produced (totals, breakdowns,
rankings, clocks); nothing recounts points.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar, cast

from django.core.cache import cache
from django.db.models import Count, Max, Sum

from companion.models import Play, Player, PlayResult
from companion.players import names
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
    """Average / best / worst of a series (kept as running figures, not the values)."""

    count: int = 0
    total: float = 0.0
    best: float | None = None
    worst: float | None = None

    def add(self, value: float | None) -> None:
        if value is None:
            return
        self.count += 1
        self.total += value
        self.best = value if self.best is None or value > self.best else self.best
        self.worst = value if self.worst is None or value < self.worst else self.worst

    @property
    def average(self) -> float | None:
        return self.total / self.count if self.count else None


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


RESULT_FIELDS = (
    "play_id",
    "player_id",
    "seat",
    "name",
    "score",
    "breakdown",
    "rank",
    "winner",
    "thinking_s",
)


Groups = frozenset[int] | None  # the groups whose plays count; None: every group


def _results(
    games: Iterable[str] | None, groups: Groups, after: int = 0, upto: int | None = None
) -> list[dict[str, Any]]:
    """Every result of ``games`` (``None``: every game) in ``groups`` whose play's id is
    above ``after`` (and at most ``upto``), oldest play first, each with its play's fields.

    Two flat queries joined here: cheaper than one join that repeats the play's
    columns on each result row.
    """
    play_rows = Play.objects.filter(pk__gt=after)
    result_rows = PlayResult.objects.filter(play_id__gt=after)
    if upto is not None:
        play_rows = play_rows.filter(pk__lte=upto)
        result_rows = result_rows.filter(play_id__lte=upto)
    if games is not None:
        games = list(games)
        play_rows = play_rows.filter(game__in=games)
        result_rows = result_rows.filter(play__game__in=games)
    if groups is not None:
        play_rows = play_rows.filter(group_key__in=groups)
        result_rows = result_rows.filter(play__group_key__in=groups)
    plays = {
        row[0]: row
        for row in play_rows.values_list(
            "pk", "game", "played_at", "duration_s", "player_count", "start_seat", "table_id"
        )
    }
    rows = []
    for values in result_rows.values_list(*RESULT_FIELDS):
        row = dict(zip(RESULT_FIELDS, values, strict=True))
        if row["play_id"] not in plays:  # a play written between the two queries
            continue
        _pk, game, played_at, duration, count, start, table_id = plays[row["play_id"]]
        row.update(
            {
                "play__game": game,
                "play__played_at": played_at,
                "play__duration_s": duration,
                "play__player_count": count,
                "play__start_seat": start,
                "play__table_id": table_id,
            }
        )
        rows.append(row)
    rows.sort(key=lambda r: (r["play__played_at"], r["play_id"], r["seat"]))
    return rows


def fingerprint() -> str:
    """Changes whenever a stored result does (a new play, a rebuilt one, an import, a merge)
    or two groups join."""
    plays = Play.objects.aggregate(
        n=Count("pk"), last=Max("pk"), versions=Sum("table_version"), groups=Sum("group_key")
    )
    results = PlayResult.objects.aggregate(
        n=Count("pk"), players=Sum("player_id"), ranks=Sum("rank"), last=Max("pk")
    )
    return "stats:{n}:{last}:{versions}:{groups}:".format(
        **plays
    ) + "{n}:{players}:{ranks}:{last}".format(**results)


def cached(key: str, compute: Any) -> Any:
    """``compute()``, kept until the stored results change."""
    full = f"{fingerprint()}:{key}"
    value = cache.get(full)
    if value is None:
        value = compute()
        cache.set(full, value, 60 * 60 * 24)
    return value


T = TypeVar("T")


@dataclass
class Counted(Generic[T]):
    """Statistics (``totals``) counted over the plays up to id ``upto``, and the signature
    those plays had then."""

    upto: int
    signature: tuple[Any, ...]
    totals: T


def signature(games: list[str] | None, groups: Groups, upto: int) -> tuple[Any, ...]:
    """Changes whenever a result of the plays up to ``upto`` of ``games`` in ``groups``
    does: a play rebuilt (after a correction: a new id), removed, merged, regrouped."""
    plays = Play.objects.filter(pk__lte=upto)
    results = PlayResult.objects.filter(play_id__lte=upto)
    if games is not None:
        plays = plays.filter(game__in=games)
        results = results.filter(play__game__in=games)
    if groups is not None:
        plays = plays.filter(group_key__in=groups)
        results = results.filter(play__group_key__in=groups)
    found = plays.aggregate(n=Count("pk"), versions=Sum("table_version"), groups=Sum("group_key"))
    found |= {
        f"results_{k}": v
        for k, v in results.aggregate(
            n=Count("pk"), players=Sum("player_id"), ranks=Sum("rank"), last=Max("pk")
        ).items()
    }
    return tuple(sorted(found.items()))


def counted(
    key: str,
    games: list[str] | None,
    groups: Groups,
    start: Callable[[], T],
    add: Callable[[T, list[dict[str, Any]]], None],
) -> T:
    """Statistics over the plays of ``games`` in ``groups``, recounting only what changed.

    The totals are kept in the cache with the id of the last play counted and the
    signature of the plays counted. While that signature holds, only the plays written
    since are added (``add``): a new game costs its own few results, not the group's
    thousand. Any other change (a correction, a merge, groups joining) counts afresh.
    The signature is taken before the results are read, so a change in between is seen
    next time, never lost.
    """
    upto = Play.objects.aggregate(last=Max("pk"))["last"] or 0
    kept = cache.get(key)
    if (
        isinstance(kept, Counted)
        and kept.upto <= upto
        and signature(games, groups, kept.upto) == kept.signature
    ):
        if kept.upto == upto:
            return cast(T, kept.totals)
        now = signature(games, groups, upto)
        add(kept.totals, _results(games, groups, after=kept.upto, upto=upto))
        cache.set(key, Counted(upto, now, kept.totals), KEEP)
        return cast(T, kept.totals)
    now = signature(games, groups, upto)
    totals = start()
    add(totals, _results(games, groups, upto=upto))
    cache.set(key, Counted(upto, now, totals), KEEP)
    return totals


KEEP = 60 * 60 * 24 * 30  # seconds: counted totals are checked on every read anyway


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


@dataclass
class PlayerTotals:
    """What one player did per game, and their group's category sums beside."""

    games: dict[str, GameStats] = field(default_factory=dict)
    group_totals: dict[tuple[str, str], float] = field(default_factory=lambda: defaultdict(float))
    group_counts: dict[tuple[str, str], int] = field(default_factory=lambda: defaultdict(int))


def player_stats(player: Player) -> dict[str, GameStats]:
    """Per game, what ``player`` did, with their group's category averages beside theirs.

    Head-to-head names the opponents as they are called now (a rename does not change the
    results the counts are kept under), a merged-away one as the player kept.
    """
    totals = counted(
        f"player:{player.pk}:{player.group_key}",
        None,
        frozenset({player.group_key}),
        PlayerTotals,
        lambda totals, rows: _add_player_rows(totals, player.pk, rows),
    )
    found = totals.games
    for game, stats in found.items():
        stats.group_categories = {
            category: Numbers(count, totals.group_totals[game, category])
            for (played, category), count in totals.group_counts.items()
            if played == game
        }
    kept = names.kept_players(
        o.player_id for stats in found.values() for o in stats.opponents.values()
    )
    for stats in found.values():
        for opponent in stats.opponents.values():
            now = kept.get(opponent.player_id or 0)
            if now is not None:
                opponent.name = now.name
    return found


def _add_player_rows(totals: PlayerTotals, player_id: int, rows: list[dict[str, Any]]) -> None:
    """Count the results ``rows`` (whole plays of the player's group, oldest first)."""
    plays = _by_play(rows)
    for row in rows:
        if row["player_id"] != player_id:
            continue
        stats = totals.games.setdefault(row["play__game"], GameStats(row["play__game"]))
        _add(stats, row, plays[row["play_id"]])
        stats.length.add(row["play__duration_s"])
        stats.timeline.append(
            {
                "date": row["play__played_at"],
                "score": row["score"],
                "winner": row["winner"],
                "rank": row["rank"],
                "players": row["play__player_count"],
                "table_id": row["play__table_id"],
            }
        )
    for stats in totals.games.values():
        # Plays counted later are mostly newer; an import of older ones is put in its place
        # (a stable sort: plays of one date stay in the order they were written).
        stats.timeline.sort(key=lambda point: point["date"])
    # The group's averages only need sums and counts: plain dicts over thousands of rows.
    for row in rows:
        game = row["play__game"]
        for category, points in (row["breakdown"] or {}).items():
            totals.group_totals[game, category] += points
            totals.group_counts[game, category] += 1


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


@dataclass
class GameTotals:
    """One game's statistics as counted so far (``GameOverview`` is read from them)."""

    game: str
    plays: int = 0
    length: Numbers = field(default_factory=Numbers)
    start: Tally = field(default_factory=Tally)
    by_seat: dict[int, Tally] = field(default_factory=dict)
    per_player: dict[Any, GameStats] = field(default_factory=dict)
    names: dict[Any, str] = field(default_factory=dict)
    categories: dict[str, Numbers] = field(default_factory=dict)
    splits: list[tuple[str, Numbers]] = field(default_factory=list)


def game_stats(game: str, groups: Groups) -> GameOverview:
    """The statistics of one game over the plays of ``groups`` (a device's groups)."""
    key = "all" if groups is None else ",".join(str(g) for g in sorted(groups))
    totals = counted(f"game:{game}:{key}", [game], groups, lambda: GameTotals(game), _add_game_rows)
    # Names as they are now: a rename does not change the results the counts are kept under.
    current = dict(
        Player.objects.filter(
            pk__in=[k for k in totals.per_player if isinstance(k, int)]
        ).values_list("pk", "name")
    )
    players = sorted(
        (
            {
                "id": key if isinstance(key, int) else None,
                "name": current.get(key, totals.names[key]),
                "stats": stats,
            }
            for key, stats in totals.per_player.items()
        ),
        key=lambda p: (-p["stats"].overall.wins, -p["stats"].overall.plays, p["name"]),  # type: ignore[union-attr]
    )
    return GameOverview(
        game=game,
        plays=totals.plays,
        length=totals.length,
        start=totals.start,
        by_seat=dict(sorted(totals.by_seat.items())),
        players=players,
        categories=totals.categories,
        splits=totals.splits,
    )


def _add_game_rows(totals: GameTotals, rows: list[dict[str, Any]]) -> None:
    """Count the results ``rows`` (whole plays of the game, oldest first)."""
    game = totals.game
    plays = _by_play(rows)
    totals.plays += len(plays)
    for table in plays.values():
        first = table[0]
        totals.length.add(first["play__duration_s"])
        for row in table:
            totals.by_seat.setdefault(row["seat"], Tally()).add(row["winner"])
            if row["seat"] == first["play__start_seat"]:
                totals.start.add(row["winner"])
            key = row["player_id"] or row["name"]
            totals.names[key] = row["name"]
            # The game's page shows per player only wins, scores and thinking time.
            mine = totals.per_player.get(key)
            if mine is None:
                mine = totals.per_player[key] = GameStats(game)
            mine.overall.add(row["winner"])
            mine.score.add(row["score"])
            mine.thinking.add(row["thinking_s"])
            for category, points in (row["breakdown"] or {}).items():
                totals.categories.setdefault(category, Numbers()).add(points)
            for label, keys in winter_split(game):
                numbers = next((n for name, n in totals.splits if name == label), None)
                if numbers is None:
                    numbers = Numbers()
                    totals.splits.append((label, numbers))
                breakdown = row["breakdown"] or {}
                if any(key in breakdown for key in keys):
                    numbers.add(sum(breakdown.get(k, 0) for k in keys))
