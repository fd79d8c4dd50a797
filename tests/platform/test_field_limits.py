"""Issue 21: a field's limits are the same in the entry and in its correction, and a
refusal names the field by its translated label, never by its key ("holes musí být od 0
do 48" showed the key ``holes``).

Played with the platform's test game (dice race): a roll is a field ``value`` labelled
"Roll", from 1 to 6, in the entry form and in the correction form alike.
"""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from companion.models import Table

pytestmark = pytest.mark.django_db(transaction=True)


def roll(phone, value, **kw):
    return phone.act({"type": "roll", "value": value}, **kw)


@pytest.mark.parametrize("value", [0, 7, "3.5"])
def test_an_entry_out_of_its_limits_names_the_label(make_table, join, value):
    table, _host = make_table()
    anna = join(table, 0, "Anna")
    before = Table.objects.get(pk=table.pk)
    response = roll(anna, value, htmx=True)
    page = response.content.decode()
    assert "Roll: " in page
    assert "value" not in re.sub(r"<[^>]*>", "", page).split("Roll: ")[1][:40]
    after = Table.objects.get(pk=table.pk)
    assert (after.state, after.version) == (before.state, before.version)


def test_a_correction_shows_and_checks_the_entrys_limits(make_table, join):
    table, _host = make_table()
    anna = join(table, 0, "Anna")
    assert roll(anna, 3).status_code == 302
    seq = table.events.get(kind="action").seq
    form = anna.client.get(f"/t/{table.code}/correct/{seq}/").content.decode()
    assert 'min="1"' in form and 'max="6"' in form and "From 1 to 6." in form
    table.refresh_from_db()
    response = anna.client.post(
        f"/t/{table.code}/correct/{seq}/",
        {"step": "preview", "f.value": "9", "version": table.state_version},
    )
    assert response.status_code == 400
    page = response.content.decode()
    assert "Roll: from 1 to 6." in page
    assert "value must" not in page
    assert not table.events.filter(kind="correct").exists()


def test_the_refusal_is_in_the_users_language(make_table, join):
    table, _host = make_table()
    anna = join(table, 0, "Anna")
    anna.client.cookies["django_language"] = "cs"
    with translation.override("cs"):
        response = roll(anna, 9, htmx=True)
    page = response.content.decode()
    # The test game's label has no Czech text; the refusal around it has.
    assert "Roll: od 1 do 6." in page
