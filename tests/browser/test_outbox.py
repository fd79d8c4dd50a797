"""A phone that drops off the Wi-Fi loses nothing (issue 24).

Each phone that loses its connection here reaches the server through a relay of its own
(``tests/browser/relay.py``): going offline is Playwright's offline mode for the page plus
the relay cutting every connection, the open stream included; a reset answers every new
one. The entries are checked on the server's side by the keys that went through the relay
and by the log every screen shows.
"""

from __future__ import annotations

import json

import pytest

from tests.browser.phone_actions import EVENTUALLY, LIVE, join, tap
from tests.browser.test_table import start_table

pytestmark = pytest.mark.browser

BAR = "#outbox"


def offline(phone, net) -> None:  # type: ignore[no-untyped-def]
    phone.context.set_offline(True)
    net.cut()


def online(phone, net) -> None:  # type: ignore[no-untyped-def]
    net.restore()
    phone.context.set_offline(False)


def kept(phone) -> list[dict]:  # type: ignore[no-untyped-def]
    return json.loads(phone.evaluate("() => localStorage.getItem('companion-outbox') || '[]'"))


def tap_without_answer(phone, label: str, **fields: str) -> None:  # type: ignore[no-untyped-def]
    form = phone.locator("form.choice").filter(
        has=phone.get_by_role("button", name=label, exact=True)
    )
    for key, value in fields.items():
        field = form.locator(f"[name='f.{key}']")
        if field.evaluate("element => element.tagName") == "SELECT":
            field.select_option(label=value)
        else:
            field.fill(value)
    form.get_by_role("button", name=label, exact=True).click()


def log_lines(page, text: str):  # type: ignore[no-untyped-def]
    return page.locator(".log li").filter(has_text=text)


def table_with(server, phones, relay, relayed: str):  # type: ignore[no-untyped-def]
    """A started two-seat table: the screen, Anna and Ben; ``relayed`` is behind a relay."""
    screen = phones()
    code = start_table(screen, server.url)
    net = relay(server)
    anna, ben = phones(), phones()
    for phone, name in ((anna, "Anna"), (ben, "Ben")):
        base = net.url if name == relayed else server.url
        join(phone, f"{base}/t/{code}/join/", name)
    screen.get_by_role("button", name="Start the game").click()
    anna.get_by_text("Your turn").wait_for(timeout=LIVE)
    ben.locator(".phase").filter(has_text="Anna").wait_for(timeout=LIVE)
    return screen, anna, ben, net


def test_an_entry_tapped_offline_waits_on_the_phone_and_is_applied_once_when_back(
    server, phones, relay
):
    screen, anna, ben, net = table_with(server, phones, relay, relayed="Anna")
    offline(anna, net)
    tap_without_answer(anna, "Enter the roll", value="4")

    anna.locator(BAR).filter(has_text="Waiting for the connection: 1 entry").wait_for()
    (entry,) = kept(anna)
    assert entry["version"] == int(anna.locator("#live").get_attribute("data-state-version"))
    assert len(entry["key"]) == 32
    assert net.entry_keys == []  # nothing reached the server
    # The region it was made in takes no more taps while it waits.
    assert "outbox-waiting" in (anna.locator("#live").get_attribute("class") or "")

    online(anna, net)
    # Every screen shows it: the other phone, the table screen and Anna's own.
    ben.get_by_text("Your turn").wait_for(timeout=LIVE)
    ben.locator(".dice-race-phone .points").first.filter(has_text="4").wait_for(timeout=LIVE)
    screen.locator(".dice-race .points[data-seat='0']").filter(has_text="4").wait_for(timeout=LIVE)
    anna.locator(BAR).wait_for(state="hidden")
    anna.locator(".dice-race-phone .points").first.filter(has_text="4").wait_for()
    assert kept(anna) == []
    # Sent with its key (the browser may send a post again by itself when the server had
    # closed the connection it was put on) and applied once.
    assert set(net.entry_keys) == {entry["key"]}
    assert log_lines(screen, "Roll 4").count() == 1


def test_an_entry_made_offline_after_the_table_moved_on_is_refused_with_the_reason(
    server, phones, relay
):
    screen, anna, ben, net = table_with(server, phones, relay, relayed="Ben")
    offline(ben, net)
    tap_without_answer(ben, "Keep a note", text="plan")  # made against the table as it was
    ben.locator(BAR).filter(has_text="Waiting for the connection: 1 entry").wait_for()
    tap(anna, "Enter the roll", value="6")  # meanwhile the table moves on

    online(ben, net)
    # Ben's phone shows the refusal with its reason, and the game as it is now.
    ben.locator("#live .flash.error").filter(
        has_text="Someone else made an entry first. Here is the game as it is now."
    ).wait_for(timeout=LIVE)
    ben.locator(BAR).filter(
        has_text="Sent when the connection returned, and refused: Keep a note"
    ).wait_for()
    ben.get_by_text("Your turn").wait_for()
    ben.locator(".dice-race-phone .points").first.filter(has_text="6").wait_for()
    assert kept(ben) == []
    assert len(set(net.entry_keys)) == 1
    screen.locator(".dice-race .points[data-seat='0']").filter(has_text="6").wait_for(timeout=LIVE)
    assert log_lines(screen, "Note").count() == 0


def test_a_connection_closed_under_an_entry_is_retried_with_the_same_key_and_applied_once(
    server, phones, relay
):
    screen, anna, ben, net = table_with(server, phones, relay, relayed="Anna")
    # The server gets the entry and applies it; its answer never reaches the phone, twice
    # (the browser may retry a request on a reused connection once by itself).
    net.drop_answers(2)
    tap_without_answer(anna, "Enter the roll", value="5")

    # The phone sent it again with its key until an answer arrived: the server's word that
    # it already had it.
    anna.locator("#live .flash").filter(has_text="This entry was already received.").wait_for(
        timeout=LIVE
    )
    anna.locator(".dice-race-phone .points").first.filter(has_text="5").wait_for()
    ben.get_by_text("Your turn").wait_for(timeout=LIVE)
    anna.locator(BAR).wait_for(state="hidden")
    assert kept(anna) == []
    assert len(net.entry_keys) >= 3  # two answers lost, then the one that arrived
    assert set(net.entry_keys) == {net.entry_keys[0]}  # always the same key
    screen.locator(".dice-race .points[data-seat='0']").filter(has_text="5").wait_for(timeout=LIVE)
    assert log_lines(screen, "Roll 5").count() == 1


def test_a_reload_without_connection_shows_the_last_state_read_only_and_keeps_the_entry(
    server, phones, relay
):
    screen, anna, ben, net = table_with(server, phones, relay, relayed="Anna")
    # The service worker has taken over and kept the page (127.0.0.1 is a secure context).
    anna.wait_for_function("() => navigator.serviceWorker.controller !== null")
    anna.wait_for_function("() => caches.match(location.pathname).then((page) => !!page)")
    offline(anna, net)
    tap_without_answer(anna, "Enter the roll", value="3")
    anna.locator(BAR).filter(has_text="Waiting for the connection: 1 entry").wait_for()

    anna.reload()
    # The page Anna loaded in the lobby, with the last region she saw (her turn), marked
    # offline and read-only, and the entry still waiting.
    assert anna.locator("html").get_attribute("data-offline") == "1"
    anna.locator(BAR).filter(has_text="No connection").wait_for()
    anna.locator(BAR).filter(has_text="Waiting for the connection: 1 entry").wait_for()
    anna.get_by_text("Your turn").wait_for()
    assert "outbox-waiting" in (anna.locator("#live").get_attribute("class") or "")
    assert net.entry_keys == []

    online(anna, net)
    # The page comes back by itself and sends the entry.
    anna.wait_for_function(
        "() => document.documentElement.dataset.offline === undefined", timeout=EVENTUALLY
    )
    ben.get_by_text("Your turn").wait_for(timeout=LIVE)
    anna.locator(".dice-race-phone .points").first.filter(has_text="3").wait_for(timeout=LIVE)
    assert kept(anna) == []
    assert len(set(net.entry_keys)) == 1
    screen.locator(".dice-race .points[data-seat='0']").filter(has_text="3").wait_for(timeout=LIVE)
    assert log_lines(screen, "Roll 3").count() == 1
