"""The undo button and its confirmation name exactly the entry that the undo takes back.

Issue 21: "After a host correction of a finished game, host mode's 'Undo the last entry'
names the correction but undoes the drop before it." The label, the confirmation and the
undo itself all ask one function (``companion.replay.undo_target``).

Played with the platform's test game (dice race, target 10): a roll is a physical fact.
"""

from __future__ import annotations

import html
import re
import uuid

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.models import Event, Table
from companion.replay import LoggedEvent, effective_actions, undo_target

pytestmark = pytest.mark.django_db(transaction=True)

UNDO_BUTTON = re.compile(r'<form[^>]*class="undo".*?<button[^>]*>(.*?)</button>', re.S)


@pytest.fixture
def seated(make_table, join):
    """A started table with Anna (seat 0) and Dana (seat 1), and the host's client."""
    table, host = make_table(start=False)
    anna, dana = join(table, 0, "Anna"), join(table, 1, "Dana")
    assert host.post(f"/t/{table.code}/start/").status_code == 302
    table.refresh_from_db()
    return table, host, anna, dana


def roll(phone, value):
    assert phone.act({"type": "roll", "value": value}).status_code == 302


def action_seqs(table):
    return list(table.events.filter(kind="action").order_by("seq").values_list("seq", flat=True))


def undo_label(page) -> str | None:
    found = UNDO_BUTTON.search(page.content.decode())
    return html.unescape(found.group(1).strip()) if found else None


def correct(client, table, seq, value, **extra):
    table.refresh_from_db()
    response = client.post(
        f"/t/{table.code}/correct/{seq}/",
        {
            "step": "apply",
            "f.value": str(value),
            "version": table.state_version,
            "idem": uuid.uuid4().hex,
            **extra,
        },
    )
    assert response.status_code == 302, response.content.decode()[:400]


def undo(client, table, **extra):
    table.refresh_from_db()
    return client.post(
        f"/t/{table.code}/undo/",
        {"version": table.state_version, "idem": uuid.uuid4().hex, **extra},
    )


def last_undone(table) -> int:
    return table.events.filter(kind="undo").order_by("-seq").first().payload["undone"]


def test_after_a_host_correction_of_a_finished_game_the_undo_names_the_last_drop(seated):
    table, host, anna, dana = seated
    roll(anna, 6)
    roll(dana, 5)
    roll(anna, 6)  # Anna reaches 12: the game is over
    first, _second, third = action_seqs(table)
    correct(host, table, first, 5, reopen="1")  # still 11: the game stays finished
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    assert table.events.order_by("-seq").first().kind == Event.Kind.CORRECT

    # The correction is the newest line of the log, but an undo takes back Anna's last
    # roll: the button and the confirmation say so, not the correction.
    host_page = host.get(f"/t/{table.code}/host/")
    assert undo_label(host_page) == "Undo: Anna: Roll 6"
    response = undo(host, table, host_mode="1")
    assert response.status_code == 302 and response["Location"].endswith("/undo/confirm/")
    confirm = host.get(response["Location"]).content.decode()
    undoing = confirm[confirm.index('class="card undoing"') :]
    undoing = undoing[: undoing.index("</p>")]
    assert f">{third}.<" in undoing and "Anna: Roll 6" in undoing
    assert "Correction" not in undoing

    assert undo(host, table, host_mode="1", reopen="1").status_code == 302
    table.refresh_from_db()
    assert last_undone(table) == third
    assert table.state["points"] == [5, 5] and table.status == Table.Status.RUNNING


def test_the_label_and_the_effect_agree_at_every_undo_after_corrections(seated):
    """Undo after undo, each button names the entry that its undo then marks undone."""
    table, host, anna, dana = seated
    for phone, value in [(anna, 1), (dana, 2), (anna, 3), (dana, 4)]:
        roll(phone, value)
    seqs = action_seqs(table)
    correct(host, table, seqs[3], 1)  # Dana's last roll: 4 → 1
    correct(host, table, seqs[1], 3)  # Dana's first roll: 2 → 3
    correct(host, table, seqs[3], 2)  # Dana's last roll again: 1 → 2
    expected = ["Dana: Roll 2", "Anna: Roll 3", "Dana: Roll 3", "Anna: Roll 1"]
    for seq, text in zip(reversed(seqs), expected, strict=True):
        assert undo_label(host.get(f"/t/{table.code}/host/")) == f"Undo: {text}"
        assert undo(host, table, host_mode="1").status_code == 302
        table.refresh_from_db()
        assert last_undone(table) == seq
    assert undo_label(host.get(f"/t/{table.code}/host/")) is None
    assert table.state["points"] == [0, 0]


def test_a_phone_s_undo_names_its_own_entry_as_corrected(seated):
    table, host, anna, dana = seated
    roll(anna, 3)
    assert undo_label(anna.page()) == "Undo: Roll 3"
    assert undo_label(dana.page()) is None  # not Dana's entry
    (seq,) = action_seqs(table)
    correct(anna.client, table, seq, 4)  # Anna corrects her roll
    assert undo_label(anna.page()) == "Undo: Roll 4"
    assert undo(anna.client, table).status_code == 302
    table.refresh_from_db()
    assert last_undone(table) == seq and table.state["points"] == [0, 0]
    assert undo_label(anna.page()) is None


def test_after_an_undo_the_button_names_the_entry_before(seated):
    """The region after an undo (read anew, not from the entry before it) names the
    entry that is now last, in the language of the page."""
    table, host, anna, dana = seated
    roll(anna, 2)
    roll(dana, 5)
    assert undo(dana.client, table).status_code == 302
    assert undo_label(anna.page()) == "Undo: Roll 2"
    anna.client.cookies["django_language"] = "cs"
    assert undo_label(anna.page()) == "Vrátit: Roll 2"


# -- the function itself: the same answer as the whole log's fold -------------------------


@st.composite
def logs(draw):
    """Random logs of entries, undos and corrections (a correction names an earlier entry,
    which may have been undone already: the fold ignores those, and so must the walk)."""
    events, entries = [], []
    for seq in range(1, draw(st.integers(0, 30)) + 1):
        kind = draw(st.sampled_from(["action", "action", "undo", "correct"]))
        if kind == "correct" and entries:
            target = draw(st.sampled_from(entries))
            events.append(LoggedEvent(seq, "correct", {"value": seq}, target))
        elif kind == "undo":
            events.append(LoggedEvent(seq, "undo", {}))
        else:
            entries.append(seq)
            events.append(LoggedEvent(seq, "action", {"value": -seq}))
    return events


@settings(max_examples=300, deadline=None)
@given(logs())
def test_the_undo_target_is_the_last_action_of_the_fold(events):
    effective = effective_actions(events)
    assert undo_target(reversed(events)) == (effective[-1] if effective else None)
