"""Small server-rendered SVG line charts (no script, no build step), readable on a phone."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from django.utils.formats import number_format

WIDTH, HEIGHT, PAD = 360, 200, 28

FONT = 10  # px, every text of the chart
# A digit or letter at 10px is at most about 6px wide in the usual sans-serif fonts: the width
# is estimated (the server cannot measure text), with room to spare rather than a clipped label.
CHAR_WIDTH = 6.0
LABEL_HEIGHT = 12  # baselines of two end labels at least this far apart never overlap
MOVED = 2  # px: an end label moved further than this from its line's end gets a leader line
TICKS = 5  # about this many labels on the value axis

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


@dataclass(frozen=True)
class Axis:
    """The value axis: from ``low`` to ``high`` in steps of ``step``, labels with ``decimals``."""

    low: float
    high: float
    step: float
    decimals: int

    @property
    def ticks(self) -> list[float]:
        count = round((self.high - self.low) / self.step)
        # Rounded to the label's precision: 0.1 * 3 is 0.30000000000000004 in floating point.
        return [_clean(round(self.low + i * self.step, self.decimals)) for i in range(count + 1)]

    def label(self, value: float) -> str:
        """The tick's number as the active language writes it ("2,5" in Czech and Russian)."""
        shown = int(value) if self.decimals == 0 else value
        return str(number_format(shown, decimal_pos=self.decimals or None))


def _clean(value: float) -> float:
    return 0.0 if value == 0 else value  # no "-0" label


def nice_axis(low: float, high: float, *, whole: bool = False, ticks: int = TICKS) -> Axis:
    """An axis covering ``low``..``high`` in round steps (1, 2 or 5 times a power of ten).

    ``whole``: the values are whole numbers (scores), so no step is smaller than 1.
    """
    if high <= low:
        high = low + 1
    rough = (high - low) / max(1, ticks - 1)
    if whole:
        rough = max(rough, 1.0)
    power = 10.0 ** math.floor(math.log10(rough))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= rough * (1 - 1e-9))
    decimals = max(0, -math.floor(math.log10(step) + 1e-9))
    # A hair's tolerance: 3.0000000001 should not open a whole extra step.
    start = math.floor(low / step + 1e-9) * step
    end = math.ceil(high / step - 1e-9) * step
    return Axis(low=start, high=end, step=step, decimals=decimals)


def text_width(text: str) -> float:
    """The estimated width in px of ``text`` at the chart's font size."""
    return len(text) * CHAR_WIDTH


def spread(wanted: Sequence[float], *, top: float, bottom: float) -> list[float]:
    """Baselines near ``wanted``, each at least ``LABEL_HEIGHT`` from the next, in top..bottom.

    Labels that would collide form a block centred on their wanted places (so the block stays
    beside the close line ends instead of sliding below them); blocks that then touch merge.
    Deterministic: in order of the wanted place, ties by position in the list.
    """
    order = sorted(range(len(wanted)), key=lambda i: (wanted[i], i))
    blocks: list[list[int]] = []  # runs of labels, each run stacked LABEL_HEIGHT apart

    def first(block: list[int]) -> float:
        centre = sum(wanted[i] for i in block) / len(block)
        lowest_first = bottom - (len(block) - 1) * LABEL_HEIGHT
        # Whole pixels: neighbours exactly LABEL_HEIGHT apart, without rounding noise.
        return round(max(top, min(centre - (len(block) - 1) * LABEL_HEIGHT / 2, lowest_first)))

    for i in order:
        blocks.append([i])
        while len(blocks) > 1 and (
            first(blocks[-2]) + len(blocks[-2]) * LABEL_HEIGHT > first(blocks[-1])
        ):
            last = blocks.pop()
            blocks[-1].extend(last)
    placed = {i: first(block) + n * LABEL_HEIGHT for block in blocks for n, i in enumerate(block)}
    return [placed[i] for i in range(len(wanted))]


def line_chart(
    series: Sequence[tuple[str, str, Sequence[float]]], *, title: str, x_label: str
) -> str:
    """One line per ``(name, colour, values)``; x is the index of the value."""
    series = [(name, colour, thinned(values)) for name, colour, values in series]
    points = [value for _name, _colour, values in series for value in values]
    if not points:
        return ""
    longest = max(len(values) for _n, _c, values in series)
    whole = all(float(value).is_integer() for value in points)
    axis = nice_axis(min(0.0, min(points)), max(points), whole=whole)
    ticks = [(value, axis.label(value)) for value in axis.ticks]
    # The left margin fits the longest tick label: "3,5" or "-1200" is never cut off.
    left = max(PAD, 8 + max(text_width(label) for _v, label in ticks))
    right, bottom = WIDTH - PAD, HEIGHT - PAD
    span = axis.high - axis.low

    def x(index: int) -> float:
        if longest == 1:  # one play: its point in the middle, not on the axis
            return (left + right) / 2
        return left + (right - left) * (index / (longest - 1))

    def y(value: float) -> float:
        return bottom - (bottom - PAD) * ((value - axis.low) / span)

    parts = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" fill="currentColor" '
        f'aria-label="{escape(title)}" xmlns="http://www.w3.org/2000/svg">',
        f"<title>{escape(title)}</title>",
    ]
    for value, label in ticks:
        parts.append(
            f'<line class="grid" x1="{left:.1f}" y1="{y(value):.1f}" x2="{right}" '
            f'y2="{y(value):.1f}" stroke="#888" stroke-opacity="0.25"/>'
            f'<text class="tick" x="{left - 4:.1f}" y="{y(value) + 3.5:.1f}" text-anchor="end" '
            f'font-size="{FONT}">{escape(label)}</text>'
        )
    parts += [
        f'<line x1="{left:.1f}" y1="{bottom}" x2="{right}" y2="{bottom}" stroke="#888"/>',
        f'<line x1="{left:.1f}" y1="{PAD}" x2="{left:.1f}" y2="{bottom}" stroke="#888"/>',
        f'<text x="{(left + right) / 2:.1f}" y="{HEIGHT - 6}" text-anchor="middle" '
        f'font-size="{FONT}">{escape(x_label)}</text>',
    ]
    ends: list[tuple[str, str, str, float, float]] = []
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
        if len(values) == 1:
            # A one-point polyline draws nothing: the single play gets a visible dot.
            fill = f"fill:var(--{colour})" if themed else f"fill:{stroke}"
            parts.append(
                f'<circle class="point" cx="{x(0):.1f}" cy="{y(values[0]):.1f}" r="4" '
                f'fill="{stroke}" style="{fill}"><title>{escape(name)}</title></circle>'
            )
        if values:
            ends.append((name, stroke, style, x(len(values) - 1), y(values[-1])))
    parts += _end_labels(ends, left=left)
    parts.append("</svg>")
    return "".join(parts)


def _end_labels(ends: Sequence[tuple[str, str, str, float, float]], *, left: float) -> list[str]:
    """Each line's name at its end, moved apart when totals are close (a leader line if so)."""
    # The name sits just above its line's end; close ends push each other down.
    wanted = [end_y - 4 for _n, _s, _st, _x, end_y in ends]
    baselines = spread(wanted, top=PAD - 14, bottom=HEIGHT - PAD - 2)
    parts = []
    for (name, stroke, style, end_x, end_y), baseline, natural in zip(
        ends, baselines, wanted, strict=True
    ):
        # Left of the end, unless that would run into the value axis: then right of it.
        inside = end_x - 2 - text_width(name) >= left
        text_x, anchor = (end_x - 2, "end") if inside else (end_x + 6, "start")
        if abs(baseline - natural) > MOVED:
            parts.append(
                f'<line class="leader" x1="{end_x:.1f}" y1="{end_y:.1f}" x2="{end_x:.1f}" '
                f'y2="{baseline - 3.5:.1f}" stroke="{stroke}" style="{style}" '
                f'stroke-width="1"/>'
            )
        # A halo in the card's colour keeps the name readable where it crosses a line.
        parts.append(
            f'<text class="end" x="{text_x:.1f}" y="{baseline:.1f}" font-size="{FONT}" '
            f'text-anchor="{anchor}" stroke="#fffdf8" stroke-width="3" stroke-linejoin="round" '
            f'style="stroke:var(--card);paint-order:stroke">{escape(name)}</text>'
        )
    return parts


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
