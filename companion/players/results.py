"""Plays for statistics, derived from finished tables' logs and stored results.

A :class:`Play` is a cache of what a finished table's log says: it is built the
first time statistics need it and rebuilt when the table's version moves (a
correction after the end). The engine is the only judge of the rules: the score
race and the start player come from replaying the log through it.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db.models import F, Q

import games
from companion import selectors
from companion.models import Play, Player, PlayResult, Seat, SeatPlayer, Snapshot, Table
from companion.players import play_ids, registry
from companion.writes import write_transaction
from games.base import IllegalAction

log = logging.getLogger(__name__)


def stale_tables() -> Any:
    """Finished tables whose Play is missing or older than the table's log."""
    return Table.objects.filter(status=Table.Status.FINISHED).filter(
        Q(play__isnull=True) | ~Q(play__table_version=F("version"))
    )


def ensure_plays() -> int:
    """Build the missing or stale Plays; returns how many were built."""
    built = 0
    for table in stale_tables().prefetch_related("seats"):
        build_play(table)
        built += 1
    return built


def ensure_play(table: Table) -> Play | None:
    if table.status != Table.Status.FINISHED:
        return None
    play = Play.objects.filter(table=table).first()
    if play is not None and play.table_version == table.version:
        return play
    return build_play(table)


def replay_facts(table: Table) -> tuple[int | None, list[dict[str, Any]]]:
    """The start player and the score race, from replaying the log through the engine.

    The start player is what the engine's state records (``Game.start_seat``: the seat
    entered or drawn to start), never the seat that happened to act first or last;
    ``None`` when the engine does not know. The race records the totals after every
    entry that changed them.
    """
    try:
        game = games.get(table.game)
    except KeyError:
        return None, []
    snapshot = Snapshot.objects.filter(table=table, position=0).first()
    if snapshot is None:
        return None, []
    state = snapshot.state
    totals = [score["total"] for score in game.scores(state)]
    race = [{"step": 0, "totals": totals}]
    try:
        for step, item in enumerate(selectors.effective(table), start=1):
            state = game.apply(state, item.action)
            now = [score["total"] for score in game.scores(state)]
            if now != totals:
                race.append({"step": step, "totals": now})
                totals = now
    except IllegalAction as error:  # an old log that a changed engine no longer accepts
        log.warning("replay of %s stopped: %s", table.code, error)
    # The replayed state is today's engine's reading of the whole log (a table state
    # stored by an older engine may lack what it records now, e.g. Wallenstein's first
    # Startspieler); the stored state stands in if the replay stopped before the fact.
    start = game.start_seat(state)
    if start is None and table.state is not None:
        start = game.start_seat(table.state)
    seats = len(state.get("players") or [])
    if start is not None and not 0 <= start < seats:
        start = None
    return start, race


def player_for_seat(seat: Seat, links: dict[int, Player]) -> Player:
    """The seat's chosen player; a seat nobody claimed (host mode) is matched by name."""
    if seat.pk in links:
        return registry.current(links[seat.pk])
    player = (
        Player.objects.filter(name__iexact=seat.name, merged_into__isnull=True)
        .order_by("hidden", "pk")
        .first()
    )
    if player is None:
        player = Player.objects.create(name=seat.name[:40], colour=seat.colour)
    SeatPlayer.objects.update_or_create(seat=seat, defaults={"player": player})
    return player


def build_play(table: Table) -> Play:
    seats = list(table.seats.order_by("index"))
    links = {
        link.seat_id: link.player
        for link in SeatPlayer.objects.filter(seat__table=table).select_related("player")
    }
    start, race = replay_facts(table)
    scores = table.scores or []
    outcome = table.outcome or {}
    ranks: dict[int, int] = {}
    place = 1
    for group in outcome.get("ranking") or []:
        for index in group:
            ranks[int(index)] = place
        place += len(group)
    winners = {int(index) for index in outcome.get("winners") or []}
    duration = (
        (table.finished_at - table.started_at).total_seconds()
        if table.finished_at and table.started_at
        else None
    )
    with write_transaction():
        # The table screen, a stream and the last phone all render the end of a game at
        # once, and each may find no Play yet: the table's row lock makes them build it one
        # after the other, and the later ones take the Play the first one built (on
        # PostgreSQL the second insert otherwise broke the unique table key: a 500 page).
        Table.objects.select_for_update().only("pk").get(pk=table.pk)
        built = Play.objects.filter(table=table, table_version=table.version).first()
        if built is not None:
            return built
        Play.objects.filter(table=table).delete()
        play = Play.objects.create(
            game=table.game,
            table=table,
            table_version=table.version,
            source="table",
            uuid=play_ids.for_table(table.code),
            played_at=table.finished_at or table.created_at,
            duration_s=duration,
            player_count=len(seats),
            start_seat=start,
            race=race,
        )
        PlayResult.objects.bulk_create(
            PlayResult(
                play=play,
                player=player_for_seat(seat, links),
                seat=seat.index,
                name=seat.name,
                score=scores[seat.index]["total"] if seat.index < len(scores) else None,
                breakdown=scores[seat.index].get("breakdown", {})
                if seat.index < len(scores)
                else {},
                rank=ranks.get(seat.index),
                winner=seat.index in winners,
                thinking_s=float((table.clocks or {}).get(str(seat.index), 0.0)),
            )
            for seat in seats
        )
    return play
