"""Live updates and durability against a real uvicorn server (and two, with Redis)."""

from __future__ import annotations

import httpx
import pytest

from tests.fixtures import WebPhone, start_server
from tests.sse import open_stream, region_version


def version_of(base_url: str, code: str) -> int:
    return httpx.get(f"{base_url}/t/{code}/version/").json()["version"]


def seated(server_url: str) -> tuple[str, WebPhone, WebPhone, WebPhone]:
    host = WebPhone(server_url)
    code = host.create_table(start=False)
    anna, ben = WebPhone(server_url), WebPhone(server_url)
    anna.join(code, 0, "Anna", "red")
    ben.join(code, 1, "Ben", "blue")
    host.start(code)
    return code, host, anna, ben


def test_an_entry_reaches_the_other_phone_with_what_it_must_show(server):
    code, _host, anna, ben = seated(server.url)
    stream = open_stream(ben, code, "view=seat", version_of(server.url, code))
    assert anna.act(code, {"type": "roll", "value": 4}).status_code == 302
    event = stream.next()
    assert event.kind == "live"
    assert int(event.id) == region_version(event.data) == version_of(server.url, code)
    # The region itself came with the news: Ben's phone fetches nothing.
    assert '<span class="points">4</span>' in event.data
    assert "Ben" in event.data and 'data-view="view=seat&amp;seat=1"' in event.data
    stream.close()


def test_a_device_that_reconnects_catches_up_at_once(server):
    code, _host, anna, _ben = seated(server.url)
    old = version_of(server.url, code)
    anna.act(code, {"type": "roll", "value": 2})
    stream = open_stream(anna, code, "view=seat", old)
    event = stream.next()
    assert int(event.id) == version_of(server.url, code) > old
    stream.close()


def test_a_version_the_table_never_had_is_reset_and_followed(server):
    """A Last-Event-ID above the table's version (a restored database) is not waited for."""
    code, _host, anna, ben = seated(server.url)
    current = version_of(server.url, code)
    stream = open_stream(ben, code, "view=seat", current + 50)
    event = stream.next()
    assert event.kind == "reset" and int(event.id) == current
    anna.act(code, {"type": "roll", "value": 5})
    event = stream.next()
    assert event.kind == "live" and int(event.id) == current + 1
    stream.close()


def test_each_seat_stream_carries_only_that_seats_view(server):
    code, host, anna, ben = seated(server.url)
    # Ben asks for seat 0's view: the cookie decides, he gets his own.
    stream = open_stream(ben, code, "view=seat&seat=0")
    assert 'data-view="view=seat&amp;seat=1"' in stream.next().data
    stream.close()
    stranger = WebPhone(server.url)
    for query in ("view=seat&seat=0", "view=host-seat&seat=0", "view=host-table"):
        refused = open_stream(stranger, code, query)
        assert refused.status == 403, query
    host_view = open_stream(host, code, "view=host-seat&seat=1")
    assert host_view.status == 200
    assert 'data-view="view=host-seat&amp;seat=1"' in host_view.next().data
    host_view.close()


def test_streams_and_pages_are_compressed_and_static_files_cached(server):
    code, _host, anna, ben = seated(server.url)
    stream = open_stream(ben, code, "view=seat")
    assert stream.headers.get("content-encoding") == "gzip"
    assert stream.next().kind == "live"  # decompressed as it arrives: flushed per event
    stream.close()
    page = ben.http.get(f"/t/{code}/me/", headers={"Accept-Encoding": "gzip"})
    assert page.headers.get("content-encoding") == "gzip"


def test_nothing_acknowledged_is_lost_when_the_server_is_killed(server):
    host = WebPhone(server.url)
    code = host.create_table(start=False)
    anna, ben = WebPhone(server.url), WebPhone(server.url)
    anna.join(code, 0, "Anna", "red")
    ben.join(code, 1, "Ben", "blue")
    host.start(code)
    for phone, value in [(anna, 3), (ben, 5), (anna, 2)]:
        assert phone.act(code, {"type": "roll", "value": value}).status_code == 302
    before = version_of(server.url, code)
    server.stop(hard=True)  # SIGKILL: no shutdown, no flush
    port = int(server.url.rsplit(":", 1)[1])
    restarted = start_server(server.env, port=port)
    try:
        assert version_of(restarted.url, code) == before
        page = ben.http.get(f"/t/{code}/me/").text  # the same phone is back in its seat
        assert "Ben" in page and '<span class="points">5</span>' in page
        assert ben.act(code, {"type": "roll", "value": 1}).status_code == 302
    finally:
        restarted.stop()


@pytest.mark.postgres
@pytest.mark.redis
def test_an_entry_on_one_process_reaches_a_phone_on_another(shared_servers):
    a, b = shared_servers
    host = WebPhone(a.url)
    code = host.create_table()
    anna = WebPhone(a.url)
    anna.join(code, 0, "Anna", "red")
    ben = WebPhone(b.url)
    ben.join(code, 1, "Ben", "blue")
    stream = open_stream(ben, code, "view=seat", version_of(b.url, code))
    assert anna.act(code, {"type": "roll", "value": 6}).status_code == 302
    event = stream.next()
    assert int(event.id) == version_of(a.url, code)
    assert '<span class="points">6</span>' in event.data
    stream.close()


def test_two_devices_entering_at_once_apply_exactly_one(server):
    """Anna's phone and the host (in host mode, for Anna) send the same turn together."""
    import json
    import uuid
    from concurrent.futures import ThreadPoolExecutor

    host = WebPhone(server.url)
    code = host.create_table(start=False, target="10000")
    anna = WebPhone(server.url)
    anna.join(code, 0, "Anna", "red")
    host.start(code)
    results = []
    for round_number in range(5):
        version = anna.state_version(code)
        tokens = [anna.csrf(), host.csrf()]

        def send(device: int, version: int = version, tokens: list[str] = tokens) -> int:
            phone = [anna, host][device]
            data = {
                "action": json.dumps({"type": "roll", "value": 1 + device}),
                "version": version,
                "idem": uuid.uuid4().hex,
                "csrfmiddlewaretoken": tokens[device],
            }
            if device == 1:
                data.update(host_mode="1", on_behalf="0")
            response = phone.http.post(
                f"/t/{code}/act/", data=data, headers={"X-CSRFToken": tokens[device]}
            )
            return response.status_code

        with ThreadPoolExecutor(2) as pool:
            statuses = sorted(pool.map(send, [0, 1]))
        results.append(statuses)
        assert statuses == [302, 409], statuses  # one applied, the other told it was late
        # Ben's turn is next: the host enters it so that Anna may act again.
        roll = {"type": "roll", "value": 3}
        response = host.post(
            f"/t/{code}/act/",
            {
                "action": json.dumps(roll),
                "version": anna.state_version(code),
                "idem": uuid.uuid4().hex,
                "host_mode": "1",
                "on_behalf": "1",
            },
        )
        assert response.status_code == 302
        del round_number
    events = httpx.get(f"{server.url}/history/{code}/").text
    assert events.count("Roll ") == 10  # 5 races x 1 applied + 5 entries for Ben
