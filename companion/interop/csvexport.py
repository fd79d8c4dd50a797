"""A player's whole history as CSV: one row per play."""

from __future__ import annotations

import csv
import io

from companion.interop.common import english_name
from companion.models import Player, PlayResult

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
]


def player_history(player: Player) -> str:
    rows = (
        PlayResult.objects.filter(player=player)
        .select_related("play", "play__table")
        .order_by("play__played_at", "play_id")
    )
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(COLUMNS)
    for row in rows:
        play = row.play
        others = [r.name for r in play.results.all() if r.pk != row.pk]
        writer.writerow(
            [
                play.played_at.strftime("%Y-%m-%d %H:%M"),
                english_name(play.game),
                play.player_count,
                row.seat + 1,
                int(play.start_seat == row.seat),
                "" if row.score is None else row.score,
                row.rank or "",
                int(row.winner),
                round((play.duration_s or 0) / 60),
                round((row.thinking_s or 0) / 60, 1),
                "; ".join(others),
                "; ".join(f"{k}={v}" for k, v in (row.breakdown or {}).items()),
                play.source,
                play.table.code if play.table else "",
            ]
        )
    return out.getvalue()
