"""Every page of every game passes the Content-Security-Policy (issue 24): scripts only from
this server, none inline, no eval. The browser reports each violation as a
``securitypolicyviolation`` event and on the console; both are watched on every page."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.phone_actions import EVENTUALLY, join
from tests.browser.test_table import start_table

pytestmark = pytest.mark.browser

GAMES = ["babel", "babylon", "wallenstein", "stortebeker"]

# Recorded from the first moment of every document, before any of the page's own code.
WATCH = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__violations.push(event.violatedDirective + " " + (event.blockedURI || "inline"));
});
"""


class Watched:
    """Pages of one device, each checked for violations of the policy."""

    def __init__(self, browser: Any) -> None:
        self.context = browser.new_context(viewport={"width": 390, "height": 844})
        # Every wait here is for an event (a page, an answer): the timeout only keeps a broken
        # page from hanging the run, on however busy a machine.
        self.context.set_default_timeout(EVENTUALLY)
        self.context.add_init_script(WATCH)
        self.page = self.context.new_page()
        self.console: list[str] = []
        self.page.on(
            "console",
            lambda message: (
                self.console.append(message.text)
                if "Content Security Policy" in message.text
                else None
            ),
        )
        self.seen: list[str] = []

    def check(self, name: str) -> None:
        """The page now shown broke no rule of the policy, and it has the policy."""
        self.page.wait_for_load_state("load")
        violations = self.page.evaluate("() => window.__violations")
        assert violations == [] and self.console == [], (name, violations, self.console)
        self.seen.append(name)

    def visit(self, name: str, url: str) -> None:
        response = self.page.goto(url)
        assert response is not None
        policy = response.headers.get("content-security-policy", "")
        assert "script-src 'self'" in policy and "unsafe-eval" not in policy, (name, policy)
        self.check(name)


@pytest.fixture
def watched(browser: Any) -> Any:
    made: list[Watched] = []

    def make() -> Watched:
        made.append(Watched(browser))
        return made[-1]

    yield make
    for each in made:
        each.context.close()


def test_the_watch_sees_an_inline_script_refused(server: Any, watched: Any) -> None:
    """The check can fail: an inline script is refused and reported."""
    device = watched()
    device.visit("home", server.url + "/")
    device.page.evaluate(
        "() => { const s = document.createElement('script'); s.textContent = 'window.ran = 1';"
        " document.head.appendChild(s); }"
    )
    device.page.wait_for_function("() => window.__violations.length > 0")
    assert device.page.evaluate("() => window.ran") is None
    assert "script-src" in device.page.evaluate("() => window.__violations[0]")


@pytest.mark.parametrize("game", GAMES)
def test_every_page_of_a_game_passes_the_content_security_policy(
    server: Any, watched: Any, game: str
) -> None:
    host, phone = watched(), watched()
    base = server.url
    host.visit("home", base + "/")
    fewest = host.page.locator(f"form[data-game='{game}'] select[name=players] option").first
    code = start_table(host.page, base, game=game, players=int(fewest.get_attribute("value")))
    host.check("lobby (table screen)")

    phone.visit("join", f"{base}/t/{code}/join/")
    join(phone.page, f"{base}/t/{code}/join/", "Anna")
    phone.check("phone in the lobby")

    host.page.get_by_role("button", name="Start the game").click()
    host.page.locator(".status").first.wait_for()
    host.check("table screen")
    phone.visit("phone", f"{base}/t/{code}/me/")

    # Host mode: make one entry (the first that needs nothing typed), swapped in by htmx.
    host.visit("host mode", f"{base}/t/{code}/host/")
    forms = host.page.locator("form.choice")
    ready = next(
        index
        for index in range(forms.count())
        if forms.nth(index).evaluate("form => form.checkValidity()")
    )
    with host.page.expect_response(lambda r: "/act/" in r.url):
        forms.nth(ready).locator("button[type=submit]").click()
    host.page.wait_for_function("() => !document.querySelector('.htmx-request')")
    host.check("host mode after an entry")

    host.visit("table screen, running", f"{base}/t/{code}/")
    seq = host.page.locator(".log li[data-seq]").first.get_attribute("data-seq")
    watch_url = host.page.locator(".host-tools a[href*='/watch/']").first.get_attribute("href")
    host.visit("correction", f"{base}/t/{code}/correct/{seq}/?back=table")
    host.visit("history", f"{base}/history/")
    host.visit("the game's history", f"{base}/history/{code}/")
    host.visit("players", f"{base}/players/")
    host.visit("statistics", f"{base}/stats/{game}/")
    host.visit("rules", f"{base}/games/{game}/rules/")
    phone.visit("spectator", watch_url)
    assert len(host.seen) + len(phone.seen) == 16 and re.fullmatch(r"\d+", seq or "")
