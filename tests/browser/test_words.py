"""No word breaks in the middle, on a 390 px phone or on the 1280 px table screen.

Issue 21: "Text breaks mid-word on phones and the 1280 px table screen ("Cy|ril", "11,|9",
"Gol|d", "decoratio|ns"): `overflow-wrap: anywhere` on `main, .card`."

Each of the four games is dealt at its largest table and played part-way by random legal
entries (the engines' own choices, ``tests/browser/seed_games.py``, in the server's
database), and its busiest pages are looked at in Chromium, in English, Czech and
Russian: the phone of the seat to act and host mode at 390 px, the table screen at
1280 px, and the game's History page at both. For every word of every text on the page
the browser's own line boxes are compared (Range.getClientRects): a word whose pieces
lie on two lines was broken, unless it breaks after a hyphen. Nor may a page scroll
sideways.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from tests.fixtures import ROOT

pytestmark = pytest.mark.browser

LONG_TOKEN = 30  # characters: a link, a token; no word of the games' languages is as long
PHONE = {"width": 390, "height": 844}
TABLE = {"width": 1280, "height": 800}
LANGUAGES = ("en", "cs", "ru")
# (game, players, options, the entries made before the pages are looked at: one table each)
GAMES = [
    ("babel", 2, [], (30,)),
    ("babylon", 4, [], (24, 60)),
    ("wallenstein", 5, ["allocation=fixed"], (40, 90)),
    ("stortebeker", 4, [], (6, 70)),
]

# Every word of every rendered text: on how many lines do its pieces lie?
SPLIT_WORDS = """
(LONG_TOKEN) => {
  const found = [];
  const range = document.createRange();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const lineOf = (rects) => {
    const lines = [];
    for (const r of rects) {
      if (!lines.some((top) => Math.abs(top - r.top) < r.height / 2)) lines.push(r.top);
    }
    return lines.length;
  };
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    // Only text a person sees: Chromium lays out a closed <details>'s content
    // (content-visibility: hidden) at the closed summary's width when asked for its boxes,
    // which breaks words that open, at full width, stand whole.
    if (!node.parentElement || !node.parentElement.checkVisibility()) continue;
    const text = node.data;
    const words = /\\S+/g;
    let match;
    while ((match = words.exec(text))) {
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
      if (rects.length < 2 || lineOf(rects) < 2) continue;
      // Where does it break? A break after a hyphen or a dash is a break between words.
      let at = 1;
      for (; at < match[0].length; at++) {
        range.setStart(node, match.index + at - 1);
        range.setEnd(node, match.index + at + 1);
        if (lineOf([...range.getClientRects()].filter((r) => r.width > 0)) > 1) break;
      }
      const before = match[0][at - 1];
      if ("-\\u2010\\u2013\\u2014\\u00ad".includes(before)) continue;
      // A link or another unbroken token longer than any line may wrap where it must.
      if (match[0].length >= LONG_TOKEN) continue;
      found.push(match[0].slice(0, at) + "|" + match[0].slice(at));
    }
  }
  return found;
}
"""
SIDEWAYS = "() => document.documentElement.scrollWidth - window.innerWidth"


def seed(
    server: Any, slug: str, players: int, options: list[str], counts: tuple[int, ...]
) -> list[dict[str, Any]]:
    command = [sys.executable, "-m", "tests.browser.seed_games", slug, str(players), "21"]
    command += [str(n) for n in counts] + [f"--option={option}" for option in options]
    done = subprocess.run(
        command, cwd=ROOT, env=server.env, capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


class Looker:
    """Looks at pages as one device (its cookies) at one viewport, in every language."""

    def __init__(self, browser: Any, server: Any) -> None:
        self.browser = browser
        self.server = server
        self.problems: list[str] = []
        self.pages_seen = 0

    def look(self, cookie: dict[str, str], path: str, viewport: dict[str, int], what: str) -> None:
        context = self.browser.new_context(viewport=viewport, base_url=self.server.url)
        try:
            context.set_default_timeout(20_000)
            # The pages as they are: no live updates while they are measured.
            context.route("**/stream/**", lambda route: route.abort())
            for language in LANGUAGES:
                context.add_cookies(
                    [
                        {**cookie, "url": self.server.url},
                        {"name": "django_language", "value": language, "url": self.server.url},
                    ]
                )
                page = context.new_page()
                page.goto(path, wait_until="domcontentloaded")  # after the stylesheet
                page.evaluate("document.fonts.ready")
                self.pages_seen += 1
                split = page.evaluate(SPLIT_WORDS, LONG_TOKEN)
                if split:
                    self.problems.append(f"{what} {language} {viewport['width']}px: {split[:12]}")
                sideways = page.evaluate(SIDEWAYS)
                if sideways > 0:
                    self.problems.append(
                        f"{what} {language} {viewport['width']}px: {sideways}px sideways"
                    )
                page.close()
        finally:
            context.close()


@pytest.mark.parametrize(("slug", "players", "options", "counts"), GAMES)
def test_no_word_breaks_in_the_middle(server, browser, slug, players, options, counts) -> None:
    looker = Looker(browser, server)
    for table in seed(server, slug, players, options, counts):
        code, where = table["code"], f"{slug} after {table['entries']} entries"
        on_turn = table["to_act"][0] if table["to_act"] else 0
        looker.look(table["seats"][on_turn], f"/t/{code}/me/", PHONE, f"{where}, phone")
        looker.look(table["host"], f"/t/{code}/host/", PHONE, f"{where}, host mode")
        looker.look(table["host"], f"/t/{code}/", TABLE, f"{where}, table screen")
    looker.look(table["host"], f"/history/{code}/", PHONE, f"{slug}, history")
    looker.look(table["host"], f"/history/{code}/", TABLE, f"{slug}, history")
    assert looker.pages_seen == 3 * (3 * len(counts) + 2)
    assert not looker.problems, "\n".join(looker.problems)
