"""The SVG charts: round, localised axis labels that fit; one play's point; end labels apart.

Issue 22 (observed): "The rating axis shows unrounded, clipped labels ("3.4806" shown as
"4806") with "." in Czech and Russian; one play draws no point; score-race end labels overlap
when totals are close."
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from itertools import combinations

import pytest
from django.utils import translation

from companion.models import Player
from companion.players import charts
from tests.players.helpers import phone_of, played

SVG = "{http://www.w3.org/2000/svg}"
# Independent of the module's own estimate: 10px digits and letters stay within 6.5px each.
GLYPH = 6.5


def parsed(svg: str) -> ET.Element:
    assert svg.startswith("<svg")
    return ET.fromstring(svg)


def texts(root: ET.Element, kind: str) -> list[ET.Element]:
    return [t for t in root.iter(f"{SVG}text") if t.get("class") == kind]


def box(text: ET.Element) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of a 10px text from its anchor, baseline and length."""
    x, y, width = float(text.get("x", 0)), float(text.get("y", 0)), len(text.text or "") * GLYPH
    anchor = text.get("text-anchor", "start")
    left = {"start": x, "middle": x - width / 2, "end": x - width}[anchor]
    return left, y - 10, left + width, y + 2


def overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def rating_chart(values: list[float]) -> ET.Element:
    return parsed(charts.line_chart([("Anna", "red", values)], title="t", x_label="x"))


@pytest.mark.parametrize("language", ["en", "cs", "ru"])
def test_a_rating_axis_is_labelled_in_round_steps_and_nothing_is_cut_off(language):
    with translation.override(language):
        root = rating_chart([0.8, 2.1, 3.4806])
    labels = [t.text or "" for t in texts(root, "tick")]
    assert labels == ["0", "1", "2", "3", "4"]
    assert "4806" not in ET.tostring(root, encoding="unicode")
    for text in root.iter(f"{SVG}text"):
        left, _top, right, _bottom = box(text)
        assert left >= 0 and right <= charts.WIDTH, (text.text, left, right)


@pytest.mark.parametrize(("language", "separator"), [("en", "."), ("cs", ","), ("ru", ",")])
def test_fractional_steps_use_the_languages_decimal_separator(language, separator):
    with translation.override(language):
        root = rating_chart([-0.13, 0.12, 0.37])
    labels = [t.text or "" for t in texts(root, "tick")]
    assert labels == [f"-0{separator}2", f"0{separator}0", f"0{separator}2", f"0{separator}4"]
    # Each tick label sits on its grid line, lowest at the bottom.
    heights = [float(t.get("y", 0)) for t in texts(root, "tick")]
    assert heights == sorted(heights, reverse=True)


@pytest.mark.parametrize(
    ("low", "high", "whole", "step"),
    [
        (0, 3.4806, False, 1),
        (0, 12, True, 5),
        (0, 1000, True, 500),
        (-7, 23, True, 10),
        (0, 0.37, False, 0.1),
        (0, 0, False, 0.5),
        (0, 0, True, 1),  # scores are whole numbers: no "0.5" on their axis
        (0, 2, True, 1),
    ],
)
def test_axis_steps_are_one_two_or_five_times_a_power_of_ten_and_cover_the_values(
    low, high, whole, step
):
    axis = charts.nice_axis(low, high, whole=whole)
    assert axis.step == pytest.approx(step)
    assert axis.low <= low and axis.high >= high
    assert 2 <= len(axis.ticks) <= 6


def test_long_tick_labels_widen_the_left_margin_instead_of_being_clipped():
    root = rating_chart([-12000, 25000, 31000])
    ticks = texts(root, "tick")
    assert [t.text for t in ticks] == ["-20000", "0", "20000", "40000"]
    axis_x = min(float(line.get("x1", 0)) for line in root.iter(f"{SVG}line"))
    for tick in ticks:
        left, _top, right, _bottom = box(tick)
        assert left >= 0 and right <= axis_x


def test_one_play_draws_a_visible_point():
    root = rating_chart([7])
    (point,) = root.iter(f"{SVG}circle")
    assert float(point.get("r", 0)) >= 3
    assert 0 < float(point.get("cx", 0)) < charts.WIDTH
    assert 0 < float(point.get("cy", 0)) < charts.HEIGHT
    # Two or more plays are a line: no extra dots.
    assert not list(rating_chart([7, 9]).iter(f"{SVG}circle"))


@pytest.mark.parametrize(
    "totals",
    [[30, 30, 31, 30, 31], [12, 12, 12, 12], [40, 41, 40, 41, 40], [0, 1, 0, 1, 1], [5, 6, 7, 5]],
)
def test_close_totals_end_labels_do_not_overlap_and_stay_next_to_their_line(totals):
    names = ["Anna", "Ben", "Cyril", "Dana", "Eva"][: len(totals)]
    race = [{"totals": [0] * len(totals)}, {"totals": [t // 2 for t in totals]}, {"totals": totals}]
    svg = charts.race_chart(race, names, ["red", "blue", "green", "yellow", "purple"], "t", "x")
    root = parsed(svg)
    ends = {t.text: t for t in texts(root, "end")}
    assert sorted(ends) == sorted(names)
    for a, b in combinations(ends.values(), 2):
        assert not overlap(box(a), box(b)), (a.text, b.text)
    lines = {line.find(f"{SVG}title").text: line for line in root.iter(f"{SVG}polyline")}
    leaders = [line for line in root.iter(f"{SVG}line") if line.get("class") == "leader"]
    assert leaders  # close totals: some labels had to move
    for name, text in ends.items():
        left, top, right, bottom = box(text)
        assert left >= 0 and right <= charts.WIDTH and top >= 0 and bottom <= charts.HEIGHT
        end_x, end_y = map(float, lines[name].get("points", "").split()[-1].split(","))
        assert left - 8 <= end_x <= right + 8  # beside its line's end ...
        # Unmoved, a name sits just above its end (centre 8px higher); moved more, it is led.
        touching = abs(end_y - (top + bottom) / 2) <= 8 + charts.MOVED
        led = [
            line
            for line in leaders
            if (float(line.get("x1", 0)), float(line.get("y1", 0))) == (end_x, end_y)
            and top - 2 <= float(line.get("y2", 0)) <= bottom + 2
        ]
        assert touching or led, name  # ... or led there by a line from that end


def test_far_apart_totals_keep_their_labels_where_they_were():
    race = [{"totals": [0, 0]}, {"totals": [50, 5]}]
    root = parsed(charts.race_chart(race, ["Anna", "Ben"], ["red", "blue"], "t", "x"))
    assert not [line for line in root.iter(f"{SVG}line") if line.get("class") == "leader"]


@pytest.mark.django_db(transaction=True)
def test_a_players_page_after_one_play_shows_its_point_in_czech_numbers(make_table, join):
    played(make_table, join, ["Anna", "Ben"], [6, 1, 6])
    anna = Player.objects.get(name="Anna")
    client = phone_of(Player.objects.get(name="Ben"))
    client.cookies["django_language"] = "cs"
    page = client.get(f"/players/{anna.pk}/").content.decode()
    svgs = [parsed(svg) for svg in re.findall(r"<svg class=\"chart\".*?</svg>", page, re.S)]
    assert len(svgs) == 2  # scores and rating over time
    for root in svgs:
        assert len(list(root.iter(f"{SVG}circle"))) == 1
        for tick in texts(root, "tick"):
            assert re.fullmatch(r"-?\d+(,\d)?", tick.text or ""), tick.text
            assert box(tick)[0] >= 0
