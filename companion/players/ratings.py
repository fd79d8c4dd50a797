"""Ratings per game with OpenSkill (Plackett-Luce), with their uncertainty and history.

Each player's rating is ``mu`` (the estimate) and ``sigma`` (its uncertainty);
the shown figure is the conservative ``ordinal`` = mu - 3·sigma. Plays are rated
in the order they were played, ties share a rank. The walk so far is kept in the
cache, so a new play costs one rating update; a change to an earlier play (a
correction, an import of older plays, a merge) starts the walk again.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from django.core.cache import cache
from openskill.models import PlackettLuce

from companion.models import Play, PlayResult

MODEL = PlackettLuce()


@dataclass
class Rating:
    player_id: int
    mu: float
    sigma: float
    plays: int
    history: list[dict[str, Any]] = field(default_factory=list)  # date, mu, sigma, ordinal

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


@dataclass
class Ledger:
    """Ratings after the first ``len(plays)`` plays of a game, and a signature of those plays."""

    plays: list[tuple[Any, ...]] = field(default_factory=list)  # each play's (player, rank) rows
    current: dict[int, tuple[float, float]] = field(default_factory=dict)  # mu, sigma
    result: dict[int, Rating] = field(default_factory=dict)


def ratings(game: str) -> dict[int, Rating]:
    """Every rated player's current rating in ``game`` (by player id)."""
    from companion.players.stats import cached

    return cached(f"ratings:{game}", lambda: walk(game))


def walk(game: str) -> dict[int, Rating]:
    """The ratings after every play of ``game``, continuing the kept walk where it can.

    Rating is a walk through the plays in order, so the ledger of the plays rated
    so far is kept and only the plays after it are rated: a new game costs one
    ``rate`` call. When an earlier play changed (a correction, an import of older
    plays, a merge), the walk starts again from the first play.
    """
    plays = _plays(game)
    key = f"ratings-ledger:{game}"
    ledger = cache.get(key)
    if not isinstance(ledger, Ledger) or plays[: len(ledger.plays)] != ledger.plays:
        ledger = Ledger()
    fresh = plays[len(ledger.plays) :]
    for rows, played_at in fresh:
        _rate(ledger, rows, played_at)
        ledger.plays.append((rows, played_at))
    if fresh:
        cache.set(key, ledger, 60 * 60 * 24 * 30)
    return ledger.result


def _plays(game: str) -> list[tuple[tuple[tuple[int, int], ...], Any]]:
    """Each play's ((player, rank), ...) in the order they were played, with its date."""
    rows = (
        PlayResult.objects.filter(play__game=game, player__isnull=False, rank__isnull=False)
        .order_by("play__played_at", "play_id", "seat")
        .values_list("play_id", "player_id", "rank")
    )
    # The dates once per play, not once per result row.
    dates = dict(Play.objects.filter(game=game).values_list("pk", "played_at"))
    grouped: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for play_id, player_id, rank in rows:
        grouped[play_id].append((player_id, rank or 0))
    return [(tuple(rows), dates[play_id]) for play_id, rows in grouped.items()]


def _rate(ledger: Ledger, rows: tuple[tuple[int, int], ...], played_at: Any) -> None:
    ids = [player_id for player_id, _rank in rows]
    if len(set(ids)) != len(ids) or len(ids) < 2:
        return  # one person on two seats, or a solo record: nothing to compare
    teams = [
        [MODEL.rating(*ledger.current[pid]) if pid in ledger.current else MODEL.rating()]
        for pid in ids
    ]
    rated = MODEL.rate(teams, ranks=[rank for _pid, rank in rows])
    for pid, (rating,) in zip(ids, rated, strict=True):
        ledger.current[pid] = (rating.mu, rating.sigma)
        entry = ledger.result.setdefault(pid, Rating(pid, rating.mu, rating.sigma, 0))
        entry.mu, entry.sigma = rating.mu, rating.sigma
        entry.plays += 1
        entry.history.append(
            {
                "date": played_at,
                "mu": rating.mu,
                "sigma": rating.sigma,
                "ordinal": rating.mu - 3 * rating.sigma,
            }
        )
