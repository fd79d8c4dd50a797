"""Rematch: one tap at the end starts a new table with the same players, seats and options."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.http import HttpRequest

from companion import devices, live
from companion.models import Play, Rematch, Seat, SeatPlayer, Table
from companion.services import tables
from companion.services.errors import Refused
from companion.writes import write_transaction
from games.i18n import _


def next_table(table: Table) -> Table | None:
    link = Rematch.objects.filter(table=table).select_related("next_table").first()
    return link.next_table if link else None


def start_rematch(table: Table) -> Table:
    """The new table, already started (a second tap gives the same one)."""
    if table.status != Table.Status.FINISHED:
        raise Refused(_("A rematch can start when the game is over."))
    existing = next_table(table)
    if existing is not None:
        return existing
    seats = list(table.seats.order_by("index"))
    links = {
        link.seat.index: link.player
        for link in SeatPlayer.objects.filter(seat__table=table).select_related("seat", "player")
    }
    with write_transaction():
        new = tables.create_table(
            table.game, len(seats), dict(table.options), [seat.name for seat in seats]
        )
        for old, seat in zip(seats, new.seats.order_by("index"), strict=True):
            seat.colour = old.colour
            seat.save(update_fields=["colour"])
            if old.index in links:
                SeatPlayer.objects.create(seat=seat, player=links[old.index])
        try:
            Rematch.objects.create(table=table, next_table=new)
        except IntegrityError:  # two taps at once: the first one's table wins
            raise Refused(_("The rematch has just been started. Open it again.")) from None
        _announce(table)
    return tables.start_table(new)


def _announce(table: Table) -> None:
    """A new version of the finished table, pushed to its devices: every seated phone's
    region is rendered again and now offers its seat at the rematch.

    No event is logged (nothing happened in the game), so the version runs one ahead of
    the log's last entry. The table's Play is built from the log alone: a Play that was
    current stays current rather than being rebuilt (a rebuild would renumber the results
    that a player merge remembers).
    """
    locked = Table.objects.select_for_update().get(pk=table.pk)
    before = locked.version
    locked.version = before + 1
    locked.save(update_fields=["version"])
    Play.objects.filter(table=locked, table_version=before).update(table_version=locked.version)
    code, version = locked.code, locked.version
    transaction.on_commit(lambda: live.publish(code, version))


def inherited_seat(request: HttpRequest, table: Table) -> Seat | None:
    """The free seat of a rematch that this device held in the game before it.

    Holding the seat at the old table is the host's consent to take the same seat at
    the new one, as a seat link would be (a running game is joined only by consent).
    """
    link = Rematch.objects.filter(next_table=table).select_related("table").first()
    if link is None:
        return None
    old = devices.my_seat(request, link.table)
    if old is None:
        return None
    return table.seats.filter(index=old.index, device_token="").first()


def seat_for_player(table: Table, player_id: int | None) -> int | None:
    """The free seat of ``table`` that belongs to ``player_id`` (a rematch keeps seats)."""
    if player_id is None:
        return None
    link = (
        SeatPlayer.objects.filter(seat__table=table, player_id=player_id, seat__device_token="")
        .select_related("seat")
        .first()
    )
    return link.seat.index if link else None
