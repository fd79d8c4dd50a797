"""The greyed temple levels on Babel's phone: one closed line, their reasons inside.

Random play found a turn's end with five greyed levels ("The temple deck holds no card of
level 1.", a line and a reason each) that pushed "End actions" to 1,100 px on a 390 × 844
phone (tests/browser/fold_sweep.py). Like the builds that are all greyed, the greyed levels
now fold under one line that says how many; the levels that can be entered stay one tap.
"""

from __future__ import annotations

import pytest

from games.babel import GAME
from games.babel.constants import STAGE_TEMPLE
from tests.games.babel.helpers import arrange, new_game
from tests.games.phone_pages import folded as folded_in
from tests.games.phone_pages import render_entries

TEMPLATE = "games/babel/phone_choices.html"

# Every card of levels 5 and 6 face up in the temple rows: the deck holds none of them.
SEEN = [[6, 6, 6, 5, 5, 5], [6, 6, 5, 5, 5]]


def phone_choices(language: str) -> str:
    state = arrange(new_game(), temple_rows=SEEN, stage=STAGE_TEMPLE, active=0)
    return render_entries(TEMPLATE, GAME, state, 0, language, view={})


def folded(html: str) -> str:
    return folded_in(html, "not-possible levels")


def test_the_greyed_levels_fold_under_one_line_with_their_reasons() -> None:
    html = phone_choices("en")
    inside = folded(html)
    assert "<summary>Can't enter these levels now (2)</summary>" in inside
    for level in (5, 6):
        assert f"The temple deck holds no card of level {level}." in inside
        assert f"Level {level}</button>" in inside
    # The levels the deck still holds are one-tap buttons outside the fold, none greyed.
    outside = html.replace(inside, "")
    assert outside.count('class="choice tap level"') == 4
    assert '<button type="button" disabled>' not in outside


@pytest.mark.parametrize(
    ("language", "summary"),
    [
        ("cs", "Tato patra teď zadat nelze (2)"),
        ("ru", "Эти уровни сейчас ввести нельзя (2)"),
    ],
)
def test_the_folded_line_in_czech_and_russian(language: str, summary: str) -> None:
    assert f"<summary>{summary}</summary>" in folded(phone_choices(language))


def test_no_folded_line_when_every_level_can_be_entered() -> None:
    state = arrange(new_game(), temple_rows=[[], []], stage=STAGE_TEMPLE, active=0)
    html = render_entries(TEMPLATE, GAME, state, 0)
    assert "not-possible" not in html and html.count('class="choice tap level"') == 6


def builds_one_possible(language: str = "en") -> str:
    """ "na prázdné staveniště přijde první patro, na něj druhé patro atd.": with an empty
    building site in Media only level 1 (the starting card) can be built; the rows' levels 2
    and 4 are greyed."""
    state = arrange(
        new_game(),
        rows={"medes": [["medes"] * 4, []]},
        figures=["medes", "quarry"],
        temple_rows=[[3, 2], [4]],
    )
    return render_entries(TEMPLATE, GAME, state, 0, language, view={})


def test_greyed_builds_beside_one_that_can_be_made_fold_under_it() -> None:
    """Random play found a greyed build (two lines in Russian and its reason) above the one
    that could be made, which pushed the last temple levels to 854 px (fold_sweep)."""
    html = builds_one_possible()
    inside = folded_in(html, "not-possible")
    assert "<summary>Can't build now (2)</summary>" in inside
    assert "Build level 2 from" in inside and "Build level 4 from" in inside
    outside = html.replace(inside, "")
    assert "Build level 1 from your starting card</button>" in outside
    assert '<button type="button" disabled>Build level' not in outside
    # Under the build that can be made, not above it.
    assert outside.index("Build level 1 from your starting card") < html.index(inside)


@pytest.mark.parametrize(
    ("language", "summary"),
    [("cs", "Stavět teď nelze (2)"), ("ru", "Строить сейчас нельзя (2)")],
)
def test_the_greyed_builds_line_in_czech_and_russian(language: str, summary: str) -> None:
    assert f"<summary>{summary}</summary>" in folded_in(
        builds_one_possible(language), "not-possible"
    )


def abilities_none_can_skip(language: str = "en") -> str:
    """ "V daném městě lze při stavbě chrámu přeskočit právě jedno patro": on an empty building
    site only a level 2 skips one level; the rows' tops are levels 1 and 4, so both skips are
    greyed, while the three Persians' other power ("Likvidace poloviny karet v ruce") can be
    used."""
    state = arrange(
        new_game(),
        rows={"persians": [["persians"] * 3, []]},
        figures=["persians", "quarry"],
        temple_rows=[[1], [4]],
        hand_sizes=[5, 12],
    )
    return render_entries(TEMPLATE, GAME, state, 0, language, view={})


def test_greyed_abilities_fold_under_the_one_that_can_be_used() -> None:
    """A game played from the phones (tests/browser/playthrough.py) met two greyed Persian
    skips, two lines and a reason each, that pushed the travels and the temple levels to
    1,041 px on a 390 × 844 phone."""
    html = abilities_none_can_skip()
    inside = folded_in(html, "not-possible abilities")
    assert "<summary>Can't use these abilities now (2)</summary>" in inside
    assert "Skipping one level here means building level 2, not 1." in inside
    assert "Skipping one level here means building level 2, not 4." in inside
    outside = html.replace(inside, "")
    assert "Three Persians: the opponent discards half their hand</button>" in outside
    assert "skip a level" not in outside
    assert outside.index("discards half their hand") < html.index(inside)


@pytest.mark.parametrize(
    ("language", "summary"),
    [
        ("cs", "Zvláštní schopnosti teď použít nelze (2)"),
        ("ru", "Использовать способности сейчас нельзя (2)"),
    ],
)
def test_the_greyed_abilities_line_in_czech_and_russian(language: str, summary: str) -> None:
    assert f"<summary>{summary}</summary>" in folded_in(
        abilities_none_can_skip(language), "not-possible abilities"
    )
