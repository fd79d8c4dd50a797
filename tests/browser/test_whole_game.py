"""A whole game from the phones, as a group plays it: Babel, two phones at 390×844 in Czech and
the table screen at 1280×800, from the first entry to the end (tests/browser/playthrough.py).

"Hra může skončit třemi různými způsoby" (15 against under 10, the final part to 20 or under
10, or the last temple card turned up): whichever comes, the table screen says the game is over
and who won. On the way every entry a phone offered was tapped as a player taps it (a part
opened, a box's option picked, a committing button that has stood still), the server took
each one, and every other screen showed it by its live update, without a reload. The choices
are random (seeded) and the app's draws are not, so each run plays a different game: a
failure names the entry and what the page showed.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.playthrough import NAMES, play_game

pytestmark = pytest.mark.browser


def test_a_whole_game_of_babel_from_two_phones(server: Any, browser: Any) -> None:
    report = play_game(browser, server.url, "babel", 2, "cs", seed=1, limit=400)
    assert report.errors == []
    assert not report.refused, report.refused  # what a page offered, the server took
    assert report.finished, report.ended
    # Each turn is at least the actions and the temple cards: a game is dozens of entries.
    assert report.entries >= 20
    assert "Konec hry" in report.ended
    # "Při nerozhodném stavu vyhraje hráč s vyšším počtem karet národů v ruce": with the hands
    # equal too, both are named ("Vítězové: Kateřina, Jiří").
    winners = re.search(r"Vítěz(?:ové)?: (.+)", report.ended)
    assert winners, report.ended
    assert any(name in winners.group(1) for name in NAMES["cs"][:2]), report.ended
