"""BG Stats play files (.bgsplay, JSON): export a finished play, import a group's past plays.

Field names follow the published list in /work/shared/data/interop/README.md.
Import is lenient: unknown keys are ignored, optional keys may be missing, and
a file that is not a play file is refused with a clear message.
"""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from companion.interop import checks
from companion.interop.common import (
    bgg_id,
    breakdown_line,
    english_name,
    first_plays,
    slug_for,
)
from companion.models import Play, Player, PlayResult
from companion.players import groups, play_ids
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


def play_to_json(play: _Play) -> dict[str, Any]:
    """A play as read, kept in an import job until it is written (``play_from_json``)."""
    return {
        "slug": play.slug,
        "uid": play.uid,
        "key": str(play.key),
        "at": play.played_at.isoformat(),
        "minutes": play.minutes,
        "start": play.start,
        "seats": [[s.name, s.score, s.rank, s.winner] for s in play.seats],
    }


def play_from_json(data: dict[str, Any]) -> _Play:
    return _Play(
        slug=data["slug"],
        uid=data["uid"],
        key=uuid.UUID(data["key"]),
        played_at=datetime.fromisoformat(data["at"]),
        minutes=data["minutes"],
        start=data["start"],
        seats=[
            _Seat(name=name, score=score, rank=rank, winner=winner)
            for name, score, rank, winner in data["seats"]
        ],
    )


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
    item: dict[str, Any],
    games: dict[Any, dict[str, Any]],
    people: dict[Any, dict[str, Any]],
    slugs: dict[Any, str | None],
) -> _Play | None:
    """A play of the file, checked field by field; ``None`` for another game's play.

    ``slugs``: which of our games each game of the file is, filled as plays name them
    (a file of 11,500 plays has a handful of games).
    """
    reference = checks.ref(item, "gameRefId")
    if reference not in slugs:
        game = games.get(reference) or {}
        name = checks.text(game, "name") or checks.text(game, "bggName")
        slugs[reference] = slug_for(name, checks.ref(game, "bggId"))
    slug = slugs[reference]
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


def read_file(raw: bytes | str) -> tuple[list[_Play], int]:
    """The plays of our four games in the file, and how many plays of other games it has.

    The whole file is read and checked here, before anything is written: a refused file
    (``Refused``, a message naming the field) changes nothing.
    """
    data = parse(raw)
    games = _by_id(checks.items(data, "games"))
    people = _by_id(checks.items(data, "players"))
    plays: list[_Play] = []
    other_games = 0
    slugs: dict[Any, str | None] = {}
    for item in checks.items(data, "plays", required=True):
        play = _read_play(item, games, people, slugs)
        if play is None:
            other_games += 1
        elif play.seats:
            plays.append(play)
    return plays, other_games


def write_plays(plays: list[_Play], into: Into, report: ImportReport) -> None:
    """Write ``plays`` in the caller's transaction; a play the server holds (same uuid,
    or the file's uuid) is skipped. Each play joins the groups of its players
    (``companion.players.groups``).

    A handful of queries for the whole batch (what is held, the players, two inserts),
    not a handful per play: a batch is one short transaction of an import job.
    """
    held = set(Play.objects.filter(uuid__in=[p.key for p in plays]).values_list("uuid", flat=True))
    uids = [p.uid for p in plays if p.uid]
    held_uids = set(
        Play.objects.filter(source_uuid__in=uids).values_list("source_uuid", flat=True)
        if uids
        else []
    )
    cache: dict[str, Player] = {}
    fresh: list[tuple[_Play, list[Player]]] = []
    for play in plays:
        if play.key in held or (play.uid and play.uid in held_uids):
            report.duplicates += 1
            continue
        held.add(play.key)
        if play.uid:
            held_uids.add(play.uid)
        players = [_player(seat.name, cache, into) for seat in play.seats]
        _join(players, cache)
        fresh.append((play, players))
    stored = Play.objects.bulk_create(
        Play(
            game=play.slug,
            source="bgstats",
            source_uuid=play.uid,
            uuid=play.key,
            played_at=play.played_at,
            duration_s=play.minutes * 60 if play.minutes else None,
            player_count=len(play.seats),
            start_seat=play.start,
            # Joins later in the batch renamed groups on the cached players too.
            group_key=players[0].group_key,
        )
        for play, players in fresh
    )
    PlayResult.objects.bulk_create(
        PlayResult(
            play=row,
            player=player,
            seat=index,
            name=seat.name,
            score=seat.score,
            rank=rank,
            winner=seat.winner,
            thinking_s=None,  # the file does not say: unknown, not 0:00
        )
        for row, (play, players) in zip(stored, fresh, strict=True)
        for index, (seat, player, rank) in enumerate(
            zip(play.seats, players, _ranks(play.seats), strict=True)
        )
    )
    report.imported += len(fresh)


def _join(players: list[Player], cache: dict[str, Player]) -> None:
    """The players of one play become one group (``groups.join``: two updates, only when
    they are of several groups); the cached players follow the new key."""
    keys = {player.group_key for player in players}
    if len(keys) < 2:
        return
    kept = groups.join(keys)
    for player in [*cache.values(), *players]:
        if player.group_key in keys:
            player.group_key = kept


BATCH_PLAYS = 10  # plays per transaction of ``import_file`` and of an import job: ~10 ms of CPU
# each (bench/imports.py), so a busy machine still holds the database well under ~50 ms


def import_file(raw: bytes | str, into: Into) -> ImportReport:
    """Import the plays of our four games at once (the import page makes a job instead,
    ``companion.interop.jobs``); each batch of plays is its own short transaction.

    The whole file is read and checked first; a refused file changes nothing.
    """
    plays, other_games = read_file(raw)
    report = ImportReport(other_games=other_games)
    for start in range(0, len(plays), BATCH_PLAYS):
        with write_transaction():
            write_plays(plays[start : start + BATCH_PLAYS], into, report)
    return report


def _ranks(seats: list[_Seat]) -> list[int]:
    """The file's ranks; a file without them: winners first, then by score (highest
    wins), equal places shared."""
    if all(seat.rank for seat in seats):
        return [int(seat.rank or 0) for seat in seats]
    order = sorted(range(len(seats)), key=lambda i: (not seats[i].winner, -(seats[i].score or 0)))
    ranks = [0] * len(seats)
    place = 0
    previous: tuple[bool, int] | None = None
    for position, index in enumerate(order, start=1):
        key = (seats[index].winner, seats[index].score or 0)
        if key != previous:
            place = position
            previous = key
        ranks[index] = place
    return ranks
