"""A player's whole history as CSV: one row per play."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from typing import Any

from companion.interop.common import english_name
from companion.models import Player, PlayResult
from companion.players import names

COLUMNS = [
    "date",
    "game",
    "players",
    "seat",
    "start_player",
    "score",
    "rank",
    "winner",
    "minutes",
    "thinking_minutes",
    "opponents",
    "breakdown",
    "source",
    "table",
    "play_uuid",
    "player",  # last: added after the others (issue 22), so column positions stay
]


# OWASP's CSV injection rule: a text cell starting with one of these is read as a
# formula by spreadsheets ("=cmd|' /C calc'!A0"); a leading apostrophe makes it text.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: Any) -> Any:
    """A cell a spreadsheet shows as written. Numbers we write stay numbers."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def write_rows(out: io.StringIO, rows: Iterable[Iterable[Any]]) -> None:
    """Every CSV the app writes goes through here, so every cell is neutralised."""
    writer = csv.writer(out)
    for row in rows:
        writer.writerow([safe_cell(cell) for cell in row])


def player_history(player: Player) -> str:
    """Names as they are now (``names``): the player's own and the opponents', a merged-away
    opponent as the player kept."""
    rows = list(
        PlayResult.objects.filter(player=player)
        .select_related("play", "play__table")
        .prefetch_related("play__results")
        .order_by("play__played_at", "play_id")
    )
    everyone = [r for row in rows for r in row.play.results.all()]
    shown = {r.pk: name for r, name, _player in names.result_names(everyone)}
    lines: list[list[Any]] = [list(COLUMNS)]
    for row in rows:
        play = row.play
        others = [
            shown[r.pk] for r in sorted(play.results.all(), key=lambda r: r.seat) if r.pk != row.pk
        ]
        lines.append(
            [
                play.played_at.strftime("%Y-%m-%d %H:%M"),
                english_name(play.game),
                play.player_count,
                row.seat + 1,
                "" if play.start_seat is None else int(play.start_seat == row.seat),
                "" if row.score is None else row.score,
                row.rank or "",
                int(row.winner),
                "" if play.duration_s is None else round(play.duration_s / 60),
                "" if row.thinking_s is None else round(row.thinking_s / 60, 1),
                "; ".join(others),
                "; ".join(f"{k}={v}" for k, v in (row.breakdown or {}).items()),
                play.source,
                play.table.code if play.table else "",
                str(play.uuid),
                shown[row.pk],
            ]
        )
    out = io.StringIO()
    write_rows(out, lines)
    return out.getvalue()
