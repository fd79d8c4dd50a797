"""A large import in a real browser: the progress page polls (htmx) until the result shows
(issue 22: the upload answers at once, the plays are written batch by batch by the server's
runner, with the page open or closed)."""

from __future__ import annotations

import re
import time

import pytest

from tests.browser.phone_actions import join
from tests.browser.test_table import start_table
from tests.players.helpers import big_file

pytestmark = pytest.mark.browser

PLAYS = 600  # 30 batches: several polls on a busy machine, one or two on an idle one


STEP = re.compile(r"/players/import/[\w-]+/step/$")  # the page's polls


def uploaded(server, phones, plays: int, polls: bool = True):
    """Anna's phone (seated at a table: it may import) uploads ``plays`` plays and is sent
    to the job's page; with ``polls`` off, none of that page's polls reaches the server."""
    screen = phones()
    code = start_table(screen, server.url)
    anna = phones()
    if not polls:
        anna.context.route(STEP, lambda route: route.abort())
    join(anna, f"{server.url}/t/{code}/join/", "Anna")  # a phone with a player may import

    anna.goto(f"{server.url}/players/import/")
    anna.set_input_files(
        "input[name=file]",
        files=[
            {"name": "plays.bgsplay", "mimeType": "application/json", "buffer": big_file(plays)}
        ],
    )
    anna.get_by_role("button", name="Import").click()
    anna.wait_for_url(re.compile(r"/players/import/[\w-]+/$"))
    return anna


def test_the_uploader_watches_the_import_progress_to_its_result(server, phones):
    anna = uploaded(server, phones, PLAYS)
    # The page answers before the plays are written; its polls show how far the server's
    # runner got (and where no runner runs, write the batches themselves).
    anna.locator(".import-result").wait_for()
    assert anna.locator(".import-count").inner_text() == f"{PLAYS} of {PLAYS} plays imported"
    assert anna.locator(".import-result").inner_text().startswith(f"Imported plays: {PLAYS}.")
    assert anna.locator("#import-progress[hx-post]").count() == 0  # the polling stopped
    # The import page lists this phone's import, done.
    anna.goto(f"{server.url}/players/import/")
    assert f"{PLAYS} of {PLAYS} plays imported" in anna.locator("main").inner_text()


def test_the_import_goes_on_with_its_page_closed(server, phones):
    """The page's polls never reach the server and the page is left at once: the server's
    runner writes every batch all the same (before: the import stopped with its page)."""
    anna = uploaded(server, phones, PLAYS, polls=False)
    job_url = anna.url
    anna.goto(f"{server.url}/players/")  # the uploader leaves the job's page
    # Read the job's state (a GET of its page writes nothing) until it is done, bounded.
    deadline = time.monotonic() + 120
    while "Imported plays:" not in anna.request.get(job_url).text():
        assert time.monotonic() < deadline, "the import did not go on without its page"
        time.sleep(0.1)  # between two looks; the wait is bounded by the deadline above
    anna.context.unroute(STEP)
    anna.goto(job_url)
    assert anna.locator(".import-count").inner_text() == f"{PLAYS} of {PLAYS} plays imported"
    assert anna.locator(".import-result").inner_text().startswith(f"Imported plays: {PLAYS}.")
