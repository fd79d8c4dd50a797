"""A large import in a real browser: the progress page polls (htmx) until the result shows
(issue 22: the upload answers at once, the plays are written batch by batch)."""

from __future__ import annotations

import re

import pytest

from tests.browser.phone_actions import join
from tests.browser.test_table import start_table
from tests.players.helpers import big_file

pytestmark = pytest.mark.browser

PLAYS = 600  # 30 batches: several polls on a busy machine, one or two on an idle one


def test_the_uploader_watches_the_import_progress_to_its_result(server, phones):
    screen = phones()
    code = start_table(screen, server.url)
    anna = phones()
    join(anna, f"{server.url}/t/{code}/join/", "Anna")  # a phone with a player may import

    anna.goto(f"{server.url}/players/import/")
    anna.set_input_files(
        "input[name=file]",
        files=[
            {"name": "plays.bgsplay", "mimeType": "application/json", "buffer": big_file(PLAYS)}
        ],
    )
    anna.get_by_role("button", name="Import").click()
    anna.wait_for_url(re.compile(r"/players/import/[\w-]+/$"))
    # The page answers before the plays are written; its polls write them and show how far.
    anna.locator(".import-result").wait_for()
    assert anna.locator(".import-count").inner_text() == f"{PLAYS} of {PLAYS} plays imported"
    assert anna.locator(".import-result").inner_text().startswith(f"Imported plays: {PLAYS}.")
    assert anna.locator("#import-progress[hx-post]").count() == 0  # the polling stopped
    # The import page lists this phone's import, done.
    anna.goto(f"{server.url}/players/import/")
    assert f"{PLAYS} of {PLAYS} plays imported" in anna.locator("main").inner_text()
