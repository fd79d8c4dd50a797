"""Plays for statistics, derived from finished tables' logs and stored results.

A :class:`Play` is a cache of what a finished table's log says. It is built when the
table finishes (``build_finished``, called by the entry services right after the entry
that ends the game, or a correction after the end, commits) and at upgrade time
(``build_stale``, run by ``manage.py build_plays``, which ``start.py`` runs after
``migrate``). A statistics request never replays a whole history: it builds at most
``CATCH_UP`` plays that are still missing (``ensure_plays``) and the page says how many
games are still being counted. The engine is the only judge of the rules: the score
race and the start player come from replaying the log through it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from django.db.models import F, Q

import games
from companion import selectors
from companion.models import Play, Player, PlayResult, Seat, SeatPlayer, Snapshot, Table
from companion.players import groups, play_ids, registry
from companion.writes import write_transaction
from games.base import IllegalAction

log = logging.getLogger(__name__)


def stale_tables() -> Any:
    """Finished tables whose Play is missing or older than the table's log."""
    return Table.objects.filter(status=Table.Status.FINISHED).filter(
        Q(play__isnull=True) | ~Q(play__table_version=F("version"))
    )


# Plays a request builds at most (each is one replay of a finished table's log, some
# 5-30 ms): in normal operation there are none, the game's end built its play.
CATCH_UP = 2
BATCH = 50  # tables read at a time by the upgrade step


def ensure_plays(limit: int = CATCH_UP) -> int:
    """Build at most ``limit`` of the missing or stale Plays, oldest first; returns how many
    were built. Bounded on purpose: it runs inside requests, which a table whose play cannot
    be built must not break (it is logged and stays counted as pending)."""
    built = 0
    for table in stale_tables().order_by("finished_at", "pk")[:limit]:
        try:
            build_play(table)
        except Exception:  # noqa: BLE001 - the page shows what is counted so far
            log.exception("the play of table %s could not be built", table.code)
            continue
        built += 1
    return built


def pending(groups: frozenset[int] | None = None) -> int:
    """Finished tables whose play is still to be built (what a page says is being counted):
    of every group (``None``), or those where a player of ``groups`` sat."""
    stale = stale_tables()
    if groups is not None:
        if not groups:
            return 0
        stale = stale.filter(seats__player_link__player__group_key__in=groups).distinct()
    return int(stale.count())


def build_stale(progress: Callable[[int, int], None] | None = None) -> int:
    """Build every missing or stale Play (the upgrade step); returns how many were built.

    Tables are read ``BATCH`` at a time and each play is written in a transaction of its
    own, so the tables in play while it runs wait for one play's few inserts at most.
    A table whose play cannot be built is logged and left for the next run.
    """
    with write_transaction():
        reopened_plays().delete()  # left by a server older than the game-end hook
    total = pending()
    built = 0
    failed: set[int] = set()
    while True:
        batch = list(stale_tables().exclude(pk__in=failed).order_by("pk")[:BATCH])
        if not batch:
            return built
        for table in batch:
            try:
                build_play(table)
            except Exception:  # noqa: BLE001 - one bad table must not stop the others
                log.exception("the play of table %s could not be built", table.code)
                failed.add(table.pk)
                continue
            built += 1
            if progress is not None:
                progress(built, total)


def forget_reopened(table_id: int) -> None:
    """A table reopened after its end (an undo or a correction by the host) is no longer a
    finished play: its Play goes until the game ends again, when it is built afresh (with
    the same uuid, derived from the table's code). Like the game-end hook, a failure is
    logged and never undoes the entry; ``stale_tables``' callers remove it later."""
    try:
        with write_transaction():
            reopened_plays().filter(table_id=table_id).delete()
    except Exception:  # noqa: BLE001 - the entry is acknowledged already
        log.exception("the play of reopened table %s could not be removed", table_id)


def reopened_plays() -> Any:
    """Plays of tables that are no longer finished (reopened after their end)."""
    return Play.objects.filter(table__isnull=False).exclude(table__status=Table.Status.FINISHED)


def build_finished(table_id: int) -> None:
    """The game-end hook: the play of a table that has just finished, built after the
    entry's commit. The entry is acknowledged already, so nothing here may refuse or undo
    it: a failure is logged and the play is built later (a request's catch-up, or the
    upgrade step)."""
    try:
        table = Table.objects.filter(pk=table_id).first()
        if table is not None:
            ensure_play(table)
    except Exception:  # noqa: BLE001 - see above: never fails the entry
        log.exception("the play of table %s could not be built at its end", table_id)


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
    """The seat's chosen player; a seat nobody claimed (host mode) is matched by name.

    Only among the groups of the players whose phones sat at this table: a host who
    names a seat after someone of another group must not join that group (README: who
    sees what). At a table without such phones the seat is a new player.
    """
    if seat.pk in links:
        return registry.current(links[seat.pk])
    keys = {registry.current(player).group_key for player in links.values()}
    player = (
        Player.objects.filter(
            name__iexact=seat.name, merged_into__isnull=True, group_key__in=keys - {0}
        )
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
        # The players of a play are one group from now on.
        play.group_key = groups.join_players(play.results.values_list("player_id", flat=True))
        play.save(update_fields=["group_key"])
    return play
