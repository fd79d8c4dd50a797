"""The colours of both schemes keep their contrasts (issue 26): text 4.5:1 on every background
it is shown on, each seat colour 3:1 against the page and the cards or an outline that does,
and the mark on a seat's marker 4.5:1 against the seat's colour (WCAG 2.1, 1.4.3 and 1.4.11).
Values come from static/companion/app.css, so a colour changed there is checked here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.services.tables import COLOUR_KEYS

ROOT = Path(__file__).resolve().parents[2]
CSS = (ROOT / "static/companion/app.css").read_text(encoding="utf-8")


def block(selector: str) -> dict[str, str]:
    match = re.search(re.escape(selector) + r"\s*\{(.*?)\}", CSS, re.S)
    assert match, selector
    return dict(re.findall(r"(--[\w-]+):\s*([^;]+);", match.group(1)))


LIGHT = block(":root")
SCHEMES = {"light": LIGHT, "dark": {**LIGHT, **block(':root[data-scheme="dark"]')}}


def value(scheme: dict[str, str], name: str) -> str:
    text = scheme[name].strip()
    while text.startswith("var("):
        text = scheme[text[4:-1].strip()].strip()
    return text


def luminance(colour: str) -> float:
    hex_ = colour.lstrip("#")
    if len(hex_) == 3:
        hex_ = "".join(c * 2 for c in hex_)
    channels = [int(hex_[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


TEXT = [
    ("--fg", "--bg"), ("--fg", "--card"), ("--fg", "--pill"), ("--fg", "--button"),
    ("--fg", "--field"), ("--muted", "--bg"), ("--muted", "--card"), ("--muted", "--pill"),
    ("--accent", "--bg"), ("--accent", "--card"), ("--accent-fg", "--accent"),
    ("--brand-fg", "--brand"), ("--danger", "--flash-error"), ("--ok", "--flash"),
    ("--danger-fg", "--danger"),
]  # fmt: skip


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize(("text", "background"), TEXT)
def test_text_keeps_4_5_to_1(scheme, text, background):
    colours = SCHEMES[scheme]
    ratio = contrast(value(colours, text), value(colours, background))
    assert ratio >= 4.5, f"{scheme}: {text} on {background} is {ratio:.2f}:1"


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("colour", COLOUR_KEYS)
def test_a_seat_colour_stands_out_or_has_an_outline_that_does(scheme, colour):
    colours = SCHEMES[scheme]
    fill = value(colours, f"--{colour}")
    ring_name = f"--ring-{colour}"
    ring = value(colours, ring_name) if ring_name in colours else "transparent"
    for background in ("--bg", "--card"):
        edge = fill if ring == "transparent" else ring
        ratio = contrast(edge, value(colours, background))
        assert ratio >= 3, f"{scheme}: {colour} ({edge}) on {background} is {ratio:.2f}:1"


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("colour", COLOUR_KEYS)
def test_the_mark_on_a_marker_keeps_4_5_to_1(scheme, colour):
    colours = SCHEMES[scheme]
    ratio = contrast(value(colours, f"--on-{colour}"), value(colours, f"--{colour}"))
    assert ratio >= 4.5, f"{scheme}: the mark on {colour} is {ratio:.2f}:1"


def test_unowned_wallenstein_lands_are_written_in_a_colour_that_reads():
    """The issue's axe failure: #8a8078 on #fffdf8 was 3.79:1."""
    style = (ROOT / "games/wallenstein/static/games/wallenstein/style.css").read_text()
    rule = re.search(r"\.region tr\.free td \{ color: ([^;]+);", style)
    assert rule and rule.group(1) == "var(--muted)"
    for colours in SCHEMES.values():
        assert contrast(value(colours, "--muted"), value(colours, "--card")) >= 4.5
