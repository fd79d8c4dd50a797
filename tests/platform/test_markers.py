"""Seats told apart without colour (issue 26): every seat marker carries a mark that differs
from every other seat's, and every template draws markers through the one template tag."""

from __future__ import annotations

import re
from pathlib import Path

from django.template import Context, Template

from companion.markers import seat_marks

ROOT = Path(__file__).resolve().parents[2]


def test_initials_where_they_differ():
    assert seat_marks(["Anna", "Boris", "Cyril"]) == ["A", "B", "C"]


def test_a_shared_initial_takes_the_first_letter_that_differs():
    assert seat_marks(["Anna", "Adam", "Boris"]) == ["An", "Ad", "B"]


def test_the_default_names_are_told_apart_by_their_numbers():
    names = [f"Player {n}" for n in range(1, 6)]
    assert seat_marks(names) == ["P1", "P2", "P3", "P4", "P5"]
    assert seat_marks(["Hráč 1", "Hráč 2"]) == ["H1", "H2"]
    assert seat_marks(["Игрок 1", "Игрок 2", "Ivan"]) == ["И1", "И2", "I"]


def test_identical_names_fall_back_to_the_seat_number():
    assert seat_marks(["Anna", "Anna", "Boris"]) == ["1", "2", "B"]
    assert seat_marks(["", ""]) == ["1", "2"]


def test_every_mark_of_a_table_is_different():
    for names in (["Jana", "Jan", "Jana"], ["Al", "Alb", "Alc", "B"], ["a", "A"]):
        marks = seat_marks(names)
        assert len({mark.casefold() for mark in marks}) == len(names), (names, marks)


def render(text: str, **context) -> str:
    return Template(text).render(Context(context))


SEATS = [
    {"index": 0, "name": "Anna", "colour": "yellow"},
    {"index": 1, "name": "Adam", "colour": "green"},
]


def test_the_marker_beside_a_name_is_hidden_from_screen_readers():
    html = render("{% seat_marker seats 1 %} Adam", seats=SEATS)
    assert html == '<span class="dot colour-green" data-mark="Ad" aria-hidden="true"></span> Adam'


def test_a_marker_standing_alone_carries_the_name():
    html = render("{% seat_marker seats 0 named=True %}", seats=SEATS)
    assert html == (
        '<span class="dot colour-yellow" data-mark="An" role="img" aria-label="Anna"'
        ' title="Anna"></span>'
    )


def test_a_name_is_escaped_and_a_missing_seat_draws_nothing():
    seats = [{"index": 0, "name": "<b>", "colour": "red"}]
    assert "&lt;b&gt;" in render("{% seat_marker seats 0 named=True %}", seats=seats)
    assert render("{% seat_marker seats 3 %}", seats=seats) == ""


def test_no_template_draws_a_seat_dot_of_its_own():
    """One marker for every place a seat is shown: no copies that could lose the mark."""
    templates = [*ROOT.glob("templates/**/*.html"), *ROOT.glob("games/*/templates/**/*.html")]
    assert templates
    copies = [
        str(path.relative_to(ROOT))
        for path in templates
        if re.search(r'class="dot colour-', path.read_text(encoding="utf-8"))
    ]
    assert copies == []
