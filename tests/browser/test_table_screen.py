"""The table screen is made for a television (issue 26): its type and board grow with the
window, nothing overflows or is clipped at 1024x768, 1280x800 and 1920x1080, a button puts it
in full screen; seats are told apart without colour, also in Windows' high-contrast mode."""

from __future__ import annotations

import html
from typing import Any

import pytest

from tests.browser.autoplay import new_table, play_until, start, take_seat

pytestmark = pytest.mark.browser

SIZES = [(1024, 768), (1280, 800), (1920, 1080)]

# Elements wider than the window, or whose content is cut off by their own box.
_OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const out = [];
  for (const el of document.querySelectorAll('main *')) {
    if (el.closest('.visually-hidden')) continue;  // clipped on purpose: for screen readers
    const box = el.getBoundingClientRect();
    if (!box.width || !box.height) continue;
    if (box.right > width + 1) out.push(`${el.tagName.toLowerCase()}.${el.className} ends at ${Math.round(box.right)} > ${width}`);
    const style = getComputedStyle(el);
    const clips = (v) => v === 'hidden' || v === 'clip';
    if (clips(style.overflowX) && el.scrollWidth > el.clientWidth + 1) out.push(`${el.tagName.toLowerCase()}.${el.className} clips its content`);
  }
  return out;
}"""

_SIZES = """() => {
  const px = (selector) => {
    const el = document.querySelector(selector);
    return el ? parseFloat(getComputedStyle(el).fontSize) : 0;
  };
  const box = (selector) => {
    const el = document.querySelector(selector);
    return el ? el.getBoundingClientRect().height : 0;
  };
  return {
    root: px('html'), heading: px('#live h1'), land: px('.g-wallenstein .region td'),
    marker: box('.g-wallenstein .region .dot'), phase: px('.status .phase'),
    smallest: Math.min(...[...document.querySelectorAll('main *')]
      .filter((el) => el.childNodes.length && [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()))
      .filter((el) => el.getClientRects().length)
      .map((el) => parseFloat(getComputedStyle(el).fontSize))),
  };
}"""


@pytest.fixture
def wallenstein(server: Any, browser: Any) -> Any:
    """A five-player Wallenstein table in its first battle, and the host's context."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(15_000)
    page = context.new_page()
    code = new_table(page, server.url, "wallenstein", 5, allocation="fixed")
    names = ["Anna", "Boris", "Cyril", "Dana", "Emil"]
    colours = ["red", "purple", "blue", "yellow", "white"]  # green: the peasants
    phones = []
    for index, (name, colour) in enumerate(zip(names, colours, strict=True)):
        phone = browser.new_context()
        take_seat(phone.new_page(), server.url, code, index, name, colour)
        phones.append(phone)
    start(page, server.url, code)
    count = 0

    def battle(text: str) -> bool:
        nonlocal count
        count += 1
        return count > 20 and '"type":"drop"' in html.unescape(text)

    play_until(page, server.url, code, battle, prefer=('"to":',))
    page.goto(f"{server.url}/t/{code}/")
    yield page
    for phone in phones:
        phone.close()
    context.close()


_MARKERS = """() => [...document.querySelectorAll('.g-wallenstein .players .dot')].map((el) => {
  const style = getComputedStyle(el);
  return [el.dataset.mark, style.backgroundColor, getComputedStyle(el, '::before').color, el.getBoundingClientRect().width];
})"""


def test_the_table_screen_on_a_television(wallenstein: Any) -> None:
    page = wallenstein
    sizes = {}
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function("(w) => document.documentElement.clientWidth === w", arg=width)
        assert page.evaluate("document.scrollingElement.scrollWidth") <= width, width
        assert page.evaluate(_OVERFLOW) == [], width
        sizes[width] = page.evaluate(_SIZES)
        sizes[width]["map"] = page.locator(".g-wallenstein .regions").bounding_box()["y"]
    small, medium, large = (sizes[width] for width, _height in SIZES)
    # 17 px up to 1280 px wide; at 1920 everything measured in rem is half as large again.
    assert small["root"] == pytest.approx(17, abs=0.01)
    assert medium["root"] == pytest.approx(17, abs=0.01)
    assert large["root"] == pytest.approx(25.5, abs=0.1)
    for key in ("heading", "land", "marker", "phase"):
        assert large[key] >= 1.45 * medium[key], (key, medium[key], large[key])
    # Readable across the room: nothing on the television under 18 px.
    assert large["smallest"] >= 18, large["smallest"]
    # The same layout, larger: the map starts as far down, counted in lines of text.
    assert large["map"] / large["root"] == pytest.approx(medium["map"] / medium["root"], rel=0.1)

    # Full screen and back, from the header's button.
    page.get_by_role("button", name="Full screen").click()
    page.wait_for_function("() => document.fullscreenElement === document.documentElement")
    page.get_by_role("button", name="Leave full screen").click()
    page.wait_for_function("() => document.fullscreenElement === null")
    page.get_by_role("button", name="Full screen").wait_for()

    # Seats told apart by their marks, also in high-contrast mode, where the markers keep
    # their colours (it would paint every background alike) and the mark its own colour.
    for forced in ("none", "active"):
        page.emulate_media(forced_colors=forced)
        markers = page.evaluate(_MARKERS)
        assert [mark for mark, *_rest in markers] == ["A", "B", "C", "D", "E"], forced
        assert len({background for _m, background, *_r in markers}) == 5, forced
        assert all(colour != background for _m, background, colour, _w in markers), forced
        assert all(width > 10 for *_r, width in markers), forced
