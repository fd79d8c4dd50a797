"""The live regions: what is read once per version and what is rendered once for all seats."""

from __future__ import annotations

import re
import uuid
from types import SimpleNamespace

import pytest
from django.utils import timezone

from companion import regions, selectors
from companion.models import Table
from companion.services import entries, tables

pytestmark = pytest.mark.django_db(transaction=True)


def _roll(table: Table, seat: int, value: int) -> entries.Result:
    fresh = Table.objects.get(pk=table.pk)
    return entries.submit_action(
        fresh.code,
        entries.Actor(seat=seat),
        version=fresh.state_version,
        idempotency_key=uuid.uuid4().hex,
        action={"type": "roll", "value": value},
    )


def _section(html: str, name: str) -> str:
    found = re.search(rf'<section class="[^"]*\b{name}\b[^"]*".*?</section>', html, re.S)
    assert found, f"no {name} section"
    return found.group(0)


def test_the_data_after_an_entry_is_what_the_database_says(make_table):
    """An entry's region is built from the version before it (no seats or log read):
    the same seats and log lines as read afresh, through undos, renames and a long log."""
    table, _host = make_table(players=3, target="100")
    regions.cache.put_data(regions.data_for(Table.objects.get(pk=table.pk)))
    for turn in range(14):
        if turn == 5:  # an undo takes a line back: the next entry's data is read afresh
            fresh = Table.objects.get(pk=table.pk)
            entries.undo_last(
                fresh.code,
                entries.Actor(seat=(turn - 1) % 3),
                version=fresh.state_version,
                idempotency_key=uuid.uuid4().hex,
            )
            regions.cache.put_data(regions.data_for(Table.objects.get(pk=table.pk)))
        if turn == 9:  # a seat's new name is a version of its own, not in the cached data
            tables.rename_seat(Table.objects.get(pk=table.pk), 1, "Renata")
        seat = Table.objects.get(pk=table.pk).state["turn"]
        result = _roll(table, seat, 1 + turn % 6)
        assert result.event is not None
        if turn == 11:  # a stream of this process read the new version first
            regions.cache.put_data(regions.data_for(Table.objects.get(pk=table.pk)))
        built = regions.data_after_entry(result.table, result.event)
        read = regions.data_for(Table.objects.get(pk=table.pk))
        assert built.version == read.version
        assert built.seats == read.seats
        assert [(line.seq, line.text, line.undone, line.correctable) for line in built.log] == [
            (line.seq, line.text, line.undone, line.correctable) for line in read.log
        ]
        regions.cache.put_data(built)
    assert any("Renata" in str(line.text) for line in read.log)


def test_an_entry_carries_only_the_lines_its_log_still_shows(make_table):
    """The rendered log lines go from version to version, but only those still shown:
    carried all the game long, every entry copied every line the game had entered."""
    table, _host = make_table(players=3, target="100")
    viewers = [regions.Viewer(kind="seat", language="en", seat=seat) for seat in range(3)]
    regions.cache.put_data(regions.data_for(Table.objects.get(pk=table.pk)))
    for turn in range(20):
        seat = Table.objects.get(pk=table.pk).state["turn"]
        result = _roll(table, seat, 1 + turn % 6)
        assert result.event is not None
        data = regions.data_after_entry(result.table, result.event)
        carried = {item[1] for store in data.shared.values() for item in store}
        assert carried <= {line.seq for line in data.log}
        for viewer in viewers:
            regions.render(data, viewer)
        regions.cache.put_data(data)
    shown = {line.seq for line in data.log}
    assert len(shown) == max(regions.LOG_LINES.values())
    assert carried == shown - {result.event.seq}  # the new line is rendered, the rest kept


def test_the_parts_every_seat_shares_are_rendered_for_each_version_and_language(make_table):
    table, _host = make_table(players=2, target="100")
    first = regions.load(table.code)
    assert first is not None
    anna = regions.Viewer(kind="seat", language="en", seat=0)
    ben = regions.Viewer(kind="seat", language="en", seat=1)
    anna_html = regions.render(first, anna)
    ben_html = regions.render(first, ben)
    assert _section(anna_html, "status") == _section(ben_html, "status")

    _roll(table, 0, 5)
    second = regions.load(table.code)
    assert second is not None
    ben_after = regions.render(second, ben)
    assert _section(ben_after, "status") != _section(ben_html, "status")  # Ben's turn now
    assert "<td>5</td>" in _section(ben_after, "scores")
    assert "Roll 5" in _section(ben_after, "log")

    tables.rename_seat(Table.objects.get(pk=table.pk), 1, "Bohdan")
    third = regions.load(table.code)
    assert third is not None
    assert "Bohdan" in _section(regions.render(third, anna), "status")

    czech = regions.render(third, regions.Viewer(kind="seat", language="cs", seat=0))
    english = regions.render(third, anna)
    assert "Last entries" in english and "Last entries" not in czech
    assert "Now" in _section(english, "status") and "Now" not in _section(czech, "status")


def test_a_seat_sees_correct_links_only_on_its_own_lines(make_table):
    """The log's lines are shared by all seats; the "correct" links are each seat's own."""
    table, _host = make_table(players=2, target="100")
    _roll(table, 0, 3)
    _roll(table, 1, 4)
    data = regions.load(table.code)
    assert data is not None
    for seat in (0, 1):
        html = regions.render(data, regions.Viewer(kind="seat", language="en", seat=seat))
        links = re.findall(rf"/t/{table.code}/correct/(\d+)/", html)
        own = [line.seq for line in data.log if line.seat == seat and line.correctable]
        assert len(own) == 1
        assert [int(seq) for seq in links] == own


def test_a_double_tap_on_the_last_entry_of_a_game_is_already_received(make_table, join):
    """The key is asked only when a form is refused: a repeated entry that ended the game
    is a double tap, not "the game is over"."""
    table, _host = make_table(players=2)  # target 10
    anna = join(table, 0)
    _roll(table, 0, 6)
    _roll(table, 1, 1)
    version = Table.objects.get(pk=table.pk).state_version
    assert anna.act({"type": "roll", "value": 6}, version=version, key="k-end").status_code == 302
    again = anna.act({"type": "roll", "value": 6}, version=version, key="k-end", htmx=True)
    assert "already received" in again.content.decode()
    assert Table.objects.get(pk=table.pk).status == Table.Status.FINISHED


def _without_keys(html: str) -> str:
    """A region without its forms' idempotency keys (new for every render)."""
    return re.sub(r'name="(idem|undo_key)" value="[0-9a-f]{32}"', 'name="\\1"', html)


def test_the_engine_is_asked_once_per_version_for_all_the_regions(make_table, monkeypatch):
    """Whose turn, the phase and the scores do not depend on the seat: every region of one
    version takes them from one answer of the engine (the dice race's own ``to_act`` and
    ``choices`` ask for its outcome too, so that one is not counted), and renders exactly
    what it renders when it asks the engine itself."""
    import games

    table, _host = make_table(players=4, target="100")
    _roll(table, 0, 3)
    # The clocks count to the moment of rendering: one moment for all the renders.
    now = timezone.now()
    monkeypatch.setattr(selectors, "timezone", SimpleNamespace(now=lambda: now))
    data = regions.data_for(Table.objects.get(pk=table.pk))
    viewers = [regions.Viewer(kind="seat", language="en", seat=seat) for seat in range(4)]
    alone = [regions.render(regions.data_for(data.table), viewer) for viewer in viewers]
    engine = type(games.get("dice_race"))
    asked: dict[str, int] = {}
    for name in ("phase", "to_act", "scores"):
        original = getattr(engine, name)

        def counted(self, state, _name=name, _original=original):  # type: ignore[no-untyped-def]
            asked[_name] = asked.get(_name, 0) + 1
            return _original(self, state)

        monkeypatch.setattr(engine, name, counted)
    shared = [regions.render(data, viewer) for viewer in viewers]
    shared.append(regions.render(data, regions.Viewer(kind="table", language="cs", origin="")))
    assert asked == {"phase": 1, "to_act": 1, "scores": 1}
    assert list(map(_without_keys, shared[:4])) == list(map(_without_keys, alone))


@pytest.mark.parametrize(
    ("language", "everyone", "one"),
    [
        ("en", "Now: everyone", "Now"),
        ("cs", "Na tahu: všichni", "Na tahu"),
        ("ru", "Ходят все", "Ходит"),
    ],
)
def test_every_player_at_once_is_said_in_a_word(make_table, language, everyone, one):
    """When every seat enters at once (Wallenstein's first throw into the tower, five players)
    the status says so in a word, not with five names that took two or three rows above
    the step on a phone; one seat to act is named as before."""
    table, _host = make_table(game="wallenstein", players=5)
    data = regions.load(table.code)
    assert data is not None
    viewer = regions.Viewer(kind="seat", language=language, seat=0)
    status = _section(regions.render(data, viewer), "status")
    assert f'<p class="now everyone">{everyone}</p>' in status
    assert '<span class="pill">' not in status and "{#" not in status

    dice = Table.objects.get(pk=make_table(players=3, target="100")[0].pk)
    data = regions.load(dice.code)
    assert data is not None
    status = _section(regions.render(data, viewer), "status")
    assert "everyone" not in status
    assert re.search(rf'<p class="now">{one}:\s*<span class="pill">', status)
