"""BG Stats play files (.bgsplay, JSON): export a finished play, import a group's past plays.

Field names follow the published list in /work/shared/data/interop/README.md.
Import is lenient: unknown keys are ignored, optional keys may be missing, and
a file that is not a play file is refused with a clear message.
"""

from __future__ import annotations

import json
import uuid as uuidlib
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from companion.interop.common import bgg_id, breakdown_line, english_name, slug_for
from companion.models import Play, Player, PlayResult
from companion.players import groups
from companion.services.errors import Refused
from companion.writes import write_transaction
from games.i18n import _

DATE_FORMAT = "%Y-%m-%d %H:%M:%S"
UUID_NAMESPACE = uuidlib.UUID("6c1f4f0e-5b7a-4c55-9d43-6a4c7d8f2b10")


def play_uuid(play: Play) -> str:
    """A stable uuid: exporting the same play twice gives the same file."""
    if play.source_uuid:
        return play.source_uuid
    return str(uuidlib.uuid5(UUID_NAMESPACE, f"table:{play.table.code if play.table else play.pk}"))


def export_play(play: Play) -> dict[str, Any]:
    results = list(play.results.order_by("seat").select_related("player"))
    players = [
        {
            "id": number,
            "uuid": str(uuidlib.uuid5(UUID_NAMESPACE, f"player:{r.player_id or r.name}")),
            "name": r.player.name if r.player else r.name,
            "isAnonymous": False,
            "bggUsername": "",
        }
        for number, r in enumerate(results, start=1)
    ]
    game = {
        "id": 1,
        "uuid": str(uuidlib.uuid5(UUID_NAMESPACE, f"game:{play.game}")),
        "name": english_name(play.game),
        "bggId": bgg_id(play.game) or 0,
        "bggName": english_name(play.game),
        "bggYear": 0,
        "cooperative": False,
        "highestWins": True,
        "noPoints": False,
        "usesTeams": False,
    }
    location = {
        "id": 1,
        "uuid": str(uuidlib.uuid5(UUID_NAMESPACE, "location")),
        "name": "Table Companion",
    }
    comments = breakdown_line(
        [str(p["name"]) for p in players], [dict(r.breakdown or {}) for r in results]
    )
    return {
        "players": players,
        "locations": [location],
        "games": [game],
        "plays": [
            {
                "uuid": play_uuid(play),
                "playDate": play.played_at.astimezone(UTC).strftime(DATE_FORMAT),
                "durationMin": round((play.duration_s or 0) / 60),
                "gameRefId": 1,
                "locationRefId": 1,
                "ignored": False,
                "manualWinner": False,
                "rounds": 0,
                "scoringSetting": 0,
                "usesTeams": False,
                "playImages": "[]",
                "board": "",
                "comments": comments,
                "playerScores": [
                    {
                        "playerRefId": number,
                        "score": "" if r.score is None else str(r.score),
                        "winner": r.winner,
                        "rank": r.rank or 0,
                        "seatOrder": r.seat + 1,
                        "startPlayer": play.start_seat == r.seat,
                        "newPlayer": False,
                        "role": "",
                        "team": "",
                    }
                    for number, r in enumerate(results, start=1)
                ],
            }
        ],
    }


def dumps(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2)


@dataclass
class ImportReport:
    imported: int = 0
    duplicates: int = 0
    other_games: int = 0


def _by_id(items: Any) -> dict[Any, dict[str, Any]]:
    if not isinstance(items, list):
        return {}
    return {item.get("id"): item for item in items if isinstance(item, dict)}


def _int(value: Any) -> int | None:
    try:
        return int(float(str(value).strip()))
    except (TypeError, ValueError):
        return None


def _date(text: Any) -> datetime:
    for pattern in (DATE_FORMAT, "%Y-%m-%d %H:%M", "%Y-%m-%d"):
        try:
            return datetime.strptime(str(text).strip(), pattern).replace(tzinfo=UTC)
        except ValueError:
            continue
    raise Refused(_("A play has a date that cannot be read: %(date)s."), date=str(text)[:40])


def parse(raw: bytes | str) -> dict[str, Any]:
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise Refused(_("This is not a BG Stats play file (it is not JSON).")) from None
    if not isinstance(data, dict) or not isinstance(data.get("plays"), list):
        raise Refused(_("This is not a BG Stats play file (it has no list of plays)."))
    return data


def _player(name: str, cache: dict[str, Player], into: Into) -> Player:
    """The known player of that name in the importer's groups, else a new one in its group."""
    folded = name.casefold()
    if folded not in cache:
        known = Player.objects.filter(name__iexact=name, merged_into__isnull=True)
        if into.groups is not None:
            known = known.filter(group_key__in=into.groups)
        player = known.order_by("hidden", "pk").first()
        cache[folded] = player or Player.objects.create(name=name[:40], group_key=into.home)
    return cache[folded]


@dataclass(frozen=True)
class Into:
    """Whose records an import joins: names are matched in ``groups`` (``None``: every
    group, the person running the server), new players join the group ``home`` (0: each
    a group of their own until their play joins them)."""

    groups: frozenset[int] | None
    home: int = 0


def import_file(raw: bytes | str, into: Into) -> ImportReport:
    """Import the plays of our four games; plays already imported (same uuid) are skipped.

    Each play joins the groups of its players (``companion.players.groups``).
    """
    data = parse(raw)
    games_by_id = _by_id(data.get("games"))
    players_by_id = _by_id(data.get("players"))
    report = ImportReport()
    cache: dict[str, Player] = {}
    with write_transaction():
        for item in data["plays"]:
            if not isinstance(item, dict):
                continue
            game = games_by_id.get(item.get("gameRefId")) or {}
            slug = slug_for(str(game.get("name") or game.get("bggName") or ""), game.get("bggId"))
            if slug is None:
                report.other_games += 1
                continue
            uid = str(item.get("uuid") or "")[:64] or None
            if uid and Play.objects.filter(source_uuid=uid).exists():
                report.duplicates += 1
                continue
            scores = [s for s in item.get("playerScores") or [] if isinstance(s, dict)]
            if not scores:
                continue
            played_at = _date(item.get("playDate", ""))
            minutes = _int(item.get("durationMin"))
            ordered = sorted(scores, key=lambda s: _int(s.get("seatOrder")) or 99)
            start = next(
                (seat for seat, s in enumerate(ordered) if s.get("startPlayer") is True), None
            )
            play = Play.objects.create(
                game=slug,
                source="bgstats",
                source_uuid=uid,
                played_at=played_at,
                duration_s=minutes * 60 if minutes else None,
                player_count=len(ordered),
                start_seat=start,
            )
            for seat, score in enumerate(ordered):
                person = players_by_id.get(score.get("playerRefId")) or {}
                name = str(person.get("name") or "").strip()[:40] or f"?{seat + 1}"
                rank = _int(score.get("rank"))
                PlayResult.objects.create(
                    play=play,
                    player=_player(name, cache, into),
                    seat=seat,
                    name=name,
                    score=_int(score.get("score")),
                    rank=rank if rank and rank > 0 else None,
                    winner=bool(score.get("winner")),
                )
            _fill_missing_ranks(play)
            play.group_key = groups.join_players(play.results.values_list("player_id", flat=True))
            play.save(update_fields=["group_key"])
            report.imported += 1
    return report


def _fill_missing_ranks(play: Play) -> None:
    """A file without ranks: rank by score (highest wins), winners first."""
    results = list(play.results.all())
    if all(r.rank for r in results):
        return
    ordered = sorted(results, key=lambda r: (not r.winner, -(r.score or 0)))
    place = 0
    previous: tuple[bool, int] | None = None
    for position, result in enumerate(ordered, start=1):
        key = (result.winner, result.score or 0)
        if key != previous:
            place = position
            previous = key
        result.rank = place
        result.save(update_fields=["rank"])
