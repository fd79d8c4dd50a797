"""Two phones at one table in a real browser: join by the QR link, live updates, reload."""

from __future__ import annotations

import re

import pytest

from tests.browser.phone_actions import LIVE, join

pytestmark = pytest.mark.browser


def start_table(page, base_url: str, game: str = "dice_race", players: int = 2) -> str:
    page.goto(base_url + "/")
    form = page.locator(f"form[data-game='{game}']")
    form.locator("select[name=players]").select_option(str(players))
    form.get_by_role("button", name="Start a table").click()
    page.wait_for_url(re.compile(r"/t/[A-Z0-9]+/$"))
    return page.url.rstrip("/").rsplit("/", 1)[1]


def test_two_phones_join_by_qr_link_and_see_each_others_entries_live(server, phones):
    screen = phones()
    code = start_table(screen, server.url)
    # The link printed under the join QR code is what the QR code encodes.
    join_url = screen.locator(".join-qr figcaption a").get_attribute("href")
    assert join_url.endswith(f"/t/{code}/join/")
    assert screen.locator(".join-qr img").evaluate("img => img.naturalWidth") > 0

    anna, ben = phones(), phones()
    join(anna, join_url, "Anna")
    join(ben, join_url, "Ben")
    screen.reload()
    screen.get_by_role("button", name="Start the game").click()

    anna.get_by_text("Your turn").wait_for()  # Anna's phone updated live when the game started
    anna.fill("input[name='f.value']", "5")
    anna.get_by_role("button", name="Enter the roll").click()

    # Ben's phone and the table screen show it without a reload.
    ben.locator(".dice-race-phone .points").first.filter(has_text="5").wait_for(timeout=LIVE)
    screen.locator(".dice-race .points[data-seat='0']").filter(has_text="5").wait_for(timeout=LIVE)
    ben.get_by_text("Your turn").wait_for()

    # Ben's phone sleeps and reloads: same seat, current state.
    ben.reload()
    assert ben.locator(".my-name").inner_text() == "Ben"
    assert ben.locator(".dice-race-phone .points").first.inner_text() == "5"
    ben.get_by_role("button", name="Let the app roll").click()
    anna.get_by_text("Your turn").wait_for(timeout=LIVE)


def test_a_spectator_sees_the_table_and_cannot_act(server, phones):
    screen = phones()
    start_table(screen, server.url)
    watch_url = screen.locator(".host-tools a[href*='/watch/']").get_attribute("href")
    screen.get_by_role("button", name="Start the game").click()
    spectator = phones()
    spectator.goto(watch_url)
    assert spectator.locator(".status .phase").is_visible()
    assert spectator.locator("form.choice").count() == 0
    assert spectator.locator(".join-qr").count() == 0


def test_host_mode_one_device_enters_for_everyone(server, phones):
    screen = phones()
    code = start_table(screen, server.url)
    screen.get_by_role("button", name="Start the game").click()
    screen.goto(f"{server.url}/t/{code}/host/")
    for seat, value in enumerate(["3", "4"]):
        screen.fill("input[name='f.value']", value)
        with screen.expect_response(lambda r: "/act/" in r.url):
            screen.get_by_role("button", name="Enter the roll").click()
        # The answer is swapped in: the next seat's region (not a pause of a fixed length).
        screen.locator(".dice-race-phone .points").nth(seat).filter(has_text=value).wait_for()
    assert screen.locator(".dice-race-phone .points").all_inner_texts() == ["3", "4"]


def test_a_browser_without_event_streams_falls_back_to_polling(server, phones):
    screen = phones()
    code = start_table(screen, server.url)
    join_url = f"{server.url}/t/{code}/join/"
    anna = phones()
    ben = phones()
    ben.add_init_script("delete window.EventSource;")  # as if streams were blocked
    join(anna, join_url, "Anna")
    join(ben, join_url, "Ben")
    screen.get_by_role("button", name="Start the game").click()
    anna.get_by_text("Your turn").wait_for()
    anna.fill("input[name='f.value']", "6")
    anna.get_by_role("button", name="Enter the roll").click()
    ben.locator(".dice-race-phone .points").first.filter(has_text="6").wait_for(timeout=LIVE)


def test_the_language_can_be_switched_on_every_page(server, phones):
    screen = phones(locale="ru-RU")
    screen.goto(server.url + "/")
    assert screen.locator("html").get_attribute("lang") == "ru"
    screen.get_by_role("button", name="CS").click()
    screen.wait_for_load_state()
    assert screen.locator("html").get_attribute("lang") == "cs"
    screen.goto(server.url + "/history/")
    assert screen.locator("html").get_attribute("lang") == "cs"
