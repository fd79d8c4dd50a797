"""Services that create tables and manage their seats."""

from __future__ import annotations

import secrets

from django.db import IntegrityError, transaction
from django.utils import timezone

import games
from companion import live
from companion.models import Event, Seat, SeatPlayer, Snapshot, Table, new_token
from companion.naming import typed_name
from companion.services.errors import Forbidden, NotFound, Refused
from companion.writes import write_transaction
from games.base import Game, IllegalAction
from games.i18n import _

# The colours a phone can pick; most games use a subset of these pieces.
COLOURS: list[tuple[str, str]] = [
    ("red", _("red")),
    ("blue", _("blue")),
    ("green", _("green")),
    ("yellow", _("yellow")),
    ("purple", _("purple")),
    ("orange", _("orange")),
    ("black", _("black")),
    ("white", _("white")),
]
COLOUR_KEYS = [key for key, _label in COLOURS]


def colours_for(game: Game) -> list[tuple[str, str]]:
    """The colours a seat of ``game`` may have: all but those of the game's own pieces."""
    return [(key, label) for key, label in COLOURS if key not in game.reserved_colours]


def _clean_name(name: str, fallback: str) -> str:
    return typed_name(name) or fallback


def create_table(
    game_slug: str,
    player_count: int,
    options: dict[str, str] | None = None,
    names: list[str] | None = None,
) -> Table:
    """A new table in the lobby, with a free seat for each player."""
    try:
        game = games.get(game_slug)
    except KeyError:
        raise NotFound(_("There is no game called %(slug)s."), slug=game_slug) from None
    names = list(names or [])
    try:
        game.check_players(["?"] * player_count)
        chosen = game.normalise_options(options)
    except IllegalAction as error:
        raise Refused(error.message) from error
    if len(names) > player_count:
        raise Refused(_("More names than players."))
    names += [""] * (player_count - len(names))
    colours = [key for key, _label in colours_for(game)]
    with write_transaction():
        table = Table.objects.create(
            game=game.slug, options=chosen, seed=secrets.randbits(62), code=_unused_code()
        )
        for index, name in enumerate(names):
            Seat.objects.create(
                table=table,
                index=index,
                name=_clean_name(name, _default_name(index)),
                colour=colours[index % len(colours)],
            )
    return table


def _default_name(index: int) -> str:
    # In the host's language, and stored as it is: a name is not translated later.
    from django.utils.translation import gettext

    return gettext("Player %(number)s") % {"number": index + 1}


def _unused_code() -> str:
    from companion.models import new_code

    while True:
        code = new_code()
        if not Table.objects.filter(code=code).exists():
            return code


def start_table(table: Table) -> Table:
    """Deal the game with the seats' names: the first event of the log."""
    game = games.get(table.game)
    with write_transaction():
        table = Table.objects.select_for_update().get(pk=table.pk)
        if table.status != Table.Status.LOBBY:
            raise Refused(_("The game has already started."))
        players = list(table.seats.order_by("index").values_list("name", flat=True))
        state = game.setup(players, table.options, seed=table.seed)
        now = timezone.now()
        table.version += 1
        Event.objects.create(
            table=table,
            seq=table.version,
            kind=Event.Kind.START,
            by_host=True,
            payload={"players": players, "options": table.options, "seed": table.seed},
        )
        Snapshot.objects.create(table=table, position=0, state=state)
        table.state = state
        table.state_version = table.version
        table.applied = 0
        table.status = Table.Status.RUNNING
        table.started_at = now
        table.clock_since = now
        table.clocks = {str(index): 0.0 for index in range(len(players))}
        table.scores = game.scores(state)
        table.save()
        version = table.version
        transaction.on_commit(lambda: live.publish(table.code, version))
    return table


def claim_seat(table: Table, index: int, name: str, colour: str, claim_token: str | None) -> str:
    """Bind a device to a free seat; returns the token for its cookie.

    ``claim_token`` comes from the seat's own QR code; without it (the table's
    join page) a free seat may be taken only in the lobby. Once the game runs, a
    free seat is somebody's place in the game: it is taken through its own link or
    QR code, which only the host's table screen shows (the host's consent).
    The name typed here is the seat's name of record, also in a running game.
    """
    token = new_token()
    with write_transaction():
        table = Table.objects.select_for_update().get(pk=table.pk)
        seat = table.seats.filter(index=index).first()
        if seat is None:
            raise NotFound(_("There is no such seat."))
        if claim_token is None and table.status != Table.Status.LOBBY:
            raise Forbidden(
                _("The game has started: take a free seat with its own QR code from the host.")
            )
        if claim_token is not None and not secrets.compare_digest(claim_token, seat.claim_token):
            raise Forbidden(_("This seat link is no longer valid. Ask the host for a new one."))
        if not seat.is_free:
            raise Refused(_("This seat is taken. The host can free it."))
        if colour not in dict(colours_for(games.get(table.game))):
            raise Refused(_("Pick one of the offered colours."))
        others = table.seats.exclude(pk=seat.pk)
        if others.exclude(device_token="").filter(colour=colour).exists():
            raise Refused(_("Another player has this colour."))
        _move_free_seats_off(others.filter(device_token="", colour=colour), colour, table)
        seat.name = _clean_name(name, seat.name)
        seat.colour = colour
        seat.device_token = token
        seat.claimed_at = timezone.now()
        seat.save()
        _log_seat_change(table, seat, "claimed")
    return token


def _move_free_seats_off(seats, colour: str, table: Table) -> None:  # type: ignore[no-untyped-def]
    """A free seat that had the colour just picked gets another unused one."""
    used = set(table.seats.values_list("colour", flat=True)) | {colour}
    spare = [key for key, _label in colours_for(games.get(table.game)) if key not in used]
    for seat in seats:
        seat.colour = spare.pop(0)
        seat.save(update_fields=["colour"])


def free_seat(table: Table, index: int, *, new_link: bool = True) -> None:
    """The host frees a seat: its phone loses it, and (by default) old seat links stop working."""
    with write_transaction():
        table = Table.objects.select_for_update().get(pk=table.pk)
        seat = table.seats.filter(index=index).first()
        if seat is None:
            raise NotFound(_("There is no such seat."))
        seat.device_token = ""
        seat.claimed_at = None
        if new_link:
            seat.claim_token = new_token()
        seat.save()
        # The phone that held the seat was not the host's choice of player: the seat no
        # longer counts for its player (a freed phone joins no group through it).
        SeatPlayer.objects.filter(seat=seat).delete()
        _log_seat_change(table, seat, "freed")


def rename_seat(table: Table, index: int, name: str) -> None:
    """The host renames a seat, also during the game (the seat holds the name of record)."""
    with write_transaction():
        table = Table.objects.select_for_update().get(pk=table.pk)
        seat = table.seats.filter(index=index).first()
        if seat is None:
            raise NotFound(_("There is no such seat."))
        seat.name = _clean_name(name, seat.name)
        seat.save()
        _log_seat_change(table, seat, "renamed")


def _log_seat_change(table: Table, seat: Seat, what: str) -> None:
    """Seat changes go into the log (for the history) and to every device."""
    table.version += 1
    try:
        Event.objects.create(
            table=table,
            seq=table.version,
            kind=Event.Kind.SEAT,
            seat=seat.index,
            by_host=what == "freed",
            payload={"what": what, "name": seat.name, "colour": seat.colour},
        )
    except IntegrityError as error:  # pragma: no cover - the row lock makes this impossible
        raise Refused(_("Please try again.")) from error
    table.save(update_fields=["version"])
    version = table.version
    transaction.on_commit(lambda: live.publish(table.code, version))


def set_listed(table: Table, listed: bool) -> None:
    """The host opens the table to the room (listed on the home page) or closes it."""
    Table.objects.filter(pk=table.pk).update(listed=listed)


def check_host(table: Table, host_token: str | None) -> None:
    if not host_token or not secrets.compare_digest(host_token, table.host_token):
        raise Forbidden(_("Only the host can do this."))
