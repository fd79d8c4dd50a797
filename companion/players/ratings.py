"""Ratings per game with OpenSkill (Plackett-Luce), with their uncertainty and history.

Each player's rating is ``mu`` (the estimate) and ``sigma`` (its uncertainty);
the shown figure is the conservative ``ordinal`` = mu - 3·sigma. Plays are rated
in the order they were played, ties share a rank. The result is cached under a
fingerprint of the stored results, so a new play, a correction or a merge
recomputes it.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from django.core.cache import cache
from django.db.models import Count, Max, Sum
from openskill.models import PlackettLuce

from companion.models import PlayResult

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


def _fingerprint(game: str) -> str:
    figures = PlayResult.objects.filter(play__game=game).aggregate(
        n=Count("pk"),
        players=Sum("player_id"),
        last=Max("play_id"),
        versions=Sum("play__table_version"),
        ranks=Sum("rank"),
        plays=Sum("play_id"),
    )
    return "ratings:{}:{n}:{players}:{last}:{versions}:{ranks}:{plays}".format(game, **figures)


def ratings(game: str) -> dict[int, Rating]:
    """Every rated player's current rating in ``game`` (by player id)."""
    key = _fingerprint(game)
    cached = cache.get(key)
    if cached is None:
        cached = _compute(game)
        cache.set(key, cached, 60 * 60 * 24)
    return cached


def _compute(game: str) -> dict[int, Rating]:
    rows = (
        PlayResult.objects.filter(play__game=game, player__isnull=False, rank__isnull=False)
        .order_by("play__played_at", "play_id", "seat")
        .values_list("play_id", "player_id", "rank", "play__played_at")
    )
    plays: dict[int, list[tuple[int, int, Any]]] = defaultdict(list)
    for play_id, player_id, rank, played_at in rows:
        plays[play_id].append((player_id, rank, played_at))
    current: dict[int, Any] = {}
    result: dict[int, Rating] = {}
    for table in plays.values():
        ids = [player_id for player_id, _rank, _at in table]
        if len(set(ids)) != len(ids) or len(ids) < 2:
            continue  # one person on two seats, or a solo record: nothing to compare
        teams = [[current.get(pid) or MODEL.rating(name=str(pid))] for pid in ids]
        rated = MODEL.rate(teams, ranks=[rank for _pid, rank, _at in table])
        for pid, (rating,), (_p, _r, played_at) in zip(ids, rated, table, strict=True):
            current[pid] = rating
            entry = result.setdefault(pid, Rating(pid, rating.mu, rating.sigma, 0))
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
    return result
