"""Small server-rendered SVG line charts (no script, no build step), readable on a phone."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

WIDTH, HEIGHT, PAD = 360, 200, 28

# The seat colours, for a browser without custom properties; the lines take the app's own
# (var(--red), ...), so they match the markers in both colour schemes.
STROKES = {
    "red": "#d62828",
    "blue": "#1d4ed8",
    "green": "#15803d",
    "yellow": "#ca8a04",
    "purple": "#7e22ce",
    "orange": "#ea580c",
    "black": "#111827",
    "white": "#9ca3af",
}

# Each line also has its own dash pattern and its name at its end: told apart without colour.
DASHES = ("", "9 4", "2 4", "12 4 2 4", "16 6", "4 8")


MAX_POINTS = 120  # more points than this do not fit a phone's width: averaged in buckets


def thinned(values: Sequence[float]) -> list[float]:
    """At most ``MAX_POINTS`` values: consecutive values averaged in equal buckets."""
    if len(values) <= MAX_POINTS:
        return list(values)
    size = len(values) / MAX_POINTS
    buckets = [values[int(i * size) : int((i + 1) * size)] for i in range(MAX_POINTS)]
    return [sum(bucket) / len(bucket) for bucket in buckets if bucket]


def line_chart(
    series: Sequence[tuple[str, str, Sequence[float]]], *, title: str, x_label: str
) -> str:
    """One line per ``(name, colour, values)``; x is the index of the value."""
    series = [(name, colour, thinned(values)) for name, colour, values in series]
    points = [value for _name, _colour, values in series for value in values]
    if not points:
        return ""
    longest = max(len(values) for _n, _c, values in series)
    low, high = min(0.0, min(points)), max(points)
    span = (high - low) or 1.0

    def x(index: int) -> float:
        return PAD + (WIDTH - 2 * PAD) * (index / max(1, longest - 1))

    def y(value: float) -> float:
        return HEIGHT - PAD - (HEIGHT - 2 * PAD) * ((value - low) / span)

    parts = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" fill="currentColor" '
        f'aria-label="{escape(title)}" xmlns="http://www.w3.org/2000/svg">',
        f"<title>{escape(title)}</title>",
        f'<line x1="{PAD}" y1="{HEIGHT - PAD}" x2="{WIDTH - PAD}" y2="{HEIGHT - PAD}" stroke="#888"/>',
        f'<line x1="{PAD}" y1="{PAD}" x2="{PAD}" y2="{HEIGHT - PAD}" stroke="#888"/>',
        f'<text x="{PAD - 4}" y="{PAD + 4}" text-anchor="end" font-size="10">{high:g}</text>',
        f'<text x="{PAD - 4}" y="{HEIGHT - PAD}" text-anchor="end" font-size="10">{low:g}</text>',
        f'<text x="{WIDTH / 2}" y="{HEIGHT - 6}" text-anchor="middle" font-size="10">'
        f"{escape(x_label)}</text>",
    ]
    for number, (name, colour, values) in enumerate(series):
        stroke = STROKES.get(colour, "#444")
        # White would vanish on a light card: its line stays grey.
        themed = colour in STROKES and colour != "white"
        style = f"stroke:var(--{colour})" if themed else f"stroke:{stroke}"
        dash = DASHES[number % len(DASHES)]
        dashes = f' stroke-dasharray="{dash}"' if dash else ""
        coords = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values))
        parts.append(
            f'<polyline fill="none" stroke="{stroke}" style="{style}" stroke-width="2.5"'
            f'{dashes} points="{coords}"><title>{escape(name)}</title></polyline>'
        )
        if values:
            parts.append(
                f'<text x="{x(len(values) - 1):.1f}" y="{y(values[-1]) - 4:.1f}" '
                f'font-size="10" text-anchor="end">{escape(name)}</text>'
            )
    parts.append("</svg>")
    return "".join(parts)


def race_chart(
    race: list[dict[str, Any]], names: list[str], colours: list[str], title: str, x_label: str
) -> str:
    """The score race: each seat's running total after each scoring entry."""
    if len(race) < 2:
        return ""
    series = [
        (name, colour, [point["totals"][seat] for point in race if seat < len(point["totals"])])
        for seat, (name, colour) in enumerate(zip(names, colours, strict=False))
    ]
    return line_chart(series, title=title, x_label=x_label)
