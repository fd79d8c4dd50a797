"""A phone's clocks keep one row through a real game's length, at four and five seats.

The fold tests play from 0:00, where every clock is four characters ("0:42"); a real game
of Wallenstein lasts hours, and each seat's thinking time passes ten minutes ("12:07") and
an hour ("1:02:33"). Side by side, four clocks took two rows from the first minute and five
kept two rows all game: a row more above every step's buttons on every phone (issue 21's
rule: the next and the committing tap above the fold at every player count). From four
seats each time sits under its marker (static/companion/app.css).
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from tests.browser.fold import switch_language
from tests.browser.phone_actions import LIVE, seated_and_started
from tests.browser.test_babylon_fold import LANGUAGES
from tests.browser.test_wallenstein_fold import NAMES, start_table

pytestmark = pytest.mark.browser

# Each seat's thinking time as the page writes it (live.js, format): at the start, past ten
# minutes and past an hour, and past two hours.
TIMES = {
    "start": ["0:42", "3:05", "2:33", "4:06", "1:59"],
    "late": ["12:34", "22:05", "1:02:33", "40:06", "1:09:59"],
    "hours": ["1:12:34", "2:22:05", "2:02:33", "1:40:06", "2:09:59"],
}

# The clocks stopped at ``times``, ``running`` the one that runs (bold), and their rows: the
# distinct tops of their items, and how far right they reach. In one task, so no live
# update comes in between.
ROWS = """([times, running]) => {
  const list = document.querySelector('#live .clocks');
  const items = [...list.querySelectorAll(':scope > li')];
  items.forEach((item, index) => {
    const clock = item.querySelector('.clock');
    clock.dataset.running = '';
    clock.textContent = times[index];
    item.classList.toggle('running', index === running);
  });
  const tops = new Set(items.map((item) => Math.round(item.getBoundingClientRect().top)));
  const right = Math.max(...items.map((item) => item.getBoundingClientRect().right));
  return [items.length, tops.size, right <= list.getBoundingClientRect().right + 0.5];
}"""


@pytest.mark.parametrize("players", [4, 5])
def test_the_clocks_keep_one_row_from_the_start_to_hours_in(
    server: Any, phones: Any, players: int
) -> None:
    screen = phones()
    join_url = start_table(screen, server.url, players)
    seats = seated_and_started(screen, phones, join_url, NAMES[:players])
    phone = seats[-1]
    shots = os.environ.get("CLOCK_ROW_SHOTS")
    for language in LANGUAGES:
        switch_language(phone, language)
        phone.locator("#live .clocks > li").nth(players - 1).wait_for(timeout=LIVE)
        for moment, times in TIMES.items():
            count, rows, inside = phone.evaluate(ROWS, [times, 2])
            if shots:
                phone.screenshot(path=f"{shots}/clocks-{players}-{moment}-{language}.png")
            assert count == players
            assert rows == 1, f"{players} seats, {moment}, {language}: {rows} rows of clocks"
            assert inside, f"{players} seats, {moment}, {language}: a clock past the card's edge"
