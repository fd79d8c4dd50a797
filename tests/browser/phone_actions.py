"""What a player does on a phone in the browser tests: join, tap an entry, wait to see it."""

from __future__ import annotations

import re
from typing import Any

# ms: a wait for an event that comes for sure unless the page is broken (another screen
# shows an entry, a stream reopens, a page comes back): the timeout is only there so that a
# broken page fails the run instead of hanging it. How fast an entry shows elsewhere is
# measured by bench/live.py, never here: on a busy machine (CI, four times as many running
# processes as cores) a window of a few seconds failed tests whose pages were right.
EVENTUALLY = 30_000
LIVE = EVENTUALLY  # how long another screen may take to show an entry: see above


def join(phone: Any, join_url: str, name: str) -> None:
    """Take a free seat through the table's join link (what its QR code holds)."""
    phone.goto(join_url)
    phone.fill("input[name=name]", name)
    phone.get_by_role("button", name="Take this seat").click()
    phone.wait_for_url(re.compile(r"/me/$"))


def seated_and_started(screen: Any, phones: Any, join_url: str, names: list[str]) -> list[Any]:
    """A phone per name takes a seat through the table's join link, then the host's
    ``screen`` starts the game; returns the phones, seat by seat."""
    seats = [phones() for _ in names]
    for phone, name in zip(seats, names, strict=True):
        join(phone, join_url, name)
    screen.reload()
    screen.get_by_role("button", name="Start the game").click()
    return seats


def tap(phone: Any, label: str, **fields: str) -> None:
    """Tap the entry button ``label`` after filling ``fields`` (select: option label; else typed).
    A form folded under a closed disclosure is opened first, as a player opens it."""
    button = phone.get_by_role("button", name=label, exact=True, include_hidden=True)
    button.first.wait_for(state="attached", timeout=LIVE)  # it may arrive with a live update
    folded = phone.locator("details:not([open])").filter(has=button)
    if folded.count():
        folded.first.locator(":scope > summary").click()
    form = phone.locator("form.choice").filter(has=button)
    for key, value in fields.items():
        field = form.locator(f"[name='f.{key}']")
        if field.evaluate("element => element.tagName") == "SELECT":
            field.select_option(label=value)
        else:
            field.fill(value)
    with phone.expect_response(lambda r: "/act/" in r.url, timeout=LIVE):
        form.get_by_role("button", name=label, exact=True).click()
    # The live region is swapped in by htmx after the response arrives.
    phone.wait_for_function("() => !document.querySelector('.htmx-request')", timeout=LIVE)


def see(page: Any, text: str) -> None:
    page.get_by_text(text, exact=False).first.wait_for(timeout=LIVE)


def disabled_reason(phone: Any, label: str) -> str:
    """The reason shown beside a greyed-out entry."""
    choice = phone.locator(".choice.disabled").filter(
        has=phone.get_by_role("button", name=label, exact=True)
    )
    choice.first.wait_for(timeout=LIVE)
    return choice.first.locator(".why").inner_text()


def totals(page: Any) -> list[str]:
    return page.locator(".scores tr.total td").all_inner_texts()


def wait_totals(page: Any, expected: list[str]) -> None:
    page.wait_for_function(
        "(want) => JSON.stringify([...document.querySelectorAll('.scores tr.total td')]"
        ".map(td => td.innerText.trim())) === JSON.stringify(want)",
        arg=expected,
        timeout=LIVE,
    )
