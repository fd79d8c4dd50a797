"""A BoardGameGeek play record (the XML of BGG's plays API) for a finished play."""

from __future__ import annotations

from xml.etree import ElementTree as ET

from companion.interop.common import bgg_id, breakdown_line, english_name, first_plays
from companion.models import Play


def export_play(play: Play) -> str:
    results = list(play.results.order_by("seat").select_related("player"))
    names = [r.player.name if r.player else r.name for r in results]
    newcomers = first_plays(play)
    root = ET.Element(
        "play",
        {
            "id": "",  # BGG numbers a play when it is logged there; none before
            "date": play.played_at.strftime("%Y-%m-%d"),
            "quantity": "1",
            # 0 is BGG's own "length not recorded"
            "length": str(round((play.duration_s or 0) / 60)),
            "incomplete": "0",
            "nowinstats": "0",
            "location": "Table Companion",
        },
    )
    ET.SubElement(
        root,
        "item",
        {
            "name": english_name(play.game),
            "objecttype": "thing",
            "objectid": str(bgg_id(play.game) or ""),
        },
    )
    comments = ET.SubElement(root, "comments")
    comments.text = breakdown_line(names, [dict(r.breakdown or {}) for r in results])
    players = ET.SubElement(root, "players")
    for name, result in zip(names, results, strict=True):
        ET.SubElement(
            players,
            "player",
            {
                "username": "",
                "userid": "0",
                "name": name,
                # BGG's start position says who started: "1" is the start player. The
                # others' places in the turn order are not all known (Wallenstein draws
                # a new order each season), so they stay empty, as does an unknown start.
                "startposition": "1"
                if play.start_seat is not None and play.start_seat == result.seat
                else "",
                "color": result.player.colour if result.player else "",
                # BGG scores are free text: a plain integer.
                "score": "" if result.score is None else str(result.score),
                "new": "1" if result.player_id in newcomers else "0",
                "rating": "0",
                "win": "1" if result.winner else "0",
            },
        )
    ET.indent(root)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="unicode")
