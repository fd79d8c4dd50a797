"""Helpers of the fold checks (issue 21) beside those of test_babylon_fold: the language
switch of any page, waited for as a navigation, the widest thing on a page and the buttons
and boxes whose text does not fit them."""

from __future__ import annotations

from typing import Any


def switch_language(page: Any, code: str) -> None:
    """The header's language buttons; the new page has loaded when this returns."""
    if page.locator("html").get_attribute("lang") == code.lower():
        return
    with page.expect_navigation():
        page.locator("form.langs").get_by_role("button", name=code, exact=True).click()
    # While a page is replaced there may be no document element for a moment.
    page.wait_for_function("(lang) => document.documentElement?.lang === lang", arg=code.lower())
    page.locator("header.top").wait_for()


def widest(page: Any) -> float:
    """The right edge of the widest thing on the page (the page's own width included)."""
    return float(
        page.evaluate(
            """() => Math.max(document.documentElement.scrollWidth,
                 ...[...document.querySelectorAll('body *')]
                   .map(e => e.getBoundingClientRect().right + window.scrollX))"""
        )
    )


def clipped(page: Any, boxes: bool = True) -> list[str]:
    """The texts of the shown buttons and summaries whose content is wider than they are (a
    word cut off inside its button, which the page's width does not show), and, with
    ``boxes``, the name and longest line of each shown box (``<select>``) whose widest line
    does not fit it: any of its lines may be the one chosen ("(выберит" for "(выберите)").
    Shown: what a closed ``<details>`` holds is not (Chromium lays it out under
    content-visibility)."""
    return list(page.evaluate(CLIPPED, boxes))


# A box's scrollWidth does not grow with its lines, so each shown box is measured by a copy
# of it as wide as its content wants (its widest line, the arrow and the padding), put
# beside it for a moment under the same styles.
CLIPPED = """(boxes) => {
  const shown = (selector) => [...document.querySelectorAll(selector)]
    .filter(e => e.checkVisibility());
  const buttons = shown('#live button, #live summary')
    .filter(e => e.scrollWidth > e.clientWidth + 1)
    .map(e => e.textContent.trim());
  const wanted = (box) => {
    const copy = box.cloneNode(true);
    copy.removeAttribute('name');
    copy.style.cssText = 'width: max-content; min-width: 0; max-width: none; '
      + 'position: absolute; visibility: hidden';
    box.after(copy);
    const width = copy.getBoundingClientRect().width;
    copy.remove();
    return width;
  };
  const widestLine = (box) => [...box.options].map(o => o.textContent.trim())
    .reduce((a, b) => (b.length > a.length ? b : a), '');
  const cut = boxes ? shown('#live select')
    .filter(box => wanted(box) > box.getBoundingClientRect().width + 1)
    .map(box => `${box.name}: ${widestLine(box)}`) : [];
  return [...buttons, ...cut];
}"""


# Every control of the entries' list a player can see (a greyed entry's button too): what a
# closed ``<details>`` holds is not shown, its summary is.
ENTRY_CONTROLS = (
    "#live section.choices :is(button, summary, select, input:not([type=hidden]), textarea)"
)


def lowest_shown(page: Any, selector: str = ENTRY_CONTROLS) -> tuple[float, str]:
    """Where the lowest shown element matching ``selector`` ends (the page scrolled to its
    top) and its text, to name it in a failure."""
    found = page.evaluate(
        """(selector) => [...document.querySelectorAll(selector)]
             .filter(e => e.checkVisibility())
             .map(e => [e.getBoundingClientRect().bottom + window.scrollY,
                        (e.textContent || e.name || '').trim().slice(0, 60)])
             .reduce((low, next) => next[0] > low[0] ? next : low, [0, ''])""",
        selector,
    )
    return float(found[0]), str(found[1])
