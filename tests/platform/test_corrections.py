"""Corrections anywhere in the log, previewed before they apply; a finished game stays finished.

Played with the platform's test game (dice race, target 10): a roll is a physical fact.
"""

from __future__ import annotations

import re
import uuid

import pytest

from companion.models import Event, Table
from companion.services import entries
from companion.services.errors import Forbidden, Refused

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def seated(make_table, join):
    """A started table with Anna (seat 0) and Dana (seat 1), and the host's client."""
    table, host = make_table(start=False)
    anna, dana = join(table, 0, "Anna"), join(table, 1, "Dana")
    assert host.post(f"/t/{table.code}/start/").status_code == 302
    table.refresh_from_db()
    return table, host, anna, dana


def rolls(table, phones, values):
    for index, value in enumerate(values):
        assert phones[index % 2].act({"type": "roll", "value": value}).status_code == 302
    table.refresh_from_db()


def action_seqs(table):
    return list(table.events.filter(kind="action").order_by("seq").values_list("seq", flat=True))


def preview(client, table, seq, value, **extra):
    return client.post(
        f"/t/{table.code}/correct/{seq}/",
        {"step": "preview", "f.value": str(value), "version": table.state_version, **extra},
    )


def apply(client, table, seq, value, key=None, query="", **extra):
    return client.post(
        f"/t/{table.code}/correct/{seq}/{query}",
        {
            "step": "apply",
            "f.value": str(value),
            "version": table.state_version,
            "idem": key or uuid.uuid4().hex,
            **extra,
        },
    )


def test_the_preview_shows_what_changes_and_writes_nothing(seated):
    table, _host, anna, dana = seated
    rolls(table, [anna, dana], [3, 4, 2])
    first = action_seqs(table)[0]
    before = Table.objects.get(pk=table.pk)
    response = preview(anna.client, table, first, 6)
    page = response.content.decode()
    assert response.status_code == 200
    assert "What this correction changes" in page
    assert "Anna: points 5 → 8." in page
    after = Table.objects.get(pk=table.pk)
    assert (after.state, after.version) == (before.state, before.version)
    assert not table.events.filter(kind="correct").exists()
    # The confirmation carries the values and applies them once, even when sent twice.
    key = re.search(r'name="idem" value="(\w+)"', page).group(1)
    assert apply(anna.client, table, first, 6, key=key).status_code == 302
    assert apply(anna.client, table, first, 6, key=key).status_code == 302
    table.refresh_from_db()
    assert table.state["points"] == [8, 4]
    assert table.events.filter(kind="correct").count() == 1


def test_a_preview_names_a_new_winner(seated):
    """Anna 6+6 wins at 12 against Dana's 1; had Anna's first roll been 1, nobody has
    won yet and Dana is next."""
    table, host, anna, dana = seated
    rolls(table, [anna, dana], [6, 5, 6])
    assert table.status == Table.Status.FINISHED
    actor = entries.Actor(seat=None, is_host=True)
    result = entries.preview_correction(
        table.code, actor, target=action_seqs(table)[0], facts={"value": 1}
    )
    texts = [line["text"] % line["args"] for line in result.lines if "plural" not in line]
    assert result.finished and result.reopens
    assert "Anna: points 12 → 7." in texts
    assert "Next to act: Dana." in texts
    # Anna's last roll as 4 instead: 6 + 4 = 10 still reaches the target.
    swap = entries.preview_correction(
        table.code, actor, target=action_seqs(table)[2], facts={"value": 4}
    )
    assert not swap.reopens
    assert "Anna: points 12 → 10." in [line["text"] % line["args"] for line in swap.lines]


def test_the_consequences_name_the_change_of_winner():
    """Scores, winner and turn in the table's words (states built by hand)."""
    import games
    from companion.consequences import consequences
    from tests.engines.dice_race import GAME

    assert games.get("dice_race") is GAME
    before = GAME.setup(["Anna", "Dana"])
    before["points"] = [12, 5]
    after = dict(before, points=[5, 12])
    lines = [
        line["text"] % line["args"] for line in consequences(GAME, ["Anna", "Dana"], before, after)
    ]
    assert lines[0] == "The winner changes from Anna to Dana."
    assert "Dana: points 5 → 12." in lines


def test_after_the_end_only_the_host_corrects_and_only_once_confirmed(seated):
    table, host, anna, dana = seated
    rolls(table, [anna, dana], [6, 5, 6])
    last = action_seqs(table)[-1]
    # Anna made the entry, but the game is over: her phone shows no link and is refused.
    assert "correct-link" not in anna.page().content.decode()
    assert preview(anna.client, table, last, 1).status_code == 403
    assert apply(anna.client, table, last, 1).status_code == 403
    # The service refuses the host's change without the confirmation of the preview.
    with pytest.raises(Refused):
        entries.correct_entry(
            table.code,
            entries.Actor(seat=None, is_host=True),
            target=last,
            facts={"value": 1},
            version=table.state_version,
            idempotency_key="no-confirm",
        )
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    page = preview(host, table, last, 1).content.decode()
    assert "The game reopens: Anna is no longer the winner." in page
    assert 'name="reopen" value="1"' in page
    assert apply(host, table, last, 1, reopen="1").status_code == 302
    table.refresh_from_db()
    assert table.status == Table.Status.RUNNING and table.outcome is None
    assert table.finished_at is None


def test_no_undo_button_for_players_after_the_end(seated):
    table, host, anna, dana = seated
    rolls(table, [anna, dana], [6, 5, 6])
    assert "Undo: " not in anna.page().content.decode()
    assert "Undo: Anna: Roll 6" in host.get(f"/t/{table.code}/host/").content.decode()
    with pytest.raises(Forbidden):
        entries.undo_last(
            table.code,
            entries.Actor(seat=0),
            version=table.state_version,
            idempotency_key="player-undo",
            reopen_confirmed=True,
        )


def test_a_correction_after_the_end_that_keeps_the_winner_keeps_the_game_finished(seated):
    table, host, anna, dana = seated
    rolls(table, [anna, dana], [6, 5, 6])
    finished_at = table.finished_at
    assert apply(host, table, action_seqs(table)[-1], 5, reopen="1").status_code == 302
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED and table.outcome["winners"] == [0]
    assert table.finished_at == finished_at
    history = host.get("/history/").content.decode()
    row = history[history.index(f'data-code="{table.code}"') :]
    assert "Running" not in row[: row.index("</tr>")]


def test_every_log_line_names_its_player(seated):
    table, host, anna, dana = seated
    rolls(table, [anna, dana], [3, 4])
    page = host.get(f"/history/{table.code}/").content.decode()
    assert "Anna: Roll 3" in page and "Dana: Roll 4" in page
    # A renamed seat shows its current name in the whole log.
    assert "Anna: Roll 3" in anna.page().content.decode()


def test_history_offers_corrections_anywhere_to_those_allowed(seated):
    table, host, anna, dana = seated
    rolls(table, [anna, dana], [1, 1, 1, 1, 1, 1, 1])
    first = action_seqs(table)[0]
    link = f"/t/{table.code}/correct/{first}/?back=history"
    # Anna's first roll is far beyond the phone's last lines: History links it for her.
    assert link in anna.client.get(f"/history/{table.code}/").content.decode()
    assert link not in dana.client.get(f"/history/{table.code}/").content.decode()
    assert link in host.get(f"/history/{table.code}/").content.decode()
    # The form posts back to its own address, so the correction returns to History.
    response = apply(anna.client, table, first, 2, query="?back=history")
    assert response.status_code == 302
    assert response["Location"] == f"/history/{table.code}/"


def test_the_form_shows_the_limits_and_the_entry_with_its_player(seated):
    table, _host, anna, dana = seated
    rolls(table, [anna, dana], [3])
    page = anna.client.get(f"/t/{table.code}/correct/{action_seqs(table)[0]}/").content.decode()
    assert "Anna: Roll 3" in page
    assert "From 1 to 6." in page
    assert 'min="1"' in page and 'max="6"' in page


def test_a_stale_preview_is_refused(seated):
    table, _host, anna, dana = seated
    rolls(table, [anna, dana], [3])
    old = Table.objects.get(pk=table.pk)
    rolls(table, [dana], [2])
    response = preview(anna.client, old, action_seqs(table)[0], 4)
    assert response.status_code == 409
    assert Event.objects.filter(table=table, kind="correct").count() == 0


def test_the_table_screen_offers_corrections_to_the_host_only(seated, client):
    table, host, anna, dana = seated
    rolls(table, [anna, dana], [3])
    link = f"/t/{table.code}/correct/{action_seqs(table)[0]}/?back=table"
    assert link in host.get(f"/t/{table.code}/").content.decode()
    watch = client.get(f"/t/{table.code}/watch/{table.watch_token}/").content.decode()
    assert "/correct/" not in watch


def test_a_fact_field_shows_its_msg_label_help_and_limits():
    """Correction forms say what is what: the engine's label (a Msg naming a seat), its help
    line and the limits the field accepts."""
    from django.template.loader import render_to_string

    from games.base import Field
    from games.i18n import msg

    field = Field(
        "out_0",
        msg("Cubes of %(player)s that came out", player="Anna"),
        low=0,
        high=7,
        help=msg("Anna has %(count)s cubes in the tower.", count=7),
    )
    page = render_to_string("companion/_fact_field.html", {"field": field})
    assert "Cubes of Anna that came out" in page
    assert "Anna has 7 cubes in the tower." in page
    assert "From 0 to 7." in page
