"""The web app manifest and its icons: a named app on a home screen, installable over HTTPS.

Issue 21: "the app has a web app manifest and icons (installable where served over HTTPS,
a named home-screen icon elsewhere)". The manifest is a view so that its icon addresses
are the collected, fingerprinted ones; it is one document for everyone and names no table.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from companion.models import Seat
from tests.fixtures import ROOT, migrate, server_env, start_server

FINGERPRINTED = re.compile(r"^/static/companion/icons/[\w-]+\.[0-9a-f]{12}\.(png|svg)$")


def manifest_of(client) -> dict:
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    return json.loads(response.content)


@pytest.mark.django_db
def test_the_manifest_describes_an_installable_app(client) -> None:
    document = manifest_of(client)
    assert document["name"] == "Table Companion" and document["short_name"] == "Companion"
    assert document["start_url"] == "/" and document["scope"] == "/"
    assert document["display"] in {"standalone", "minimal-ui"}  # what Chrome installs
    assert document["theme_color"] == "#7a4b12"
    sizes = {(icon["sizes"], icon.get("purpose", "any")) for icon in document["icons"]}
    assert {
        ("192x192", "any"),
        ("512x512", "any"),
        ("512x512", "maskable"),
        ("any", "any"),
    } <= sizes
    # Each icon is a static file that exists (uncollected here: the plain names).
    for icon in document["icons"]:
        assert icon["src"].startswith("/static/companion/icons/")
        assert client.get(icon["src"]).status_code == 200


@pytest.mark.django_db
def test_the_manifest_speaks_the_device_s_language(client) -> None:
    english = manifest_of(client)["description"]
    client.cookies["django_language"] = "cs"
    czech = manifest_of(client)
    assert czech["lang"] == "cs" and czech["description"] != english
    client.cookies["django_language"] = "ru"
    assert manifest_of(client)["description"] not in {english, czech["description"]}


@pytest.mark.django_db(transaction=True)
def test_the_manifest_is_one_document_for_everyone_and_names_no_table(make_table, join) -> None:
    """Privacy: a stranger, a spectator, a player, a freed seat's phone and the host of
    another table get the same bytes, which name no table, seat or token."""
    from django.test import Client

    table, host = make_table(start=True)
    anna = join(table, 0, "Anna")
    freed = join(table, 1, "Ben")
    assert host.post(f"/t/{table.code}/seat/1/free/").status_code in {200, 302}
    assert Seat.objects.get(table=table, index=1).is_free
    spectator = Client()
    assert spectator.get(f"/t/{table.code}/watch/{table.watch_token}/").status_code == 200
    _other, other_host = make_table(start=True)
    stranger = Client()
    bodies = {
        who: client.get("/manifest.webmanifest").content
        for who, client in {
            "stranger": stranger,
            "spectator": spectator,
            "player": anna.client,
            "freed seat": freed.client,
            "host": host,
            "other table's host": other_host,
        }.items()
    }
    assert len(set(bodies.values())) == 1, bodies
    text = bodies["stranger"].decode()
    secrets = [table.code, table.host_token, table.watch_token, "Anna", "Ben"]
    secrets += [seat.claim_token for seat in table.seats.all()]
    assert not [secret for secret in secrets if secret in text]
    # Nor does the manifest set a cookie of its own.
    assert not stranger.get("/manifest.webmanifest").cookies


@pytest.mark.django_db
def test_every_page_links_the_manifest_and_a_home_screen_icon(client) -> None:
    page = client.get("/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert 'rel="apple-touch-icon" href="/static/companion/icons/apple-touch-icon.png"' in page
    assert '<meta name="theme-color" content="#7a4b12">' in page


def test_collected_the_icons_resolve_through_the_fingerprinted_names(tmp_path: Path) -> None:
    """As the start command serves it: collected static files, WhiteNoise, uvicorn."""
    env = server_env(tmp_path)
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"],
        cwd=ROOT,
        env=env,
        check=True,
    )
    migrate(env)
    server = start_server(env)
    try:
        with httpx.Client(base_url=server.url, timeout=10) as http:
            response = http.get("/manifest.webmanifest")
            assert response.status_code == 200
            assert response.headers["content-type"] == "application/manifest+json"
            icons = response.json()["icons"]
            assert len(icons) == 4
            for icon in icons:
                assert FINGERPRINTED.match(icon["src"]), icon["src"]
                served = http.get(icon["src"])
                assert served.status_code == 200
                assert served.headers["content-type"] == icon["type"]
                assert "immutable" in served.headers["cache-control"]
            page = http.get("/").text
            touch = re.search(r'rel="apple-touch-icon" href="([^"]+)"', page).group(1)
            assert FINGERPRINTED.match(touch)
            assert http.get(touch).headers["content-type"] == "image/png"
            # The manifest itself is a page, not a year-long static file: a new icon shows.
            assert "immutable" not in response.headers.get("cache-control", "")
    finally:
        server.stop()
