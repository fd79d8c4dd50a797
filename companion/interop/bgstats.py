"""BG Stats play files (.bgsplay, JSON): export a finished play, import a group's past plays.

Field names follow the published list in /work/shared/data/interop/README.md.
Import is lenient: unknown keys are ignored, optional keys may be missing, and
a file that is not a play file is refused with a clear message.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from django.db.models import Q

from companion.interop import checks
from companion.interop.common import (
    bgg_id,
    breakdown_line,
    english_name,
    first_plays,
    slug_for,
)
from companion.models import Play, Player, PlayResult
from companion.players import play_ids
from companion.services.errors import Refused
from companion.writes import write_transaction
from games.i18n import _

DATE_FORMAT = "%Y-%m-%d %H:%M:%S"


def play_uuid(play: Play) -> str:
    """The play's stable uuid: the same in every export, and the key of a re-import."""
    return str(play.uuid)


def export_play(play: Play) -> dict[str, Any]:
    results = list(play.results.order_by("seat").select_related("player"))
    newcomers = first_plays(play)
    players = [
        {
            "id": number,
            "uuid": str(play_ids.for_name("player", str(r.player_id or r.name))),
            "name": r.player.name if r.player else r.name,
            "isAnonymous": False,
            "bggUsername": "",
        }
        for number, r in enumerate(results, start=1)
    ]
    game = {
        "id": 1,
        "uuid": str(play_ids.for_name("game", play.game)),
        "name": english_name(play.game),
        "bggId": bgg_id(play.game) or 0,  # 0: BG Stats' "not linked to BGG"
        "bggName": english_name(play.game),
        "bggYear": 0,
        "cooperative": False,
        "highestWins": True,
        "noPoints": False,
        "usesTeams": False,
    }
    location = {
        "id": 1,
        "uuid": str(play_ids.for_name("location", "Table Companion")),
        "name": "Table Companion",
    }
    comments = breakdown_line(
        [str(p["name"]) for p in players], [dict(r.breakdown or {}) for r in results]
    )
    record: dict[str, Any] = {
        "id": 1,
        "uuid": play_uuid(play),
        "playDate": play.played_at.astimezone(UTC).strftime(DATE_FORMAT),
    }
    if play.duration_s is not None:  # an unknown length stays out, not 0 minutes
        record["durationMin"] = round(play.duration_s / 60)
    return {
        "players": players,
        "locations": [location],
        "games": [game],
        "plays": [
            {
                **record,
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
                        # An unknown start player marks nobody.
                        "startPlayer": play.start_seat is not None and play.start_seat == r.seat,
                        "newPlayer": r.player_id in newcomers,
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


@dataclass
class _Seat:
    name: str
    score: int | None
    rank: int | None
    winner: bool


@dataclass
class _Play:
    """One play of the file, read and checked, not yet written."""

    slug: str
    uid: str | None
    key: Any  # the uuid it is stored and matched under
    played_at: datetime
    minutes: int | None
    start: int | None
    seats: list[_Seat] = field(default_factory=list)


def _date(text: str) -> datetime:
    for pattern in (DATE_FORMAT, "%Y-%m-%d %H:%M", "%Y-%m-%d"):
        try:
            return datetime.strptime(text.strip(), pattern).replace(tzinfo=UTC)
        except ValueError:
            continue
    raise Refused(_("A play has a date that cannot be read: %(date)s."), date=text[:40])


def parse(raw: bytes | str) -> dict[str, Any]:
    data = checks.load(raw)
    if not isinstance(data, dict) or not isinstance(data.get("plays"), list):
        raise Refused(_("This is not a BG Stats play file (it has no list of plays)."))
    checks.check_text(data)
    return data


def _by_id(items: list[dict[str, Any]]) -> dict[Any, dict[str, Any]]:
    return {checks.ref(item, "id"): item for item in items}


def _read_play(
    item: dict[str, Any], games: dict[Any, dict[str, Any]], people: dict[Any, dict[str, Any]]
) -> _Play | None:
    """A play of the file, checked field by field; ``None`` for another game's play."""
    game = games.get(checks.ref(item, "gameRefId")) or {}
    name = checks.text(game, "name") or checks.text(game, "bggName")
    slug = slug_for(name, checks.ref(game, "bggId"))
    uid = checks.text(item, "uuid", limit=64) or None
    scores = checks.items(item, "playerScores")
    date = checks.text(item, "playDate", limit=40)
    minutes = checks.number(item, "durationMin", 0, checks.MAX_MINUTES)
    read: list[tuple[int, _Seat, bool]] = []
    for score in scores:
        person = people.get(checks.ref(score, "playerRefId")) or {}
        order = checks.number(score, "seatOrder", 0, checks.MAX_SMALL)
        rank = checks.number(score, "rank", 0, checks.MAX_SMALL)
        seat = _Seat(
            name=checks.text(person, "name").strip()[:40],
            score=checks.number(score, "score", -checks.MAX_SCORE, checks.MAX_SCORE),
            rank=rank if rank else None,
            winner=checks.flag(score, "winner"),
        )
        read.append((order or checks.MAX_SMALL + 1, seat, checks.flag(score, "startPlayer")))
    if slug is None:
        return None
    read.sort(key=lambda entry: entry[0])
    seats = [seat for _order, seat, _start in read]
    for number, seat in enumerate(seats, start=1):
        seat.name = seat.name or f"?{number}"
    played_at = _date(date)
    if uid:
        key = play_ids.for_import(uid)
    else:
        # No uuid in the file: the same play read again gets the same key.
        key = play_ids.for_content(
            slug,
            played_at.isoformat(),
            [(seat.name.casefold(), str(seat.score)) for seat in seats],
        )
    return _Play(
        slug=slug,
        uid=uid,
        key=key,
        played_at=played_at,
        minutes=minutes or None,
        start=next((index for index, entry in enumerate(read) if entry[2]), None),
        seats=seats,
    )


def _player(name: str, cache: dict[str, Player]) -> Player:
    folded = name.casefold()
    if folded not in cache:
        player = (
            Player.objects.filter(name__iexact=name, merged_into__isnull=True)
            .order_by("hidden", "pk")
            .first()
        )
        cache[folded] = player or Player.objects.create(name=name[:40])
    return cache[folded]


def import_file(raw: bytes | str) -> ImportReport:
    """Import the plays of our four games; a play the server holds (same uuid) is skipped.

    The whole file is read and checked first; a refused file changes nothing.
    """
    data = parse(raw)
    games = _by_id(checks.items(data, "games"))
    people = _by_id(checks.items(data, "players"))
    report = ImportReport()
    plays: list[_Play] = []
    for item in checks.items(data, "plays", required=True):
        play = _read_play(item, games, people)
        if play is None:
            report.other_games += 1
        elif play.seats:
            plays.append(play)
    cache: dict[str, Player] = {}
    seen: set[Any] = set()
    with write_transaction():
        for play in plays:
            held = Q(uuid=play.key) | (Q(source_uuid=play.uid) if play.uid else Q(pk__in=[]))
            if play.key in seen or Play.objects.filter(held).exists():
                report.duplicates += 1
                continue
            seen.add(play.key)
            stored = Play.objects.create(
                game=play.slug,
                source="bgstats",
                source_uuid=play.uid,
                uuid=play.key,
                played_at=play.played_at,
                duration_s=play.minutes * 60 if play.minutes else None,
                player_count=len(play.seats),
                start_seat=play.start,
            )
            PlayResult.objects.bulk_create(
                PlayResult(
                    play=stored,
                    player=_player(seat.name, cache),
                    seat=index,
                    name=seat.name,
                    score=seat.score,
                    rank=seat.rank,
                    winner=seat.winner,
                    thinking_s=None,  # the file does not say: unknown, not 0:00
                )
                for index, seat in enumerate(play.seats)
            )
            _fill_missing_ranks(stored)
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
