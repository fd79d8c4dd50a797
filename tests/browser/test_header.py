"""The page header on one line on a 360 px phone, in English, Czech and Russian (issue 21).

It used to wrap onto several lines at 360 px in English and Russian. On a phone the brand, the
history and the players are icons whose names are read by screen readers (and shown as tips);
the language buttons and the colour switch stay. Checked on the home page and on a seat's page.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.fold import switch_language
from tests.browser.phone_actions import LIVE, join
from tests.browser.test_babylon_fold import LANGUAGES

pytestmark = pytest.mark.browser

WIDTH = 360


def rows(page: Any) -> list[float]:
    """The distinct vertical centres of the header's visible controls (one per line)."""
    centres = page.evaluate(
        """() => [...document.querySelectorAll(
                   'header.top .brand, header.top nav > a, header.top .lang, header.top .tool')]
                 .filter(e => e.offsetParent !== null)
                 .map(e => { const r = e.getBoundingClientRect(); return r.top + r.height / 2; })"""
    )
    return sorted({round(centre / 8) * 8.0 for centre in centres})


def check_header(page: Any, where: str) -> None:
    page.set_viewport_size({"width": WIDTH, "height": 740})
    for code in LANGUAGES:
        switch_language(page, code)
        assert len(rows(page)) == 1, (where, code, rows(page))
        box = page.locator("header.top").bounding_box()
        assert box is not None and box["width"] <= WIDTH and box["height"] <= 56, (where, code)
        assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH, (where, code)
        for name in ("Table Companion",):
            assert page.get_by_role("link", name=name).is_visible()
    # The links keep their names for screen readers, in the page's language.
    switch_language(page, "EN")
    for name in ("History", "Players"):
        link = page.locator("header.top").get_by_role("link", name=name, exact=True)
        assert link.is_visible() and link.get_attribute("title") == name


def test_the_header_fits_one_line_at_360_px(server: Any, phones: Any) -> None:
    home = phones()
    home.goto(server.url + "/")
    check_header(home, "home")

    home.set_viewport_size({"width": 1280, "height": 800})
    form = home.locator("form[data-game='babel']")
    form.get_by_role("button", name="Start a table").click()
    home.wait_for_url(re.compile(r"/t/[A-Z0-9]+/$"))
    phone = phones()
    join(phone, home.locator(".join-qr figcaption a").get_attribute("href"), "Александра")
    phone.locator("#live").wait_for(timeout=LIVE)
    check_header(phone, "seat")
