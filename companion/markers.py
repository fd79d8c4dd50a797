"""Seat markers that do not depend on colour alone.

Every place that shows a seat draws its colour *and* a short mark: the initial of the seat's
name, or two characters where two names share an initial ("An", "Ad"; "P1", "P2" for the
default names), or the seat's number where even that does not tell them apart. A player who
cannot tell red from green reads the letters; the table reads them from across the room.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.html import format_html
from django.utils.safestring import SafeString


def _letters(name: str) -> str:
    """The name without spaces: "Player 2" is told from "Player 1" by its "2"."""
    return "".join(name.split())


def seat_marks(names: Sequence[str]) -> list[str]:
    """One short mark per seat, different for every seat of the table."""
    letters = [_letters(name) for name in names]
    initials = [text[:1].upper() or "?" for text in letters]
    marks = list(initials)
    for initial in set(initials):
        group = [i for i, value in enumerate(initials) if value == initial]
        if len(group) < 2:
            continue
        texts = [letters[i] for i in group]
        differ = next(
            (
                k
                for k in range(1, max(len(text) for text in texts))
                if len({text[k : k + 1].casefold() for text in texts}) > 1
            ),
            None,
        )
        tags = [initial + text[differ : differ + 1] for text in texts] if differ else []
        if not tags or len({tag.casefold() for tag in tags}) < len(tags):
            tags = [str(i + 1) for i in group]  # identical names: the seat's number
        for i, tag in zip(group, tags, strict=True):
            marks[i] = tag
    return marks


def marker_html(colour: str, mark: str, name: str = "", named: bool = False) -> SafeString:
    """The marker: a disc of the seat's colour holding its mark.

    The mark is drawn by the stylesheet from ``data-mark`` (``.dot[data-mark]::before``): it
    is for the eyes, and the page's text (a name, a log line) stays what it was.

    ``named``: the marker stands alone for the seat (a land's owner, a count in the
    tower), so it carries the name for screen readers and as a tooltip; beside a written
    name it is decoration and hidden from them.
    """
    if named and name:
        return format_html(
            '<span class="dot colour-{}" data-mark="{}" role="img" aria-label="{}" title="{}">'
            "</span>",
            colour,
            mark,
            name,
            name,
        )
    return format_html(
        '<span class="dot colour-{}" data-mark="{}" aria-hidden="true"></span>', colour, mark
    )
