"""Everyone at the table can read it (issue 26): axe-core finds no violation of WCAG 2.1 A/AA
on the busiest steps of every game (table screen, a seat's phone, host mode) and on the other
pages, in English, Czech and Russian, light and dark; the page structure is sound.

The games are brought to their busy steps by the host's device entering for everyone over
HTTP (tests/browser/autoplay.py); other tests play the same steps tap by tap.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Any

import pytest

from tests.browser.autoplay import new_table, play_until, start, take_seat
from tests.browser.axe import scan

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
SCREEN = {"viewport": {"width": 1280, "height": 800}}


@dataclass(frozen=True)
class Busy:
    """How to reach a game's busiest step: players, options, what to prefer, when to stop."""

    game: str
    players: int
    entries: int  # at least this many entries
    until: str = ""  # ... and then until the host page offers an entry holding this
    prefer: tuple[str, ...] = ()
    options: dict[str, str] = field(default_factory=dict)


BUSY = [
    # A battle's tower drop: six counts on the phone; the board, tower and turn order full.
    Busy("wallenstein", 5, 20, '"type":"drop"', ('"to":',), {"allocation": "fixed"}),
    # Cities settled and temples built, hands on the phones.
    Busy("babel", 2, 40, prefer=('"settle"', '"build"'), options={"hand_tracking": "on"}),
    Busy("babylon", 4, 40),
    Busy("stortebeker", 4, 40),
]


def reach(page: Any, base_url: str, code: str, busy: Busy) -> None:
    count = 0

    def done(text: str) -> bool:
        nonlocal count
        count += 1
        return count > busy.entries and (not busy.until or busy.until in html.unescape(text))

    play_until(page, base_url, code, done, prefer=busy.prefer, limit=600)


@pytest.fixture
def devices(browser: Any) -> Any:
    contexts = []

    def make(**options: Any) -> Any:
        context = browser.new_context(**options)
        context.set_default_timeout(15_000)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


@pytest.mark.parametrize("busy", BUSY, ids=[b.game for b in BUSY])
def test_the_busiest_steps_pass_axe_in_every_language_and_scheme(server, devices, busy):
    host = devices(**SCREEN)
    phone = devices(**PHONE)
    code = new_table(host, server.url, busy.game, busy.players, **busy.options)
    take_seat(phone, server.url, code, 0, "Anna", "yellow")
    start(host, server.url, code)
    reach(host, server.url, code, busy)

    found: list[str] = []
    found += scan(host, server.url, f"{server.url}/t/{code}/", f"{busy.game} table screen")
    found += scan(phone, server.url, f"{server.url}/t/{code}/me/", f"{busy.game} phone", phone=True)
    host.set_viewport_size(PHONE["viewport"])
    found += scan(
        host,
        server.url,
        f"{server.url}/t/{code}/host/",
        f"{busy.game} host mode",
        phone=True,
        languages=("en",),
    )
    assert not found, "\n".join(found)


def test_the_other_pages_pass_axe(server, devices):
    """Home, join, lobby, rules, history, a game's record, a correction, the players' pages."""
    host = devices(**SCREEN)
    phone = devices(**PHONE)
    code = new_table(host, server.url, "wallenstein", 3, allocation="fixed")
    found: list[str] = []
    found += scan(phone, server.url, f"{server.url}/", "home", phone=True)
    found += scan(phone, server.url, f"{server.url}/t/{code}/join/", "join", phone=True)
    take_seat(phone, server.url, code, 0, "Anna", "white")
    found += scan(host, server.url, f"{server.url}/t/{code}/", "lobby table screen")
    found += scan(phone, server.url, f"{server.url}/t/{code}/me/", "lobby phone", phone=True)
    start(host, server.url, code)
    reach(host, server.url, code, Busy("wallenstein", 3, 12))
    for slug in ("babel", "babylon", "wallenstein", "stortebeker"):
        found += scan(phone, server.url, f"{server.url}/games/{slug}/rules/", f"{slug} rules")
    found += scan(host, server.url, f"{server.url}/history/", "history")
    found += scan(host, server.url, f"{server.url}/history/{code}/", "a game's record")
    found += scan(
        phone, server.url, f"{server.url}/history/{code}/?step=3", "a game's record, step 3"
    )
    found += scan(host, server.url, f"{server.url}/t/{code}/correct/1/", "a refusal")
    dice = new_table(host, server.url, "dice_race", 2)
    start(host, server.url, dice)
    reach(host, server.url, dice, Busy("dice_race", 2, 2))
    found += scan(host, server.url, f"{server.url}/t/{dice}/correct/1/", "a correction")
    found += scan(phone, server.url, f"{server.url}/players/", "players")
    found += scan(phone, server.url, f"{server.url}/stats/wallenstein/", "statistics")
    assert not found, "\n".join(found)
