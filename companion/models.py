"""The table platform's data: tables, seats, the append-only entry log, snapshots.

The log (:class:`Event`) is the truth. ``Table.state`` and :class:`Snapshot`
are caches derived from it: they make an entry cost the same in the 500th
turn as in the first, and they can always be rebuilt from the log.
"""

from __future__ import annotations

import secrets
import uuid
from typing import Any

from django.db import models
from django.utils.translation import gettext_lazy as _

# No 0/O, 1/I/L: a code must survive being read aloud across the table.
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 8  # 31^8 ≈ 8.5e11 codes: not guessable by trying


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_token() -> str:
    return secrets.token_urlsafe(24)


class Table(models.Model):
    """One game at one table, from the lobby to the final result."""

    class Status(models.TextChoices):
        LOBBY = "lobby", _("Waiting for players")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    code = models.CharField(max_length=16, unique=True, default=new_code)
    game = models.CharField(max_length=40)
    options = models.JSONField(default=dict)
    seed = models.BigIntegerField()
    host_token = models.CharField(max_length=64, default=new_token)
    watch_token = models.CharField(max_length=64, default=new_token)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.LOBBY)
    # "Open": the host lists the table on the home page for everyone in the room.
    # Otherwise only the devices at the table see it listed (README: who sees what).
    listed = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    # Derived from the log, kept here so that an entry needs no replay.
    # seq of the last event; one more when a rematch of the finished table is made, so
    # that its devices hear of it (companion/players/rematch.py).
    version = models.PositiveIntegerField(default=0)
    # seq of the last event that changed the game state: forms carry it, so a
    # form made before someone else's entry is refused (seat changes don't count).
    state_version = models.PositiveIntegerField(default=0)
    state = models.JSONField(null=True, blank=True)
    applied = models.PositiveIntegerField(default=0)  # effective actions in `state`
    undo_seat = models.SmallIntegerField(null=True, blank=True)  # seat of the last effective action
    clocks = models.JSONField(default=dict)  # seat index (str) -> seconds thinking
    clock_since = models.DateTimeField(null=True, blank=True)
    outcome = models.JSONField(null=True, blank=True)
    scores = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.game} {self.code}"


class Seat(models.Model):
    """A player's place at a table, and the device that holds it."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=40)
    colour = models.CharField(max_length=20)
    # Scanning the seat's own QR code (which carries this) claims the seat.
    claim_token = models.CharField(max_length=64, default=new_token)
    # The cookie of the phone that holds the seat; empty while the seat is free.
    device_token = models.CharField(max_length=64, blank=True, db_index=True)
    claimed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["table", "index"]
        constraints = [
            models.UniqueConstraint(fields=["table", "index"], name="one_seat_per_index")
        ]

    def __str__(self) -> str:
        return f"{self.table.code} #{self.index} {self.name}"

    @property
    def is_free(self) -> bool:
        return not self.device_token


class Event(models.Model):
    """One entry in a table's append-only log.

    ``action`` events carry an engine action; ``undo`` takes back the last
    effective action; ``correct`` replaces the physical facts of the action
    logged at ``target``. Seat changes are logged too, for the history.
    """

    class Kind(models.TextChoices):
        START = "start", _("Game started")
        ACTION = "action", _("Entry")
        UNDO = "undo", _("Undo")
        CORRECT = "correct", _("Correction")
        SEAT = "seat", _("Seat change")

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=10, choices=Kind.choices)
    seat = models.SmallIntegerField(null=True, blank=True)  # on whose behalf
    by_host = models.BooleanField(default=False)
    device = models.CharField(max_length=16, blank=True)  # a short, non-secret device tag
    created_at = models.DateTimeField(auto_now_add=True)
    payload = models.JSONField(default=dict)
    target = models.PositiveIntegerField(null=True, blank=True)
    # NULL, not "", for events without a form (seat changes): NULLs never collide.
    idempotency_key = models.CharField(max_length=64, null=True, blank=True)  # noqa: DJ001

    class Meta:
        ordering = ["table", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["table", "seq"], name="one_event_per_seq"),
            models.UniqueConstraint(
                fields=["table", "idempotency_key"], name="one_event_per_idempotency_key"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table.code} {self.seq} {self.kind}"


class Snapshot(models.Model):
    """The state after the first ``position`` effective actions of a table.

    A cache: undo and corrections delete the snapshots they make stale.
    """

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="snapshots")
    position = models.PositiveIntegerField()
    state = models.JSONField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="one_snapshot_per_position")
        ]

    def __str__(self) -> str:
        return f"{self.table.code} @{self.position}"


def seat_key(index: int) -> str:
    """JSON objects have string keys: clocks are keyed by ``str(index)``."""
    return str(index)


# -- Players and what statistics read (issue 15) ------------------------------------


class Player(models.Model):
    """A person across games on this server: no account, just a name people pick.

    A merged player points at the one it became (``merged_into``); a phone that
    remembers the old one is led to the new one.
    """

    name = models.CharField(max_length=40)
    colour = models.CharField(max_length=20, blank=True)
    language = models.CharField(max_length=10, blank=True)
    hidden = models.BooleanField(default=False)
    merged_into = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="merged_players"
    )
    # The group: players who sat at a finished table together share one key (README: who
    # sees what). A new player is a group of their own (the key is their pk); groups join,
    # never split. Kept on the row so that a request decides access in one query.
    group_key = models.PositiveIntegerField(default=0, db_index=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        super().save(*args, **kwargs)
        if not self.group_key:  # a new player is a group of their own until they play
            self.group_key = self.pk
            type(self).objects.filter(pk=self.pk).update(group_key=self.pk)


class SeatPlayer(models.Model):
    """Which known player sits on a seat (chosen when the phone joined)."""

    seat = models.OneToOneField(Seat, on_delete=models.CASCADE, related_name="player_link")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="seat_links")

    def __str__(self) -> str:
        return f"{self.seat} = {self.player}"


class Play(models.Model):
    """A finished play as statistics read it.

    Derived from a finished table's log and stored results (rebuilt when the
    table's version moves, e.g. after a correction), or imported from a BG Stats
    file (``source="bgstats"``).
    """

    game = models.CharField(max_length=40, db_index=True)
    table = models.OneToOneField(
        Table, null=True, blank=True, on_delete=models.CASCADE, related_name="play"
    )
    table_version = models.PositiveIntegerField(default=0)
    source = models.CharField(max_length=20, default="table")
    source_uuid = models.CharField(max_length=64, null=True, blank=True, unique=True)  # noqa: DJ001
    # The play's id in every export and the key of a re-import: derived from the table's
    # code for a table's play (stable across rebuilds), the file's uuid for an import
    # (companion.players.play_ids).
    uuid = models.UUIDField(unique=True, default=uuid.uuid4, editable=False)
    played_at = models.DateTimeField(db_index=True)
    duration_s = models.FloatField(null=True, blank=True)
    player_count = models.PositiveSmallIntegerField()
    start_seat = models.SmallIntegerField(null=True, blank=True)
    # The score race: [{"step": n, "totals": [..per seat..]}] at each change of the totals.
    race = models.JSONField(default=list)
    group_key = models.PositiveIntegerField(default=0, db_index=True)  # its players' group

    class Meta:
        ordering = ["-played_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.game} {self.played_at:%Y-%m-%d}"


class PlayResult(models.Model):
    """One seat's result in a :class:`Play`."""

    play = models.ForeignKey(Play, on_delete=models.CASCADE, related_name="results")
    player = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.SET_NULL, related_name="results"
    )
    seat = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=60)
    score = models.IntegerField(null=True, blank=True)
    breakdown = models.JSONField(default=dict)
    rank = models.PositiveSmallIntegerField(null=True, blank=True)  # 1 = first place
    winner = models.BooleanField(default=False)
    thinking_s = models.FloatField(null=True, blank=True)

    class Meta:
        ordering = ["play", "seat"]

    def __str__(self) -> str:
        return f"{self.play} #{self.seat} {self.name}"


class Rematch(models.Model):
    """The table a finished table's rematch started."""

    table = models.OneToOneField(Table, on_delete=models.CASCADE, related_name="rematch")
    next_table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="rematch_of")

    def __str__(self) -> str:
        return f"{self.table} -> {self.next_table}"


class PlayerMerge(models.Model):
    """A merge, kept so that it can be undone: what moved from ``source`` to ``target``."""

    source = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="merges_away")
    target = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="merges_in")
    results = models.JSONField(default=list)  # PlayResult ids moved
    seat_links = models.JSONField(default=list)  # SeatPlayer ids moved
    players = models.JSONField(default=list)  # ids of players merged into source before
    source_was_hidden = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    undone_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.source} -> {self.target}"


class ImportJob(models.Model):
    """An upload of past plays, checked whole and written later in small batches.

    The file was read and checked before the job was made (a refused file makes no job);
    ``plays`` holds its plays as read (``companion.interop.jobs``), ``position`` how many
    of them are written. Each batch and its ``position`` are one short transaction, so an
    interrupted job goes on from the last batch written (README of companion/players).
    """

    key = models.CharField(max_length=32, unique=True, default=new_token)  # in the address
    # The uploading device's secret (its ``import_<key>`` cookie): only it and the
    # person running the server see the job.
    owner_token = models.CharField(max_length=64, default=new_token)
    # Whose records the plays join: the uploading device's own players (their groups are
    # read again at each batch, groups join meanwhile) and its remembered player.
    anchors = models.JSONField(default=list)
    home_player = models.PositiveIntegerField(null=True, blank=True)
    everyone = models.BooleanField(default=False)  # the operator: names match in every group
    plays = models.JSONField(default=list)  # emptied when the job is done
    total = models.PositiveIntegerField(default=0)
    position = models.PositiveIntegerField(default=0)
    imported = models.PositiveIntegerField(default=0)
    duplicates = models.PositiveIntegerField(default=0)
    other_games = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"import {self.key} {self.position}/{self.total}"

    @property
    def done(self) -> bool:
        return self.finished_at is not None
