"""A game's own stylesheet is a static file of its package, linked in the head of the pages
that show the game; the live regions, rendered and sent again at every entry, carry no
styles (companion/game_styles.py, issue 25: less work and fewer bytes per version)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import games
from companion import regions
from companion.game_styles import all_stylesheets, stylesheet_of
from companion.models import Table

pytestmark = pytest.mark.django_db

REAL_GAMES = ("babel", "babylon", "stortebeker", "wallenstein")
PLAYERS = {"babel": 2, "babylon": 4, "stortebeker": 4, "wallenstein": 5}


def _links(html: str) -> list[str]:
    return re.findall(r'<link rel="stylesheet" href="([^"]+)">', html)


def test_each_real_game_brings_its_stylesheet_and_a_game_without_one_links_none() -> None:
    for slug in REAL_GAMES:
        assert stylesheet_of(slug) == f"games/{slug}/style.css"
    assert stylesheet_of("dice_race") is None  # the test suite's engine has no styles
    assert sorted(all_stylesheets()) == [f"games/{slug}/style.css" for slug in REAL_GAMES]
    assert {game.slug for game in games.all()} >= set(REAL_GAMES)


@pytest.mark.parametrize("slug", REAL_GAMES)
def test_the_pages_of_a_game_link_its_stylesheet_and_its_regions_hold_no_style(
    make_table, join, client, slug: str
) -> None:
    table, host = make_table(game=slug, players=PLAYERS[slug], start=False)
    phones = [join(table, seat) for seat in range(PLAYERS[slug])]
    assert host.post(f"/t/{table.code}/start/").status_code == 302
    href = f"/static/games/{slug}/style.css"
    pages = {
        "phone": phones[0].page(),
        "host mode": host.get(f"/t/{table.code}/host/"),
        "table screen": client.get(f"/t/{table.code}/"),
        "history": host.get(f"/history/{table.code}/"),
    }
    for name, page in pages.items():
        assert page.status_code == 200, name
        html = page.content.decode()
        assert href in _links(html), name
        assert "<style" not in html, name  # nothing inline: the link is the game's styles

    # The file itself is served, as CSS, and holds the game's rules (not an empty file).
    sheet = client.get(href)
    assert sheet.status_code == 200
    assert sheet["Content-Type"].startswith("text/css")
    assert f".g-{slug}".encode() in b"".join(sheet.streaming_content)

    # What the streams send: every viewer's region, without a stylesheet of its own.
    data = regions.load(table.code)
    assert data is not None
    viewers = [regions.Viewer(kind="seat", language="en", seat=s) for s in range(len(phones))]
    viewers += [
        regions.Viewer(kind=kind, language="ru", origin="http://x") for kind in regions.TABLE_KINDS
    ]
    for viewer in viewers:
        html = regions.render(data, viewer)
        assert f'class="g-{slug}' in html, viewer  # the game's board is there...
        assert "<style" not in html, viewer  # ...without its styles again


def test_a_page_of_a_game_without_styles_links_none(make_table, join) -> None:
    table, _host = make_table(game="dice_race", players=2, start=False)
    phone = join(table, 0)
    assert _links(phone.page().content.decode()) == ["/static/companion/app.css"]
    assert Table.objects.get(pk=table.pk).game == "dice_race"


def test_the_service_worker_keeps_every_game_s_stylesheet_for_a_phone_offline(client) -> None:
    """A phone that reloads without a network gets its page from the worker: the game's
    stylesheet, which the page links, must come from there too."""
    script = client.get("/sw.js").content.decode()
    shell = re.search(r"const SHELL = \[(.*?)\];", script)
    assert shell is not None
    for slug in REAL_GAMES:
        assert f'"/static/games/{slug}/style.css"' in shell.group(1)


def test_no_template_holds_a_style_element() -> None:
    """A `<style>` in a template would go out again with every live update (the games'
    README: a game's styles are its stylesheet)."""
    root = Path(__file__).resolve().parents[2]
    templates = [*root.glob("templates/**/*.html"), *root.glob("games/*/templates/**/*.html")]
    assert len(templates) > 50
    holding = [str(path.relative_to(root)) for path in templates if "<style" in path.read_text()]
    assert holding == []
