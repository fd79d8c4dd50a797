"""``companion/_choice.html`` writes out its hidden values, fields and button instead of
including them once per form and per field (issue 25: an include each was a tenth of the
acting phone's region). The games' own templates still include those three files, so
the text written out must stay the files' text, or the same entry would render
differently in a game's own layout and in the platform's list."""

from __future__ import annotations

from pathlib import Path

import pytest

TEMPLATES = Path(__file__).resolve().parents[2] / "templates" / "companion"


def _included_text(name: str) -> str:
    """What ``{% include name %}`` renders before any tag: the file after its one-line
    comment (which renders nothing but leaves its newline)."""
    first, rest = (TEMPLATES / name).read_text().split("\n", 1)
    assert first.startswith("{#") and first.endswith("#}")
    return "\n" + rest


@pytest.mark.parametrize("name", ["_choice_hidden.html", "_field.html", "_choice_button.html"])
def test_the_choice_writes_out_what_the_file_holds(name):
    choice = (TEMPLATES / "_choice.html").read_text()
    assert f'{{% include "companion/{name}"' not in choice
    assert _included_text(name) in choice


def test_the_choice_renders_as_with_the_includes():
    """The same form rendered from ``_choice.html`` and from a template that includes the
    three files where ``_choice.html`` writes them out."""
    from django.template import engines

    from games.base import Choice, Field

    choice_text = (TEMPLATES / "_choice.html").read_text()
    with_includes = choice_text
    for name, tag in (
        ("_choice_hidden.html", '{% include "companion/_choice_hidden.html" %}'),
        ("_field.html", '{% include "companion/_field.html" with prefix="f" %}'),
        ("_choice_button.html", '{% include "companion/_choice_button.html" %}'),
    ):
        with_includes = with_includes.replace(_included_text(name), tag)
    django = engines["django"]
    fields = (
        Field("floor", "Floor", kind="choice", choices=((1, "1"), (2, "2")), default=2),
        Field("n", "Count", low=0, high=3, default=1, help="Help"),
        Field("which", "Which", kind="multi", choices=((1, "a"), (2, "b")), default=(2,)),
    )
    context = {
        "choice": Choice("Label", {"type": "x"}, fields=fields, note="A note", echo="floor"),
        "idem": "k",
        "act_url": "/act/",
        "seats": [{"name": "Ann", "colour": "red"}],
        "host_mode": True,
        "me": 0,
        "table": {"state_version": 3},
    }
    written = django.from_string(choice_text).render(context)
    included = django.from_string(with_includes).render(context)
    assert "<select" in written and 'type="checkbox"' in written and 'name="on_behalf"' in written
    assert written == included
