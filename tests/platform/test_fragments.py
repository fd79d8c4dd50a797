"""A version's shared parts (the engine's view, a game's shared templates) render the same
HTML in every region as each region renders on its own (companion/fragments.py)."""

from __future__ import annotations

import re
import uuid
from types import SimpleNamespace
from typing import Any

import pytest
from django.utils import timezone
from django.utils.safestring import mark_safe

import games
from companion import fragments, regions, selectors
from companion.models import Table
from companion.services import entries
from companion.services.errors import Refused

pytestmark = pytest.mark.django_db(transaction=True)


def _without_keys(html: str) -> str:
    """A region without its forms' idempotency keys (new for every render), nor the ids
    made from them (Wallenstein's steppers label their boxes with ``n-<key>-<field>``)."""
    html = re.sub(r'name="(idem|undo_key)" value="[0-9a-f]{32}"', 'name="\\1"', html)
    return re.sub(r'"n-[0-9a-f]{32}-', '"n-KEY-', html)


def _play_one(table: Table) -> None:
    """One entry of a seat whose turn it is: its first offered entry the engine takes,
    with the fields' suggested values."""
    fresh = Table.objects.get(pk=table.pk)
    game = games.get(fresh.game)
    for seat in game.to_act(fresh.state):
        for choice in game.choices(fresh.state, seat):
            if choice.disabled is not None:
                continue
            action: dict[str, Any] = dict(choice.action)
            action.update({f.key: f.default for f in choice.fields if f.default is not None})
            try:
                entries.submit_action(
                    fresh.code,
                    entries.Actor(seat=seat),
                    version=fresh.state_version,
                    idempotency_key=uuid.uuid4().hex,
                    action=action,
                )
            except Refused:
                continue
            return
    raise AssertionError("no seat could make an entry")


def _viewers(players: int) -> list[regions.Viewer]:
    found = []
    for language in ("en", "cs"):
        for seat in range(players):
            found.append(regions.Viewer(kind="seat", language=language, seat=seat))
            found.append(regions.Viewer(kind="host-seat", language=language, seat=seat))
        for kind in regions.TABLE_KINDS:
            found.append(regions.Viewer(kind=kind, language=language, origin="http://x"))
    return found


def _rendered_both_ways(
    table: Table, viewers: list[regions.Viewer], monkeypatch: Any, seen: set[str]
) -> tuple[list[str], list[str]]:
    """Every viewer's region from one version's data (the fragments shared), and each
    from data of its own (nothing shared); the fragments' names shared go to ``seen``."""
    now = timezone.now()
    with monkeypatch.context() as frozen:
        # The clocks count to the moment of rendering: one moment for all the renders.
        frozen.setattr(selectors, "timezone", SimpleNamespace(now=lambda: now))
        data = regions.data_for(Table.objects.get(pk=table.pk))
        shared = [regions.render(data, viewer) for viewer in viewers]
        for name, store in data.shared.items():
            if name[0] == "fragments":
                seen.update(key[0] for key in store)
        frozen.setattr(regions, "fragment_store", lambda data, viewer: {})
        own = [
            regions.render(regions.data_for(Table.objects.get(pk=table.pk)), viewer)
            for viewer in viewers
        ]
    return shared, own


@pytest.mark.parametrize(
    ("game", "players", "names"),
    [
        ("wallenstein", 4, ["_season.html", "_tower.html", "_last_event.html"]),
        ("babylon", 3, ["_ranking.html", "_status.html", "_garden.html", "_quarry.html"]),
    ],
)
def test_shared_fragments_render_what_each_region_renders_alone(
    make_table, monkeypatch, game, players, names
):
    table, _host = make_table(game=game, players=players)
    declared = set(games.get(game).shared_templates)
    assert declared == {f"games/{game}/{name}" for name in names}
    viewers = _viewers(players)
    shared_seen: set[str] = set()
    for step in range(24):
        if step % 6 == 0:
            shared, own = _rendered_both_ways(table, viewers, monkeypatch, shared_seen)
            assert list(map(_without_keys, shared)) == list(map(_without_keys, own))
        _play_one(table)
    # The regions did take the fragments from the store (else this test shows nothing).
    assert shared_seen <= declared | set(fragments.PLATFORM)
    assert shared_seen & declared


def test_a_seat_independent_view_is_asked_once_per_version(make_table, monkeypatch):
    """Wallenstein's view is the same for every seat and the table (its ``view_key``):
    one call per version for all the regions."""
    table, _host = make_table(game="wallenstein", players=3)
    _play_one(table)
    engine = type(games.get("wallenstein"))
    asked: list[int | None] = []
    original = engine.view

    def counted(self: Any, state: Any, seat: int | None) -> Any:
        asked.append(seat)
        return original(self, state, seat)

    monkeypatch.setattr(engine, "view", counted)
    data = regions.data_for(Table.objects.get(pk=table.pk))
    for viewer in _viewers(3):
        regions.render(data, viewer)
    assert len(asked) == 1


def _log_alone(context: dict[str, Any], correct_links: bool, back_to: str) -> str:
    """The log's section as the region's own context renders it, line by line, nothing
    shared."""
    from django.template.loader import render_to_string

    variables = {**context, "correct_links": correct_links, "back_to": back_to}
    items = [
        mark_safe(
            render_to_string(
                "companion/_log_item.html", {**variables, "line": line, "text": text}
            ).removesuffix("\n")
        )
        for line, text in context["log"]
    ]
    return render_to_string("companion/_log.html", {**variables, "log_items": items})


def test_the_shared_log_is_the_log_each_region_renders_alone(make_table):
    """``regions.log_html`` gives every viewer the section its own context renders,
    "correct" links and all, though the lines and sections are shared."""
    from django.utils import translation

    table, _host = make_table(players=3, target="100")  # the dice race: rolls to correct
    for turn in range(7):
        fresh = Table.objects.get(pk=table.pk)
        entries.submit_action(
            fresh.code,
            entries.Actor(seat=fresh.state["turn"]),
            version=fresh.state_version,
            idempotency_key=uuid.uuid4().hex,
            action={"type": "roll", "value": 1 + turn % 6},
        )
    data = regions.data_for(Table.objects.get(pk=table.pk))
    links = shown = 0
    for viewer in _viewers(3):
        with translation.override(viewer.language):
            context = regions.context_for(data, viewer)
            shown += len(context["log"])
            if viewer.is_phone:
                alone = _log_alone(context, correct_links=True, back_to="")
            else:
                alone = _log_alone(context, correct_links=context["host"], back_to="table")
        assert context["log_html"] == alone
        links += alone.count("correct-link")
    assert links  # some seat or host sees its "correct" links
    # Shared: far fewer lines rendered than the views show.
    rendered = sum(
        len([key for key in data.shared["log", language] if key[0] == "line"])
        for language in ("en", "cs")
    )
    assert rendered < shown / 2


def test_babylon_asks_one_view_for_the_player_taking_a_tile_and_one_for_the_rest(
    make_table, monkeypatch
):
    """Only the player taking a tile sees what each tile gives them: two views per version
    for four seats and the table, and that player's region shows their own figures."""
    table, _host = make_table(game="babylon", players=3)
    for _ in range(30):
        if Table.objects.get(pk=table.pk).state["step"] == "extract":
            break
        _play_one(table)
    fresh = Table.objects.get(pk=table.pk)
    assert fresh.state["step"] == "extract"
    engine = type(games.get("babylon"))
    asked: list[int | None] = []
    original = engine.view

    def counted(self: Any, state: Any, seat: int | None) -> Any:
        asked.append(seat)
        return original(self, state, seat)

    monkeypatch.setattr(engine, "view", counted)
    data = regions.data_for(fresh)
    current = fresh.state["current"]
    html = {viewer: regions.render(data, viewer) for viewer in _viewers(3)}
    assert len(asked) == 2 and current in asked
    for viewer, region in html.items():
        mine = viewer.is_phone and viewer.seat == current
        assert ('class="own"' in region) == mine


def test_whose_turn_and_the_scores_are_one_fragment_for_every_view(make_table):
    """The platform's status and scores read no view: one fragment per version and
    language even for a game whose seats each see their own view (the dice race's)."""
    table, _host = make_table(players=3, target="100")
    data = regions.data_for(Table.objects.get(pk=table.pk))
    for viewer in _viewers(3):
        regions.render(data, viewer)
    for language in ("en", "cs"):
        names = [key[0] for key in data.shared["fragments", language]]
        assert sorted(names) == sorted(fragments.PLATFORM)
