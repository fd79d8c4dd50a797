"""Babylon from two phones in a real browser: set-up, a few turns, live screens, refusals, reload.

A whole game takes 15 rounds, so the full game is played through the set-up (boards, clay taken
out of the quarry) and the first turns of two rounds; the second test plays the "final scoring
only" mode to its end.
"""

from __future__ import annotations

import os
import re
from typing import Any

import pytest

from tests.browser.phone_actions import LIVE, disabled_reason, join, see, tap, totals, wait_totals

pytestmark = pytest.mark.browser


def start_babylon(page: Any, base_url: str, mode: str = "full") -> str:
    """The host screen (1280 px wide) starts a 2-player Babylon table."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(base_url + "/")
    form = page.locator("form[data-game='babylon']")
    form.locator("select[name=players]").select_option("2")
    form.locator("select[name='opt.mode']").select_option(mode)
    form.get_by_role("button", name="Start a table").click()
    page.wait_for_url(re.compile(r"/t/[A-Z0-9]+/$"))
    return page.url.rstrip("/").rsplit("/", 1)[1]


def seat_everyone(server: Any, phones: Any, mode: str) -> tuple[Any, Any, Any]:
    """The host screen opens the table, Anna and Ben join by the QR link, the host starts."""
    screen = phones()
    code = start_babylon(screen, server.url, mode)
    join_url = screen.locator(".join-qr figcaption a").get_attribute("href")
    assert join_url.endswith(f"/t/{code}/join/")  # the link printed under the QR code
    anna, ben = phones(), phones()
    join(anna, join_url, "Anna")
    join(ben, join_url, "Ben")
    screen.reload()
    screen.get_by_role("button", name="Start the game").click()
    return screen, anna, ben


def garden(page: Any, seat: int) -> Any:
    return page.locator(f".g-babylon .garden[data-seat='{seat}']")


def quarry_place(page: Any, place: int) -> Any:
    return page.locator(f".g-babylon .quarry .place[data-place='{place}']")


def test_two_phones_set_up_and_play_the_first_rounds(server: Any, phones: Any) -> None:
    screen, anna, ben = seat_everyone(server, phones, "full")

    # -- boards: a board taken on one phone is refused on the other, with the reason ----------
    see(anna, "Each player takes a board and its start tile")
    tap(anna, "Take the board of the white flower")
    assert "already has the board of the white flower" in disabled_reason(
        ben, "Take the board of the white flower"
    )
    tap(ben, "Take the board of the pink flower")
    see(screen, "Anna: take a clay tile out of the quarry")
    see(garden(screen, 1), "pink flower")

    # -- set-up with 2 players: each takes three clay tiles out of the quarry -----------------
    assert quarry_place(screen, 0).inner_text().startswith("clay")
    tap(anna, "Row 1, column 1")
    quarry_place(screen, 0).filter(has_text="granite").wait_for(timeout=LIVE)
    see(ben, "Ben: take a clay tile out of the quarry")
    quarry_place(ben, 0).filter(has_text="granite").wait_for(timeout=LIVE)
    assert "Only clay tiles" in disabled_reason(ben, "Row 1, column 1")
    for phone, place in (
        (ben, "Row 1, column 4"),
        (anna, "Row 4, column 1"),
        (ben, "Row 4, column 4"),
    ):
        phone.get_by_text("Your turn").wait_for(timeout=LIVE)
        tap(phone, place)
    tap(anna, "Row 2, column 2")
    tap(ben, "Row 2, column 3")
    see(screen, "Round 1 of 15, Anna: take a tile from the quarry")
    assert quarry_place(screen, 5).inner_text().startswith("granite")

    # -- round 1, Anna: the button shows the pillars; she takes a granite tile ----------------
    anna.get_by_text("Your turn").wait_for(timeout=LIVE)
    # Two taps: the flower on the tile, then the tile; the entries come first and the compact
    # quarry right below them (issue 21). On a 360 px phone the flower buttons fit on one screen.
    anna.set_viewport_size({"width": 360, "height": 740})
    quarry_place(anna, 0).filter(has_text="yours: 3").wait_for(timeout=LIVE)
    flowers = anna.locator(".choices button")
    assert flowers.count() == 4
    quarry = anna.locator(".g-babylon .quarry-card.compact").bounding_box()
    assert flowers.last.bounding_box()["y"] < quarry["y"]
    assert flowers.last.bounding_box()["y"] + flowers.last.bounding_box()["height"] < 740
    anna.set_viewport_size({"width": 390, "height": 844})
    assert flowers.first.bounding_box()["y"] + flowers.first.bounding_box()["height"] < 844
    anna.set_viewport_size({"width": 360, "height": 740})
    if os.environ.get("BABYLON_SHOTS"):
        anna.screenshot(path=os.environ["BABYLON_SHOTS"] + "/flowers.png", full_page=True)
    tap(anna, "Tile with your white flower")
    quarry_place(anna, 0).locator(".pillars").filter(has_text="3").wait_for(timeout=LIVE)
    tiles = anna.locator(".choices button")
    assert tiles.count() == 17  # 16 tiles and "another flower"
    bottom = tiles.last.bounding_box()
    assert bottom["y"] + bottom["height"] < 1700, bottom  # two columns, not 16 rows
    if os.environ.get("BABYLON_SHOTS"):
        anna.screenshot(path=os.environ["BABYLON_SHOTS"] + "/tiles.png", full_page=True)
    tap(anna, "Row 1, column 1, granite: 3 pillars")
    took = (
        "Anna took the granite tile at row 1, column 1 (white flower): single pillars 3, double 0."
    )
    see(ben, took)
    see(screen, took)
    fits_the_phone(anna, "Place the tile you took (granite, white flower) on floor 1")
    fits_the_table(screen)
    see(garden(screen, 0), "In hand: 3 single pillars")
    quarry_place(screen, 0).filter(has_text="basalt").wait_for(timeout=LIVE)

    # A tile on 4 pillars needs 4: refused with the reason, and nothing changes.
    place_taken = "Place the tile you took (granite, white flower) on floor 1"
    tap(anna, place_taken, supports="4 pillars", then="Go on building")
    alert = anna.locator(".flash.error")
    alert.wait_for(timeout=LIVE)
    assert "Not enough pillars for this tile (in hand: single 3, double 0)." in alert.inner_text()
    assert "In hand: 3 single pillars" in garden(anna, 0).inner_text()
    assert totals(anna) == ["0", "0"]
    assert garden(screen, 0).locator("ol.floors").count() == 0

    # She goes on building (a statue follows), so the placement does not end her turn.
    tap(anna, place_taken, supports="3 + viewpoint", then="Go on building")
    wait_totals(screen, ["3", "0"])  # a viewpoint 1, highest point 2 × 1
    wait_totals(ben, ["3", "0"])
    garden(screen, 0).locator("li[data-floor='1']").filter(has_text="1× white flower").wait_for(
        timeout=LIVE
    )
    tap(anna, "Place a statue on floor 1")  # a button per floor the statue can go on
    wait_totals(ben, ["4", "0"])
    see(garden(screen, 0).locator("li[data-floor='1']"), "Statues 1")
    # The summary of the build, on the table and on Ben's phone, in three languages.
    for page in (screen, ben):
        read_the_build(page)
    tap(anna, "End the turn")

    # -- round 1, Ben: a clay tile with his flower; a reload keeps his seat --------------------
    ben.get_by_text("Your turn").wait_for(timeout=LIVE)
    see(screen, "Round 1 of 15, Ben: take a tile from the quarry")
    tap(ben, "Tile with your pink flower")
    tap(ben, "Row 1, column 2, clay: 5 pillars")
    see(
        anna, "Ben took the clay tile at row 1, column 2 (pink flower): single pillars 5, double 0."
    )
    # The last placement ends the turn by itself (issue 21: "Then: End the turn" is chosen);
    # the phone offers to take it back.
    tap(ben, "Place the tile you took (clay, pink flower) on floor 1", supports="4 pillars")
    wait_totals(anna, ["4", "2"])
    wait_totals(screen, ["4", "2"])
    see(ben, "Undo: Places the tile just taken on floor 1 on 4 pillars and ends the turn.")
    ben.reload()
    assert ben.locator(".my-name").inner_text() == "Ben"
    assert totals(ben) == ["4", "2"]

    # -- end of round 1: Ben holds the round tokens and reveals the next one -------------------
    see(screen, "Ben: reveal the next round token")
    tap(ben, "A matching flower gives 2 single pillars instead of 1.")
    see(screen, "Round token: A matching flower gives 2 single pillars instead of 1.")
    see(screen, "Round 2 of 15, Anna: take a tile from the quarry")
    see(anna, "Round tokens left: 13")
    see(garden(screen, 1), "1 single pillar stored")

    # -- round 2, Anna: the token's effect is in the pillar count on the button --------------
    anna.get_by_text("Your turn").wait_for(timeout=LIVE)
    tap(anna, "Tile with the pink flower")
    tap(anna, "The tile shows another flower")
    tap(anna, "Tile with your white flower")
    tap(anna, "Row 1, column 3, clay: 6 pillars")
    see(
        ben,
        "Anna took the clay tile at row 1, column 3 (white flower): single pillars 6, double 0.",
    )
    see(screen, "Round 2 of 15, Anna: build")
    for page in (anna, ben, screen):
        assert totals(page) == ["4", "2"]


BUILD_SUMMARY = {
    "EN": "Anna built a granite tile (white flower) on floor 1 on 3 pillars and a viewpoint",
    "CS": "Anna postavil(a) žulový dílek (bílá květina) do patra 1 na 3 sloupy a vyhlídku",
    "RU": "Anna строит гранитную плитку (белый цветок) на 1-м этаже на 3 колоннах",
}


def switch_language(page: Any, code: str) -> None:
    """The language buttons in the page header (CS, EN, RU)."""
    page.locator("form.langs").get_by_role("button", name=code, exact=True).click()
    page.wait_for_load_state()
    page.wait_for_function(f"() => document.documentElement.lang === '{code.lower()}'")


def read_the_build(page: Any) -> None:
    """The build summary, read in English, Czech and Russian (and back to English)."""
    for code in ("EN", "CS", "RU", "EN"):
        if code != "EN" or page.locator("html").get_attribute("lang") != "en":
            switch_language(page, code)
        summary = page.locator(".g-babylon .last-event")
        summary.first.wait_for(timeout=LIVE)
        assert BUILD_SUMMARY[code] in summary.first.inner_text(), (code, summary.inner_text())
        assert "statue" in summary.first.inner_text() or code != "EN"
        if os.environ.get("BABYLON_SHOTS"):
            width = page.viewport_size["width"]
            name = f"/build-{code}-{width}.png"
            page.screenshot(path=os.environ["BABYLON_SHOTS"] + name, full_page=True)


def fits_the_phone(phone: Any, next_tap: str) -> None:
    """The busiest phone step at 390×844: the next tap above the fold; at 360 px no
    sideways scroll."""
    phone.set_viewport_size({"width": 390, "height": 844})
    button = phone.get_by_role("button", name=next_tap, exact=True).first
    button.wait_for(timeout=LIVE)
    box = button.bounding_box()
    assert box["y"] + box["height"] <= 844, box
    if os.environ.get("BABYLON_SHOTS"):
        phone.screenshot(path=os.environ["BABYLON_SHOTS"] + "/build-390.png", full_page=True)
    phone.set_viewport_size({"width": 360, "height": 740})
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    phone.set_viewport_size({"width": 390, "height": 844})


def fits_the_table(screen: Any) -> None:
    """The table screen (1280×800) shows the board within its first 800 px."""
    screen.set_viewport_size({"width": 1280, "height": 800})
    for part in (".g-babylon .quarry", ".g-babylon .gardens"):
        assert screen.locator(part).first.bounding_box()["y"] < 800, part
    if os.environ.get("BABYLON_SHOTS"):
        screen.screenshot(path=os.environ["BABYLON_SHOTS"] + "/table-1280.png")


def enter_floor(phone: Any, label: str, **counts: int) -> None:
    fields = {kind: "0" for kind in ("white", "pink", "yellow", "blue")}
    fields.update({kind: "0" for kind in ("statue", "fountain", "bridge", "viewpoint", "stairs")})
    fields.update({kind: str(count) for kind, count in counts.items()})
    tap(phone, label, **fields)


def test_final_scoring_only_two_gardens_side_by_side_and_the_winner(
    server: Any, phones: Any
) -> None:
    screen, anna, ben = seat_everyone(server, phones, "scoring")
    see(screen, "Final scoring: enter what can be seen in each garden")

    # Anna: floor 1 holds a set of four flowers and of four decorations; floor 2 two tiles.
    anna.get_by_text("Your turn").wait_for(timeout=LIVE)
    enter_floor(
        anna,
        "Floor 1: enter what can be seen",
        white=3,
        pink=1,
        yellow=1,
        blue=1,
        statue=2,
        fountain=1,
        bridge=1,
        stairs=1,
        viewpoint=1,
    )
    garden(screen, 0).locator("li[data-floor='1']").filter(has_text="3× white flower").wait_for(
        timeout=LIVE
    )
    enter_floor(anna, "Floor 2: enter what can be seen", white=2, statue=1)
    wait_totals(screen, ["26", "0"])
    wait_totals(ben, ["26", "0"])
    tap(anna, "Confirm my garden for the final scoring", holes="20")
    see(anna, "Confirms the garden: 20 visible holes.")
    assert anna.locator("form.choice").count() == 0  # Anna's garden is confirmed

    # Ben: stairs leading to a floor he has not entered cannot be confirmed; he corrects it.
    enter_floor(ben, "Floor 1: enter what can be seen", pink=4, fountain=1, stairs=1)
    assert "Stairs from floor 1 need a visible tile" in disabled_reason(
        ben, "Confirm my garden for the final scoring"
    )
    # Only the next floor is open; an entered floor is changed through one form.
    assert ben.locator("form.choice").filter(has_text="Floor 2: enter what can be seen").count()
    assert ben.get_by_role("button", name="Floor 1: enter what can be seen").count() == 0
    enter_floor(ben, "Change an entered floor", pink=4, fountain=1)
    wait_totals(screen, ["26", "5"])
    tap(ben, "Confirm my garden for the final scoring", holes="30")

    # The table: game over, the winner, both gardens and breakdowns side by side.
    see(screen, "Game over")
    see(screen, "Most victory points.")
    assert screen.locator(".status .pill").all_inner_texts() == ["Anna"]
    left, right = garden(screen, 0), garden(screen, 1)
    assert "Winner" in left.locator("h3").inner_text()
    assert "Winner" not in right.locator("h3").inner_text()
    assert left.locator(".total").inner_text() == "26"
    assert right.locator(".total").inner_text() == "5"
    box_left, box_right = left.bounding_box(), right.bounding_box()
    assert (
        abs(box_left["y"] - box_right["y"]) < 2
        and box_left["x"] + box_left["width"] <= box_right["x"]
    )
    breakdown = left.locator(".breakdown").inner_text()
    for part in (
        "Sets of four flowers 4",
        "Sets of four decorations 4",
        "Highest point 4",
        "20 visible holes",
    ):
        assert part in breakdown, (part, breakdown)
    assert "Fountains 3" in right.locator(".breakdown").inner_text()
    ranking = [line.strip() for line in screen.locator(".g-babylon .ranking li").all_inner_texts()]
    assert ranking == ["Anna: 26 points, 20 visible holes", "Ben: 5 points, 30 visible holes"]
    for page in (anna, ben):
        see(page, "Game over")
        assert totals(page) == ["26", "5"]
    assert "26" in screen.locator(".scores tr.total").inner_text()
