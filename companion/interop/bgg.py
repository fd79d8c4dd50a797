"""A BoardGameGeek play record (the XML of BGG's plays API) for a finished play."""

from __future__ import annotations

from xml.etree import ElementTree as ET

from companion.interop.common import bgg_id, breakdown_line, english_name
from companion.models import Play


def export_play(play: Play) -> str:
    results = list(play.results.order_by("seat").select_related("player"))
    names = [r.player.name if r.player else r.name for r in results]
    root = ET.Element(
        "play",
        {
            "id": "",
            "date": play.played_at.strftime("%Y-%m-%d"),
            "quantity": "1",
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
                "startposition": str(result.seat + 1),
                "color": result.player.colour if result.player else "",
                # BGG scores are free text: a plain integer.
                "score": "" if result.score is None else str(result.score),
                "new": "0",
                "rating": "0",
                "win": "1" if result.winner else "0",
            },
        )
    ET.indent(root)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="unicode")
