"""Live updates and durability against a real uvicorn server (and two, with Redis)."""

from __future__ import annotations

import contextlib
import queue
import threading
import time

import httpx
import pytest

from tests.fixtures import WebPhone, start_server


def listen(base_url: str, code: str, since: int, found: queue.Queue, stop: threading.Event) -> None:
    """Collect (version, time received) from the table's SSE stream, until the server goes."""
    # The server may stop while the stream is open: that is the end of the test, not an error.
    with contextlib.suppress(httpx.HTTPError):
        _listen(base_url, code, since, found, stop)


def _listen(
    base_url: str, code: str, since: int, found: queue.Queue, stop: threading.Event
) -> None:
    with (
        httpx.Client(base_url=base_url, timeout=httpx.Timeout(5, read=30)) as http,
        http.stream("GET", f"/t/{code}/stream/", params={"v": since}) as response,
    ):
        assert response.headers["content-type"].startswith("text/event-stream")
        found.put(("open", time.monotonic()))
        for line in response.iter_lines():
            if line.startswith("data: "):
                found.put((int(line[6:]), time.monotonic()))
            if stop.is_set():
                return


def start_listening(base_url: str, code: str, since: int) -> tuple[queue.Queue, threading.Event]:
    found: queue.Queue = queue.Queue()
    stop = threading.Event()
    threading.Thread(target=listen, args=(base_url, code, since, found, stop), daemon=True).start()
    assert found.get(timeout=10)[0] == "open"
    return found, stop


def version_of(base_url: str, code: str) -> int:
    return httpx.get(f"{base_url}/t/{code}/version/").json()["version"]


def test_an_entry_reaches_the_other_phone_live(server):
    host = WebPhone(server.url)
    code = host.create_table()
    anna, ben = WebPhone(server.url), WebPhone(server.url)
    anna.join(code, 0, "Anna", "red")
    ben.join(code, 1, "Ben", "blue")
    found, stop = start_listening(server.url, code, version_of(server.url, code))
    sent = time.monotonic()
    assert anna.act(code, {"type": "roll", "value": 4}).status_code == 302
    version, received = found.get(timeout=5)
    assert version == version_of(server.url, code)
    assert received - sent < 1.0
    assert '<span class="points">4</span>' in ben.http.get(f"/t/{code}/me/live/").text
    stop.set()


def test_a_device_that_reconnects_catches_up_at_once(server):
    host = WebPhone(server.url)
    code = host.create_table()
    anna = WebPhone(server.url)
    anna.join(code, 0, "Anna", "red")
    old = version_of(server.url, code)
    anna.act(code, {"type": "roll", "value": 2})
    found, stop = start_listening(server.url, code, old)
    version, _at = found.get(timeout=5)
    assert version == version_of(server.url, code) > old
    stop.set()


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
    found, stop = start_listening(b.url, code, version_of(b.url, code))
    time.sleep(0.3)  # let process B's Redis listener subscribe
    sent = time.monotonic()
    assert anna.act(code, {"type": "roll", "value": 6}).status_code == 302
    version, received = found.get(timeout=5)
    assert version == version_of(a.url, code)
    assert received - sent < 1.0
    stop.set()


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
