"""Helpers of the fold checks (issue 21) beside those of test_babylon_fold: the language
switch of any page, waited for as a navigation, and the widest thing on a page."""

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
