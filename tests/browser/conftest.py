"""Playwright driving Debian's Chromium: phones are browser contexts of a real browser."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.phone_actions import EVENTUALLY
from tests.fixtures import CHROMIUM, missing

PHONE = {"viewport": {"width": 390, "height": 800}, "is_mobile": True, "has_touch": True}


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not os.path.exists(CHROMIUM):
        missing(f"Chromium at {CHROMIUM}")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing("the playwright package")
    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        yield instance
        instance.close()


@pytest.fixture
def phones(browser: Any) -> Iterator[Any]:
    """Make phones: separate browser contexts, so separate cookies, as separate devices."""
    contexts = []

    def make(locale: str = "en-US") -> Any:
        context = browser.new_context(locale=locale, **PHONE)
        context.set_default_timeout(EVENTUALLY)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


from tests.browser.relay import relay  # noqa: E402, F401  (the fixture: a phone's network)
