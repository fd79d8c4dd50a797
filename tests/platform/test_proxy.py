"""Several processes behind nginx, as ``deploy/nginx.conf`` (the README's recipe) routes them.

Why by table: each process that streams to one of a table's phones loads every new version
and renders its shared parts for its own streams (issue 25: two processes spread over a
table cost 1.3-1.5 times the CPU of one). The file routes every ``/t/<code>/`` request of a
table to one process; these tests run that file as it is, with their own ports.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pytest

from tests.fixtures import Server, WebPhone, start_proxy
from tests.platform.test_live import seated, version_of
from tests.sse import open_stream


def routes(folder: Path) -> dict[str, set[str]]:
    """For each table's code, the processes nginx sent its requests to."""
    found: dict[str, set[str]] = defaultdict(set)
    for line in (folder / "logs" / "routes.log").read_text().splitlines():
        path, upstream = line.split(" ", 1)
        parts = path.split("/")
        if len(parts) > 3 and parts[1] == "t" and upstream != "-":
            found[parts[2]].add(upstream)
    return found


@pytest.mark.postgres
@pytest.mark.redis
def test_behind_nginx_a_table_stays_on_one_process_and_its_news_passes_at_once(
    shared_servers: list[Server], tmp_path: Path
):
    folder = tmp_path / "nginx"
    proxy = start_proxy(shared_servers, folder, log_routes=True)
    try:
        code, _host, anna, ben = seated(proxy.url)
        # The stream passes each event on as it comes (the file's proxy_buffering off, and
        # the app's X-Accel-Buffering: no): held in a buffer, this event would not come.
        stream = open_stream(ben, code, "view=seat", version_of(proxy.url, code))
        assert anna.act(code, {"type": "roll", "value": 6}).status_code == 302
        event = stream.next()
        assert int(event.id) == version_of(proxy.url, code)
        assert '<span class="points">6</span>' in event.data
        stream.close()
        # More tables: each on one process, and the tables spread over both (16 random
        # codes all on one of two processes: odds of 2 in 65,536).
        for _ in range(15):
            other = WebPhone(proxy.url)
            assert other.http.get(f"/t/{other.create_table(start=False)}/").status_code == 200
    finally:
        proxy.stop()  # its log is complete once it has stopped
    seen = routes(folder)
    assert code in seen and len(seen) == 16
    assert all(len(processes) == 1 for processes in seen.values()), seen
    assert len(set().union(*seen.values())) == 2, seen
